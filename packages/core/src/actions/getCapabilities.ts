import type { EvmAccountRequiredError, WalletMethodNotSupportedError } from '../calls/errors.ts'
import { getEvmAccount, toQuantity } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type GetCapabilitiesParameters = {
  /** Default: every chain the wallet knows. */
  chainIds?: readonly number[] | undefined
}
/**
 * EIP-5792 capabilities per chain id (a number), e.g. `{ 31337: { atomic: { status: 'supported' } } }`.
 * An EOA of the embedded wallet answers `atomic: unsupported`: its batches are sent one by one.
 */
export type GetCapabilitiesReturnType = Record<number, Record<string, unknown>>
export type GetCapabilitiesErrorType =
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * What the wallet can do for the active EVM account (EIP-5792 `wallet_getCapabilities`): whether
 * it batches atomically, and any other capability it reports. A wallet without EIP-5792 gives
 * `WalletMethodNotSupportedError`.
 */
export async function getCapabilities(
  foyer: Foyer,
  { chainIds }: GetCapabilitiesParameters = {},
): Promise<GetCapabilitiesReturnType> {
  const { connector, address } = getEvmAccount(foyer)
  const answer = (await requestWallet(connector, 'wallet_getCapabilities', [
    address,
    ...(chainIds ? [chainIds.map(toQuantity)] : []),
  ])) as Record<string, Record<string, unknown>> | null
  return Object.fromEntries(
    Object.entries(answer ?? {}).map(([chainId, capabilities]) => [Number(chainId), capabilities]),
  )
}
