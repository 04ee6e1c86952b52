import type { CaipNetwork } from '@foyer/core'
import { EsploraRequestError } from '../errors.ts'
import { toEsploraUrl } from '../networks.ts'

export type RequestEsploraParameters = {
  network: CaipNetwork
  /** Path under the Esplora base URL, e.g. `/address/bc1…/utxo`. */
  path: string
  /** `POST` sends `body` as plain text, as Esplora's `POST /tx` takes raw transactions. */
  method?: 'GET' | 'POST' | undefined
  body?: string | undefined
  /** Read the answer as JSON (default) or as text (txids are plain text). */
  responseType?: 'json' | 'text' | undefined
}
export type RequestEsploraReturnType = unknown
export type RequestEsploraErrorType = EsploraRequestError

/**
 * One request to the network's Esplora REST API (`rpcUrls.default.http[0]`: mempool.space,
 * Blockstream's Esplora, electrs, or the local regtest node). A non-2xx answer rejects with
 * 'Bitcoin network request failed', its status, and the body as details (Esplora explains there).
 */
export async function requestEsplora(
  parameters: RequestEsploraParameters,
): Promise<RequestEsploraReturnType> {
  const { network, path, method = 'GET', body, responseType = 'json' } = parameters
  const url = `${toEsploraUrl(network)}${path}`
  let response: Response
  try {
    response = await fetch(url, {
      method,
      ...(body === undefined ? {} : { body, headers: { 'content-type': 'text/plain' } }),
    })
  } catch (error) {
    throw new EsploraRequestError({ url, cause: error })
  }
  const text = await response.text().catch(() => '')
  if (!response.ok)
    throw new EsploraRequestError({
      url,
      status: response.status,
      details: text.trim() || `${response.status} ${response.statusText}`,
    })
  if (responseType === 'text') return text.trim()
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new EsploraRequestError({ url, status: response.status, cause: error })
  }
}
