import type { CaipNetwork } from '@foyer/core'
import type { EsploraRequestError, InvalidBitcoinAddressError } from '../errors.ts'
import { parseBitcoinAddress } from './parseBitcoinAddress.ts'
import { requestEsplora } from './requestEsplora.ts'

export type GetBitcoinBalanceParameters = {
  network: CaipNetwork
  address: string
  /** Count outputs still in the mempool (default true), as wallets show a balance. */
  includeMempool?: boolean | undefined
}
/** Satoshis (1 BTC = 10^8). */
export type GetBitcoinBalanceReturnType = bigint
export type GetBitcoinBalanceErrorType = InvalidBitcoinAddressError | EsploraRequestError

type TxoStats = { funded_txo_sum: number; spent_txo_sum: number }
type EsploraAddress = { chain_stats: TxoStats; mempool_stats: TxoStats }

/**
 * An address's balance from Esplora's `/address/:address`: what was paid to it minus what it
 * spent, on chain and, unless told otherwise, in the mempool.
 */
export async function getBitcoinBalance(
  parameters: GetBitcoinBalanceParameters,
): Promise<GetBitcoinBalanceReturnType> {
  const { network, address, includeMempool = true } = parameters
  parseBitcoinAddress({ address, network })
  const { chain_stats: chain, mempool_stats: mempool } = (await requestEsplora({
    network,
    path: `/address/${address}`,
  })) as EsploraAddress
  const net = (stats: TxoStats) => BigInt(stats.funded_txo_sum) - BigInt(stats.spent_txo_sum)
  return net(chain) + (includeMempool ? net(mempool) : 0n)
}
