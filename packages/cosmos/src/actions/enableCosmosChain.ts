import type { UserRejectedRequestError } from '@foyer/core'
import { toWalletError } from '../errors.ts'
import { type CosmosChainInfo, toKeplrChainInfo } from '../networks.ts'
import type { CosmosKey, CosmosWallet } from '../types.ts'

export type EnableCosmosChainParameters = {
  wallet: CosmosWallet
  chain: CosmosChainInfo
  /** Shown by the wallet when the chain is suggested. */
  chainName: string
  /** `shortMessage` of the 4001 error a refusal becomes. Default 'Connection rejected'. */
  rejectedMessage?: string | undefined
}
export type EnableCosmosChainReturnType = CosmosKey
export type EnableCosmosChainErrorType = UserRejectedRequestError | Error

/**
 * Gets the site permitted on a chain and returns the wallet's key there: suggests the chain first
 * when the wallets do not ship it (Keplr: "If the same chain is already added, nothing will
 * happen"), then `enable(chainId)` (a prompt unless the site was permitted before) and `getKey`.
 * A refusal rejects with code 4001.
 */
export async function enableCosmosChain(
  parameters: EnableCosmosChainParameters,
): Promise<EnableCosmosChainReturnType> {
  const { wallet, chain, chainName, rejectedMessage = 'Connection rejected' } = parameters
  try {
    if (chain.suggestChain && wallet.experimentalSuggestChain)
      await wallet.experimentalSuggestChain(toKeplrChainInfo(chain, chainName))
    await wallet.enable(chain.chainId)
    return await wallet.getKey(chain.chainId)
  } catch (error) {
    throw toWalletError(error, rejectedMessage)
  }
}
