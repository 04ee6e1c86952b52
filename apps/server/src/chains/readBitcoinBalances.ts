import type { TokenBalance } from '@foyer/protocol'
import { formatUnits } from 'viem'
import { normalizeBitcoinAddress } from './bitcoinAddress.ts'
import { type EsploraAddress, requestEsplora } from './requestEsplora.ts'
import type { BitcoinChainConfig } from './types.ts'

export type ReadBitcoinBalancesParameters = {
  chain: BitcoinChainConfig
  /** A Bitcoin address valid on `chain`. */
  address: string
  /** Builds the icon URL of a token symbol. */
  tokenIconUrl: (symbol: string) => string
  timeoutMs?: number | undefined
}
export type ReadBitcoinBalancesReturnType = TokenBalance[]

const btcDecimals = 8

/**
 * The address's BTC, confirmed plus in the mempool (what a wallet shows as its balance), from the
 * network's Esplora address summary. No price source covers Bitcoin here (the price API is asked
 * by EVM token address), so it is priced 0 with `priceSource: 'unavailable'`, like SOL.
 */
export async function readBitcoinBalances(
  parameters: ReadBitcoinBalancesParameters,
): Promise<ReadBitcoinBalancesReturnType> {
  const { chain, tokenIconUrl, timeoutMs } = parameters
  const address = normalizeBitcoinAddress(parameters.address)
  const summary = await requestEsplora<EsploraAddress>({
    chain,
    path: `/address/${encodeURIComponent(address)}`,
    timeoutMs,
  })
  const sats =
    BigInt(summary.chain_stats.funded_txo_sum) -
    BigInt(summary.chain_stats.spent_txo_sum) +
    BigInt(summary.mempool_stats.funded_txo_sum) -
    BigInt(summary.mempool_stats.spent_txo_sum)
  return [
    {
      name: 'Bitcoin',
      symbol: 'BTC',
      chainId: chain.caipNetworkId,
      value: 0,
      price: 0,
      priceSource: 'unavailable',
      quantity: { decimals: String(btcDecimals), numeric: formatUnits(sats, btcDecimals) },
      iconUrl: tokenIconUrl('BTC'),
    },
  ]
}
