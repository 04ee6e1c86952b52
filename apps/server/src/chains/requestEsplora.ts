import { UpstreamUnavailableError } from '../errors.ts'
import type { BitcoinChainConfig } from './types.ts'

export type RequestEsploraParameters = {
  chain: BitcoinChainConfig
  /** Path below the Esplora base URL, e.g. `/address/bc1…/txs`. */
  path: string
  timeoutMs?: number | undefined
}
export type RequestEsploraErrorType = UpstreamUnavailableError

/** A GET of the network's Esplora API, as JSON; a failure or an error status answers 502. */
export async function requestEsplora<T>(parameters: RequestEsploraParameters): Promise<T> {
  const { chain, path, timeoutMs = 10_000 } = parameters
  const url = `${chain.esploraUrl.replace(/\/+$/, '')}${path}`
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new UpstreamUnavailableError({ cause: error, details: `GET ${path} failed` })
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    throw new UpstreamUnavailableError({
      details: `GET ${path}: HTTP ${response.status} ${text.slice(0, 200)}`,
    })
  }
  try {
    return (await response.json()) as T
  } catch (error) {
    throw new UpstreamUnavailableError({ cause: error, details: `GET ${path}: not JSON` })
  }
}

type EsploraStats = { funded_txo_sum: number; spent_txo_sum: number; tx_count: number }
/** `GET /address/:address` (the fields the server reads). */
export type EsploraAddress = { chain_stats: EsploraStats; mempool_stats: EsploraStats }
type EsploraOutput = { scriptpubkey_address?: string | undefined; value: number }
/** An Esplora transaction (the fields the server reads). */
export type EsploraTransaction = {
  txid: string
  vin: { prevout: EsploraOutput | null; is_coinbase?: boolean | undefined }[]
  vout: EsploraOutput[]
  status: { confirmed: boolean; block_height?: number; block_time?: number }
}
