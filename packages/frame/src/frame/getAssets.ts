import { erc20Abi, type Hex, hexToBigInt, isAddress, isAddressEqual, toHex } from 'viem'
import type { ApprovalChains } from '../approval/types.ts'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError } from './handleRpcRequest.ts'

/** One asset of EIP-7811's answer. */
export type WalletAsset = {
  address: Hex | 'native'
  /** Base units, hex. */
  balance: Hex
  type: 'native' | 'erc20'
  metadata: { name: string; symbol: string; decimals: number }
}

/** EIP-7811: per hex chain id, the account's assets there. */
export type GetAssetsReturnType = Record<Hex, WalletAsset[]>

type AssetFilter = Record<string, { address: string; type: string }[]>

/**
 * EIP-7811 `wallet_getAssets({ account, chainFilter?, assetTypeFilter?, assetFilter? })`: the
 * native balance and the balance of every token the operator lists, read from each network's RPC,
 * for one of the visitor's accounts (the EOA or a smart account). `assetFilter`, when given, is the
 * exact list asked for (EIP-7811: it overrides the other filters); zero balances are left out
 * otherwise. Networks the frame has no RPC for are skipped.
 */
export async function getAssets(
  context: RpcContext & { chains?: ApprovalChains | undefined },
  params: unknown,
): Promise<GetAssetsReturnType> {
  const invalid = (details: string) => new RpcError('Invalid params', -32602, { details })
  const [request] = (Array.isArray(params) ? params : [params]) as [Record<string, unknown>]
  if (!request || typeof request !== 'object') throw invalid('No request')
  const { account, chainFilter, assetTypeFilter, assetFilter } = request
  if (typeof account !== 'string' || !isAddress(account))
    throw invalid('`account` must be an EVM address')
  if (chainFilter !== undefined && !(Array.isArray(chainFilter) && chainFilter.every(isHexId)))
    throw invalid('`chainFilter` must list hex chain ids')
  if (
    assetTypeFilter !== undefined &&
    !(Array.isArray(assetTypeFilter) && assetTypeFilter.every((type) => typeof type === 'string'))
  )
    throw invalid('`assetTypeFilter` must list asset types')
  if (assetFilter !== undefined && !isAssetFilter(assetFilter))
    throw invalid('`assetFilter` must map hex chain ids to { address, type } lists')
  await assertOwnAccount(context, account)

  const filter = assetFilter as AssetFilter | undefined
  const chainIds = Object.keys(context.rpcUrls)
    .map(Number)
    .filter((chainId) =>
      filter
        ? Object.keys(filter).some((id) => Number(hexToBigInt(id as Hex)) === chainId)
        : !chainFilter || (chainFilter as Hex[]).some((id) => Number(hexToBigInt(id)) === chainId),
    )
  const types = assetTypeFilter as string[] | undefined
  const entries = await Promise.all(
    chainIds.map(async (chainId) => {
      const wanted = filter
        ? Object.entries(filter).find(([id]) => Number(hexToBigInt(id as Hex)) === chainId)?.[1]
        : undefined
      const assets = await readChainAssets(context, chainId, account, {
        native: wanted
          ? wanted.some((asset) => asset.type === 'native')
          : !types || types.includes('native'),
        tokens: (context.chains?.[chainId]?.tokens ?? []).filter((token) =>
          wanted
            ? wanted.some(
                (asset) =>
                  asset.type === 'erc20' &&
                  isAddress(asset.address) &&
                  isAddressEqual(asset.address, token.address),
              )
            : !types || types.includes('erc20'),
        ),
        keepZero: wanted !== undefined,
      })
      return [toHex(chainId), assets] as const
    }),
  )
  return Object.fromEntries(entries.filter(([, assets]) => assets.length > 0))
}

async function readChainAssets(
  context: RpcContext & { chains?: ApprovalChains | undefined },
  chainId: number,
  account: Hex,
  wanted: {
    native: boolean
    tokens: ApprovalChains[number]['tokens']
    keepZero: boolean
  },
): Promise<WalletAsset[]> {
  const client = context.getPublicClient(chainId)
  const nativeCurrency = context.chains?.[chainId]?.nativeCurrency ?? {
    name: 'Ether',
    symbol: 'ETH',
    decimals: 18,
  }
  const [native, ...tokens] = await Promise.all([
    wanted.native ? client.getBalance({ address: account }) : Promise.resolve(undefined),
    ...wanted.tokens.map((token) =>
      client.readContract({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account],
      }),
    ),
  ])
  const assets: WalletAsset[] = []
  if (native !== undefined && (wanted.keepZero || native > 0n))
    assets.push({
      address: 'native',
      balance: toHex(native),
      type: 'native',
      metadata: { ...nativeCurrency },
    })
  wanted.tokens.forEach((token, index) => {
    const balance = tokens[index] as bigint
    if (!wanted.keepZero && balance === 0n) return
    assets.push({
      address: token.address,
      balance: toHex(balance),
      type: 'erc20',
      metadata: { name: token.name, symbol: token.symbol, decimals: token.decimals },
    })
  })
  return assets
}

/** Only the visitor's own accounts: their EOA or their smart account on one of the networks. */
async function assertOwnAccount(context: RpcContext, account: Hex) {
  if (!context.address) throw new RpcError('Not connected to email or social', 4100)
  if (isAddressEqual(account, context.address)) return
  const smartAccounts = await Promise.all(
    (context.smartAccounts?.chainIds ?? []).map((chainId) =>
      context.smartAccounts?.get(chainId).catch(() => undefined),
    ),
  )
  if (!smartAccounts.some((smart) => smart && isAddressEqual(smart.address, account)))
    throw new RpcError('The address is not the connected account', 4100)
}

function isHexId(value: unknown): value is Hex {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)
}

function isAssetFilter(value: unknown): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  return Object.entries(value).every(
    ([id, assets]) =>
      isHexId(id) &&
      Array.isArray(assets) &&
      assets.every(
        (asset) =>
          asset &&
          typeof asset === 'object' &&
          typeof (asset as { address?: unknown }).address === 'string' &&
          typeof (asset as { type?: unknown }).type === 'string',
      ),
  )
}
