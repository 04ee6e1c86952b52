import type { IncomingMessage, ServerResponse } from 'node:http'
import type { RegtestChain } from './createRegtestChain.ts'
import { BitcoinTransactionRejectedError, EsploraRequestError } from './errors.ts'

export type CreateEsploraHandlerParameters = { chain: RegtestChain }
export type EsploraHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
}
/** A standard transaction is at most 400,000 weight units: 400 kB raw, twice that as hex. */
const maxBodyBytes = 1_000_000
/** `/regtest/mine` takes at most this many blocks a call (each takes about a millisecond). */
const maxBlocksPerMine = 10_000

type Reply = { status: number; body: unknown }
type Route = {
  method: 'GET' | 'POST'
  pattern: RegExp
  handle: (match: string[], body: () => Promise<string>) => Promise<Reply>
}

/**
 * The Esplora REST API (the API of mempool.space, blockstream.info and electrs) over a regtest
 * chain, plus regtest-only `POST /regtest/mine` and `POST /regtest/fund`. Text answers are
 * `text/plain`, the rest JSON; every answer allows any origin (browser pages call it).
 */
export function createEsploraHandler(parameters: CreateEsploraHandlerParameters): EsploraHandler {
  const { chain } = parameters
  const text = (body: string | number): Reply => ({ status: 200, body: String(body) })
  const json = (body: unknown): Reply => ({ status: 200, body })
  const notFound = (message: string): never => {
    throw new EsploraRequestError({ status: 404, message })
  }

  const routes: Route[] = [
    {
      method: 'GET',
      pattern: /^\/blocks\/tip\/height$/,
      handle: async () => text(chain.tipHeight()),
    },
    { method: 'GET', pattern: /^\/blocks\/tip\/hash$/, handle: async () => text(chain.tipHash()) },
    {
      method: 'GET',
      pattern: /^\/block-height\/(\d{1,10})$/,
      handle: async ([height]) =>
        text((await chain.blockHash(Number(height))) ?? notFound('Block not found')),
    },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)$/,
      handle: async ([address]) => json(await chain.address(address!)),
    },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)\/utxo$/,
      handle: async ([address]) => json(await chain.utxos(address!)),
    },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)\/txs$/,
      handle: async ([address]) => json(await chain.transactions(address!)),
    },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)\/txs\/mempool$/,
      handle: async ([address]) => json(await chain.transactions(address!, { page: 'mempool' })),
    },
    {
      method: 'GET',
      pattern: /^\/address\/([^/]+)\/txs\/chain(?:\/([^/]+))?$/,
      handle: async ([address, lastSeen]) =>
        json(await chain.transactions(address!, { page: 'chain', lastSeen })),
    },
    {
      method: 'GET',
      pattern: /^\/tx\/([^/]+)$/,
      handle: async ([txid]) =>
        json((await chain.transaction(txid!)) ?? notFound('Transaction not found')),
    },
    {
      method: 'GET',
      pattern: /^\/tx\/([^/]+)\/status$/,
      handle: async ([txid]) =>
        json((await chain.transaction(txid!))?.status ?? notFound('Transaction not found')),
    },
    {
      method: 'GET',
      pattern: /^\/tx\/([^/]+)\/hex$/,
      handle: async ([txid]) =>
        text((await chain.transactionHex(txid!)) ?? notFound('Transaction not found')),
    },
    {
      method: 'POST',
      pattern: /^\/tx$/,
      handle: async (_, body) => text(await chain.broadcast(await body())),
    },
    { method: 'GET', pattern: /^\/fee-estimates$/, handle: async () => json(chain.feeEstimates()) },
    {
      method: 'POST',
      pattern: /^\/regtest\/mine$/,
      handle: async (_, body) => {
        const { blocks = 1 } = parseJsonBody(await body()) as { blocks?: unknown }
        if (
          !Number.isSafeInteger(blocks) ||
          (blocks as number) < 1 ||
          (blocks as number) > maxBlocksPerMine
        )
          throw new EsploraRequestError({
            status: 400,
            message: `blocks must be a whole number from 1 to ${maxBlocksPerMine}`,
          })
        return json({ height: await chain.mine(blocks as number) })
      },
    },
    {
      method: 'POST',
      pattern: /^\/regtest\/fund$/,
      handle: async (_, body) => {
        const { address, sats } = parseJsonBody(await body()) as {
          address?: unknown
          sats?: unknown
        }
        if (typeof address !== 'string')
          throw new EsploraRequestError({ status: 400, message: 'address must be a string' })
        if (!Number.isSafeInteger(sats) || (sats as number) <= 0)
          throw new EsploraRequestError({
            status: 400,
            message: 'sats must be a positive whole number of satoshis',
          })
        return json({ txid: await chain.fund([{ address, sats: sats as number }]) })
      },
    },
  ]

  return async (request, response) => {
    let reply: Reply
    try {
      reply = await route(routes, request)
    } catch (error) {
      reply = errorReply(error)
    }
    if (response.destroyed) return
    const isText = typeof reply.body === 'string'
    response
      .writeHead(reply.status, {
        ...corsHeaders,
        'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json',
      })
      .end(isText ? reply.body : JSON.stringify(reply.body))
  }
}

async function route(routes: Route[], request: IncomingMessage): Promise<Reply> {
  if (request.method === 'OPTIONS') return { status: 204, body: '' }
  const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/\/+$/, '')
  for (const candidate of routes) {
    const match = candidate.pattern.exec(path)
    if (!match) continue
    if (candidate.method !== request.method) continue
    const parts = match
      .slice(1)
      .map((part) => (part === undefined ? part : decodeURIComponent(part)))
    return candidate.handle(parts as string[], () => readBody(request))
  }
  throw new EsploraRequestError({ status: 404, message: 'Not Found' })
}

function errorReply(error: unknown): Reply {
  if (error instanceof EsploraRequestError)
    return { status: error.status, body: error.shortMessage }
  // The text Esplora relays from bitcoind, which clients show or parse.
  if (error instanceof BitcoinTransactionRejectedError)
    return {
      status: 400,
      body: `sendrawtransaction RPC error: ${JSON.stringify({ code: error.code, message: error.reason })}`,
    }
  return { status: 500, body: error instanceof Error ? error.message : String(error) }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > maxBodyBytes)
      throw new EsploraRequestError({ status: 400, message: 'Request body too large' })
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function parseJsonBody(body: string): Record<string, unknown> {
  if (!body.trim()) return {}
  try {
    const value = JSON.parse(body) as unknown
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {}
  throw new EsploraRequestError({ status: 400, message: 'The body must be a JSON object' })
}
