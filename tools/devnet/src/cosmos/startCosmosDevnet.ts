import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding'
import { assertPortFree } from '../assertPortFree.ts'
import { JsonRpcError, PortInUseError } from '../errors.ts'
import { deriveCosmosDevAccounts } from './cosmosDevAccounts.ts'
import { type CosmosChain, createCosmosChain, type IncludedTx } from './createCosmosChain.ts'
import type { CosmosDevnet } from './types.ts'

export type StartCosmosDevnetParameters = {
  /** Port on 127.0.0.1; 0 lets the OS pick one. Default 26657, CometBFT's RPC port. */
  port?: number | undefined
  /** Default `foyer-local-1`. */
  chainId?: string | undefined
}

export type StartCosmosDevnetReturnType = {
  devnet: CosmosDevnet
  port: number
  /** Closes the server; resolves once the port is free. */
  stop: () => Promise<void>
}

export type StartCosmosDevnetErrorType = PortInUseError

const host = '127.0.0.1'
const bech32Prefix = 'cosmos'
const denom = 'ufoy'
const decimals = 6
/** 1,000 FOY in ufoy. */
export const cosmosDevAccountBalance = 1_000n * 10n ** BigInt(decimals)
/** What `status` reports; cosmjs' `connectComet` picks its CometBFT 0.38 client for it. */
const cometVersion = '0.38.17'

/**
 * Serves a CometBFT JSON-RPC endpoint over an in-memory Cosmos chain (x/auth, x/bank, MsgSend with
 * real signature checks; see `createCosmosChain`). There is no Cosmos SDK node on npm or Debian, so
 * this is the local Cosmos chain: enough of CometBFT for `@cosmjs/stargate` and Keplr-style wallets
 * (`status`, `abci_query`, `broadcast_tx_sync`, `tx`, `tx_search`), as POST JSON-RPC or CometBFT's
 * GET form (`/abci_query?path="…"&data=0x…`). Every accepted transaction is its own block.
 */
export async function startCosmosDevnet(
  parameters: StartCosmosDevnetParameters = {},
): Promise<StartCosmosDevnetReturnType> {
  const { port = 26657, chainId = 'foyer-local-1' } = parameters
  if (port !== 0) await assertPortFree({ port, service: 'Cosmos devnet' })

  const accounts = deriveCosmosDevAccounts({ count: 10, bech32Prefix })
  const chain = createCosmosChain({
    chainId,
    bech32Prefix,
    genesis: accounts.map(({ address }) => ({
      address,
      coins: [{ denom, amount: cosmosDevAccountBalance }],
    })),
  })

  const server = createServer((request, response) => {
    void handleHttp(chain, request, response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new PortInUseError({ port, service: 'Cosmos devnet' })
    throw error
  })
  const actualPort = (server.address() as AddressInfo).port

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
    return stopping
  }

  return {
    devnet: {
      rpcUrl: `http://${host}:${actualPort}`,
      chainId,
      bech32Prefix,
      denom,
      displayDenom: 'FOY',
      decimals,
      accounts,
    },
    port: actualPort,
    stop,
  }
}

type Params = Record<string, unknown>

/** Hex of a hash of `parts`: stable ids and hashes for the fields CometBFT requires to be set. */
const fakeHash = (length: number, ...parts: unknown[]) =>
  createHash('sha256').update(parts.join('/')).digest('hex').toUpperCase().slice(0, length)

function txJson(tx: IncludedTx) {
  return {
    hash: tx.hash,
    height: String(tx.height),
    index: 0,
    tx_result: {
      code: 0,
      data: toBase64(tx.data),
      log: '',
      info: '',
      gas_wanted: tx.gasWanted.toString(),
      gas_used: tx.gasUsed.toString(),
      events: tx.events,
      codespace: '',
    },
    tx: toBase64(tx.tx),
  }
}

function call(chain: CosmosChain, method: string, params: Params): unknown {
  switch (method) {
    case 'health':
      return {}
    case 'status': {
      const height = chain.height
      return {
        node_info: {
          protocol_version: { p2p: '8', block: '11', app: '0' },
          id: fakeHash(40, 'node', chain.chainId).toLowerCase(),
          listen_addr: 'tcp://127.0.0.1:26656',
          network: chain.chainId,
          version: cometVersion,
          channels: '40202122233038606100',
          moniker: 'foyer-devnet',
          other: { tx_index: 'on', rpc_address: `tcp://${host}` },
        },
        sync_info: {
          latest_block_hash: fakeHash(64, 'block', height),
          latest_app_hash: fakeHash(64, 'app', height),
          latest_block_height: String(height),
          latest_block_time: chain.blockTime.toISOString(),
          earliest_block_hash: fakeHash(64, 'block', 1),
          earliest_app_hash: fakeHash(64, 'app', 1),
          earliest_block_height: '1',
          earliest_block_time: chain.genesisTime.toISOString(),
          catching_up: false,
        },
        validator_info: {
          address: fakeHash(40, 'validator'),
          pub_key: {
            type: 'tendermint/PubKeyEd25519',
            value: toBase64(fromHex(fakeHash(64, 'validator key'))),
          },
          voting_power: '10',
        },
      }
    }
    case 'abci_info':
      return {
        response: {
          data: 'foyer-devnet',
          last_block_height: String(chain.height),
          last_block_app_hash: toBase64(fromHex(fakeHash(64, 'app', chain.height))),
        },
      }
    case 'abci_query': {
      const result = chain.query(String(params.path), fromHex(String(params.data ?? '')))
      return {
        response: {
          code: result.code,
          log: result.log,
          info: '',
          index: '0',
          key: null,
          value: toBase64(result.value),
          proofOps: null,
          height: String(chain.height),
          codespace: result.codespace,
        },
      }
    }
    case 'broadcast_tx_sync':
    case 'broadcast_tx_async': {
      const result = chain.broadcast(fromBase64(String(params.tx)))
      return {
        code: result.code,
        data: '',
        log: result.log,
        codespace: result.codespace,
        hash: result.hash,
      }
    }
    case 'tx': {
      const hash = toHex(fromBase64(String(params.hash))).toUpperCase()
      const [found] = chain.search(`tx.hash='${hash}'`)
      if (!found)
        throw new JsonRpcError({
          code: -32603,
          message: 'Internal error',
          data: `tx (${hash}) not found`,
        })
      return txJson(found)
    }
    case 'tx_search': {
      const matches = chain.search(String(params.query ?? ''))
      if (params.order_by === 'desc') matches.reverse()
      const page = Math.max(1, Number(params.page ?? 1))
      const perPage = Math.min(100, Math.max(1, Number(params.per_page ?? 30)))
      return {
        txs: matches.slice((page - 1) * perPage, page * perPage).map(txJson),
        total_count: String(matches.length),
      }
    }
    default:
      throw new JsonRpcError({ code: -32601, message: 'Method not found', data: method })
  }
}

type JsonRpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown }

function answer(chain: CosmosChain, request: JsonRpcRequest): unknown {
  const id = request.id ?? -1
  try {
    if (typeof request.method !== 'string')
      throw new JsonRpcError({ code: -32600, message: 'Invalid request' })
    const params = request.params && typeof request.params === 'object' ? request.params : {}
    return { jsonrpc: '2.0', id, result: call(chain, request.method, params as Params) }
  } catch (error) {
    const rpcError =
      error instanceof JsonRpcError
        ? { code: error.code, message: error.shortMessage, data: error.data }
        : { code: -32603, message: 'Internal error', data: String(error) }
    return { jsonrpc: '2.0', id, error: rpcError }
  }
}

/**
 * CometBFT's URI form: `"…"` is a string, `0x…` bytes. Bytes become what the JSON-RPC form carries
 * (`abci_query`'s data in hex, `tx` and `hash` in base64), so both forms share `call`.
 */
function fromUriParams(search: URLSearchParams): Params {
  const params: Params = {}
  for (const [key, raw] of search) {
    if (/^".*"$/s.test(raw)) params[key] = raw.slice(1, -1)
    else if (/^0x/i.test(raw))
      params[key] = key === 'data' ? raw.slice(2) : toBase64(fromHex(raw.slice(2)))
    else params[key] = raw
  }
  return params
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
}

async function handleHttp(chain: CosmosChain, request: IncomingMessage, response: ServerResponse) {
  const send = (body: unknown) =>
    response
      .writeHead(200, { ...corsHeaders, 'content-type': 'application/json' })
      .end(JSON.stringify(body))
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders).end()
    return
  }
  if (request.method === 'GET') {
    const url = new URL(request.url ?? '/', `http://${host}`)
    const method = url.pathname.slice(1)
    send(answer(chain, { id: -1, method, params: fromUriParams(url.searchParams) }))
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...corsHeaders, allow: 'GET, POST' }).end()
    return
  }
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    send({ jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error' } })
    return
  }
  send(
    Array.isArray(body)
      ? body.map((entry) => answer(chain, entry as JsonRpcRequest))
      : answer(chain, body as JsonRpcRequest),
  )
}
