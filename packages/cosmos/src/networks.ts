import { type CaipNetwork, UnsupportedChainError } from '@foyer/core'

/** What the adapter needs to know about a Cosmos chain beyond a `CaipNetwork`. */
export type CosmosChainInfo = {
  chainId: string
  /** Account address prefix, e.g. `cosmos` for `cosmos1…`. */
  bech32Prefix: string
  /** Base denom, e.g. `uatom`; balances and transfers count in it. */
  denom: string
  /** What people call the coin, e.g. `ATOM` (10^decimals base units). */
  displayDenom: string
  decimals: number
  /** CometBFT RPC. */
  rpcUrl: string
  /** LCD (REST) endpoint, for wallets that want one in the suggested chain info. */
  restUrl: string
  /** BIP-44 coin type of the chain's keys (118 for most Cosmos chains). */
  coinType: number
  /** Price of one gas unit in `denom`, as a decimal string; fees are the simulated gas times this. */
  gasPrice: string
  /**
   * Suggest the chain to the wallet (Keplr's `experimentalSuggestChain`) before enabling it: the
   * wallets know only the chains they ship (e.g. the Cosmos Hub), not a local or new one.
   */
  suggestChain: boolean
}

/** A Cosmos network: a `CaipNetwork` (`cosmos:<chain id>`) that carries its chain details. */
export type CosmosNetwork = CaipNetwork & { chainNamespace: 'cosmos'; cosmos: CosmosChainInfo }

export type CreateCosmosNetworkParameters = {
  chainId: string
  name: string
  rpcUrl: string
  /** Default `cosmos`. */
  bech32Prefix?: string | undefined
  denom: string
  displayDenom: string
  /** Default 6. */
  decimals?: number | undefined
  testnet?: boolean | undefined
  /** Default the RPC URL. */
  restUrl?: string | undefined
  /** Default 118. */
  coinType?: number | undefined
  /** Default `'0.025'` (per unit of gas, in `denom`). */
  gasPrice?: string | undefined
  /** Default true: every chain but those the wallets ship is suggested before it is enabled. */
  suggestChain?: boolean | undefined
  blockExplorer?: { name: string; url: string } | undefined
}

/**
 * A Cosmos chain as a Foyer network, `cosmos:<chainId>` (CAIP-2 takes the chain id as is, so it
 * must be at most 32 characters of `[-_a-zA-Z0-9]`). A devnet description (`@foyer/devnet`'s
 * `CosmosDevnet`: chainId, rpcUrl, bech32Prefix, denom, displayDenom, decimals) can be spread in.
 */
export function createCosmosNetwork(parameters: CreateCosmosNetworkParameters): CosmosNetwork {
  const {
    chainId,
    name,
    rpcUrl,
    bech32Prefix = 'cosmos',
    denom,
    displayDenom,
    decimals = 6,
    testnet,
    restUrl = rpcUrl,
    coinType = 118,
    gasPrice = '0.025',
    suggestChain = true,
    blockExplorer,
  } = parameters
  return {
    id: chainId,
    name,
    chainNamespace: 'cosmos',
    caipNetworkId: `cosmos:${chainId}`,
    nativeCurrency: { name: displayDenom, symbol: displayDenom, decimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(blockExplorer ? { blockExplorers: { default: blockExplorer } } : {}),
    ...(testnet === undefined ? {} : { testnet }),
    cosmos: {
      chainId,
      bech32Prefix,
      denom,
      displayDenom,
      decimals,
      rpcUrl,
      restUrl,
      coinType,
      gasPrice,
      suggestChain,
    },
  }
}

/** The Cosmos Hub. Every Keplr-style wallet ships it, so it is never suggested. */
export const cosmosHub: CosmosNetwork = createCosmosNetwork({
  chainId: 'cosmoshub-4',
  name: 'Cosmos Hub',
  rpcUrl: 'https://cosmos-rpc.publicnode.com:443',
  restUrl: 'https://cosmos-rest.publicnode.com',
  denom: 'uatom',
  displayDenom: 'ATOM',
  suggestChain: false,
  blockExplorer: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' },
})

export function isCosmosNetwork(network: CaipNetwork): network is CosmosNetwork {
  return network.chainNamespace === 'cosmos' && 'cosmos' in network
}

/**
 * The chain details of a Cosmos network: its own, or those of the known network with its CAIP-2 id
 * (a network may reach the adapter as a plain `CaipNetwork`). 'Unsupported chain' otherwise.
 */
export function getCosmosChainInfo(
  network: CaipNetwork,
  known: readonly CosmosNetwork[] = [],
): CosmosChainInfo {
  if (isCosmosNetwork(network)) return network.cosmos
  const match = [...known, cosmosHub].find((entry) => entry.caipNetworkId === network.caipNetworkId)
  if (match) return match.cosmos
  throw new UnsupportedChainError({
    details: `${network.caipNetworkId} has no Cosmos chain details; create it with createCosmosNetwork.`,
  })
}

/** Keplr's `ChainInfo` for `experimentalSuggestChain` (Leap takes the same). */
export function toKeplrChainInfo(chain: CosmosChainInfo, chainName: string) {
  const prefix = chain.bech32Prefix
  const currency = {
    coinDenom: chain.displayDenom,
    coinMinimalDenom: chain.denom,
    coinDecimals: chain.decimals,
  }
  const gasPrice = Number(chain.gasPrice)
  return {
    chainId: chain.chainId,
    chainName,
    rpc: chain.rpcUrl,
    rest: chain.restUrl,
    bip44: { coinType: chain.coinType },
    bech32Config: {
      bech32PrefixAccAddr: prefix,
      bech32PrefixAccPub: `${prefix}pub`,
      bech32PrefixValAddr: `${prefix}valoper`,
      bech32PrefixValPub: `${prefix}valoperpub`,
      bech32PrefixConsAddr: `${prefix}valcons`,
      bech32PrefixConsPub: `${prefix}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [
      { ...currency, gasPriceStep: { low: gasPrice, average: gasPrice, high: gasPrice * 2 } },
    ],
    stakeCurrency: currency,
    features: [],
  }
}
export type KeplrChainInfo = ReturnType<typeof toKeplrChainInfo>
