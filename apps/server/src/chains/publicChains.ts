import { createRequire } from 'node:module'
import { type Address, type Chain, getAddress } from 'viem'
import * as viemChains from 'viem/chains'
import { ConfigError } from '../errors.ts'
import type { ChainConfig, ChainToken } from './types.ts'

type TokenList = {
  tokens: { chainId: number; address: string; name: string; symbol: string; decimals: number }[]
}

const require = createRequire(import.meta.url)

/** Wrapped native tokens of public networks, for native prices from a price provider. */
const wrappedNative: Record<number, Address> = {
  1: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  10: '0x4200000000000000000000000000000000000006',
  8453: '0x4200000000000000000000000000000000000006',
  42161: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
  137: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
  56: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
}

export type ParseRpcUrlsParameters = {
  /** `chainId=url` pairs separated by commas, e.g. `1=https://eth.example,8453=https://base.example`. */
  spec: string
  /** Index these chains' history from the block that is latest at first start. */
  indexHistory?: boolean
}

/**
 * Public networks from `FOYER_RPC_URLS`: name, currency, Multicall3 and ENS from viem's chain
 * definitions, the token list from `@uniswap/default-token-list`.
 */
export function parseRpcUrls({
  spec,
  indexHistory = false,
}: ParseRpcUrlsParameters): ChainConfig[] {
  const known = new Map<number, Chain>()
  for (const chain of Object.values(viemChains) as Chain[]) {
    if (chain && typeof chain.id === 'number' && !known.has(chain.id)) known.set(chain.id, chain)
  }
  const list = require('@uniswap/default-token-list') as TokenList
  return spec
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\d+)=(https?:\/\/\S+)$/.exec(entry)
      if (!match) throw new ConfigError(`FOYER_RPC_URLS entry "${entry}" is not chainId=https://…`)
      const chainId = Number(match[1])
      const chain = known.get(chainId)
      const tokens: ChainToken[] = list.tokens
        .filter((token) => token.chainId === chainId)
        .map((token) => ({
          address: getAddress(token.address),
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
        }))
      return {
        chainId,
        name: chain?.name ?? `Chain ${chainId}`,
        rpcUrl: match[2]!,
        nativeCurrency: chain?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens,
        multicall3: chain?.contracts?.multicall3?.address,
        ensUniversalResolver: chain?.contracts?.ensUniversalResolver?.address,
        wrappedNative: wrappedNative[chainId],
        indexer: { enabled: indexHistory, startBlock: 'latest' },
        testnet: chain?.testnet ?? false,
      } satisfies ChainConfig
    })
}
