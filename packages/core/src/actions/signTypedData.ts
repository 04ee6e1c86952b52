import {
  getTypesForEIP712Domain,
  serializeTypedData,
  type TypedData,
  type TypedDataDefinition,
} from 'viem'
import type { EvmAccountRequiredError, WalletMethodNotSupportedError } from '../calls/errors.ts'
import { getEvmAccount } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
> = TypedDataDefinition<typedData, primaryType>
/** The signature, hex. A smart account's verifies for it on chain (ERC-1271, or ERC-6492 before deployment). */
export type SignTypedDataReturnType = `0x${string}`
export type SignTypedDataErrorType =
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * Asks the wallet to sign EIP-712 typed data with the active EVM account (`eth_signTypedData_v4`,
 * the typed data as JSON with its `EIP712Domain` type), whichever connector it came through.
 * For the embedded wallet's smart account the signature is the account's own: check it with a
 * public client's `verifyTypedData`, which knows ERC-1271 and ERC-6492.
 */
export async function signTypedData<
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | 'EIP712Domain',
>(
  foyer: Foyer,
  parameters: SignTypedDataParameters<typedData, primaryType>,
): Promise<SignTypedDataReturnType> {
  const { connector, address } = getEvmAccount(foyer)
  const { domain, types, primaryType, message } = parameters as TypedDataDefinition
  // Wallets hash the domain by its `EIP712Domain` type: without one some hash an empty domain.
  const typedData = {
    domain,
    types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...types },
    primaryType,
    message,
  } as unknown as TypedDataDefinition
  return (await requestWallet(connector, 'eth_signTypedData_v4', [
    address,
    serializeTypedData(typedData),
  ])) as SignTypedDataReturnType
}
