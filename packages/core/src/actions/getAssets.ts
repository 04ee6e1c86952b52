import type { EvmAccountRequiredError, WalletMethodNotSupportedError } from '../calls/errors.ts'
import { getEvmAccount, toQuantity } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type WalletAssetType = 'native' | 'erc20' | 'erc721' | (string & {})

export type GetAssetsParameters = {
  /** Only these chains. */
  chainIds?: readonly number[] | undefined
  /** Only these asset types. */
  assetTypes?: readonly WalletAssetType[] | undefined
}
export type WalletAsset = {
  /** The token contract, or 'native'. */
  address: string
  /** Base units. */
  balance: bigint
  type: WalletAssetType
  metadata?: { name?: string; symbol?: string; decimals?: number } | null | undefined
}
/** Per chain id (a number), the account's assets there. */
export type GetAssetsReturnType = Record<number, WalletAsset[]>
export type GetAssetsErrorType =
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * The assets the wallet knows the active EVM account holds (EIP-7811 `wallet_getAssets`): the
 * native currency and tokens per chain, balances as bigints.
 */
export async function getAssets(
  foyer: Foyer,
  { chainIds, assetTypes }: GetAssetsParameters = {},
): Promise<GetAssetsReturnType> {
  const { connector, address } = getEvmAccount(foyer)
  const answer = (await requestWallet(connector, 'wallet_getAssets', [
    {
      account: address,
      ...(chainIds ? { chainFilter: chainIds.map(toQuantity) } : {}),
      ...(assetTypes ? { assetTypeFilter: [...assetTypes] } : {}),
    },
  ])) as Record<string, { address: string; balance: string; type: string; metadata?: unknown }[]>
  return Object.fromEntries(
    Object.entries(answer ?? {}).map(([chainId, assets]) => [
      Number(chainId),
      assets.map((asset) => ({
        address: asset.address,
        balance: BigInt(asset.balance),
        type: asset.type,
        metadata: asset.metadata as WalletAsset['metadata'],
      })),
    ]),
  )
}
