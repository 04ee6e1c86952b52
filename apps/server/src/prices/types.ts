import type { PriceSource } from '@foyer/protocol'
import type { Address } from 'viem'
import type { ChainRuntime } from '../chains/types.ts'

export type PriceQuote = { price: number; source: PriceSource }

/** Keyed by lower-case token address. */
export type PriceMap = Record<string, PriceQuote>

/** A source of USD prices for tokens of one network. */
export type PriceProvider = {
  getUsdPrices: (parameters: {
    chain: ChainRuntime
    tokens: readonly Address[]
  }) => Promise<PriceMap>
}
