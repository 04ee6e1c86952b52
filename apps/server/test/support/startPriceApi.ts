import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type PriceApiRequest = {
  platform: string
  contractAddresses: string[]
  vsCurrencies: string
  headers: IncomingHttpHeaders
}

export type StartPriceApiParameters = {
  /** USD prices by lower-case token address, per platform (e.g. `ethereum`). */
  prices: Record<string, Record<string, number>>
  /** When set, requests must carry it in `x-cg-pro-api-key`, else 401 as CoinGecko answers. */
  apiKey?: string | undefined
}

export type StartPriceApiReturnType = {
  /** Base URL as `FOYER_PRICE_API_URL` takes it (`…/api/v3`). */
  baseUrl: string
  /** Every request received, in order. */
  requests: PriceApiRequest[]
  /** `ok` answers prices; a number answers that HTTP status; `hang` never answers. */
  setMode: (mode: 'ok' | 'hang' | number) => void
  stop: () => Promise<void>
}

/**
 * A price API on 127.0.0.1 (port 0) speaking CoinGecko's `GET /api/v3/simple/token_price/{id}`:
 * `contract_addresses` (comma-separated) and `vs_currencies=usd` in, `{ [address]: { usd } }` out,
 * unknown addresses left out of the answer.
 */
export async function startPriceApi(
  parameters: StartPriceApiParameters,
): Promise<StartPriceApiReturnType> {
  const requests: PriceApiRequest[] = []
  let mode: 'ok' | 'hang' | number = 'ok'
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const match = /^\/api\/v3\/simple\/token_price\/([a-z0-9-]+)$/.exec(url.pathname)
    if (!match) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found"}')
      return
    }
    const platform = match[1]!
    const contractAddresses = (url.searchParams.get('contract_addresses') ?? '')
      .split(',')
      .filter(Boolean)
    requests.push({
      platform,
      contractAddresses,
      vsCurrencies: url.searchParams.get('vs_currencies') ?? '',
      headers: request.headers,
    })
    if (mode === 'hang') return
    if (typeof mode === 'number') {
      response.writeHead(mode, { 'content-type': 'application/json' }).end('{"error":"failure"}')
      return
    }
    if (parameters.apiKey && request.headers['x-cg-pro-api-key'] !== parameters.apiKey) {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end('{"status":{"error_code":10002,"error_message":"API Key Missing"}}')
      return
    }
    const table = parameters.prices[platform] ?? {}
    const body: Record<string, { usd: number }> = {}
    for (const address of contractAddresses) {
      const price = table[address.toLowerCase()]
      if (price !== undefined) body[address.toLowerCase()] = { usd: price }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v3`,
    requests,
    setMode: (next) => {
      mode = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would keep close() waiting.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
