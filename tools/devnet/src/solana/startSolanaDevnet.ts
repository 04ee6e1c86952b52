import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { LiteSVM } from 'litesvm'
import { type WebSocket, WebSocketServer } from 'ws'
import { assertPortFree } from '../assertPortFree.ts'
import { JsonRpcError, PortInUseError } from '../errors.ts'
import { createSvmRpc, type SvmRpc } from './createSvmRpc.ts'
import { seedSolanaWorld } from './seedSolanaWorld.ts'
import { deriveSolanaDevAccounts } from './solanaDevAccounts.ts'
import type { SolanaDevnet } from './types.ts'

export type StartSolanaDevnetParameters = {
  /** Port on 127.0.0.1 for both HTTP and WebSocket; 0 lets the OS pick one. Default 8899. */
  port?: number | undefined
}

export type StartSolanaDevnetReturnType = {
  devnet: SolanaDevnet
  port: number
  /** Closes the server and every WebSocket; resolves once the port is free. */
  stop: () => Promise<void>
}

export type StartSolanaDevnetErrorType = PortInUseError

const host = '127.0.0.1'
/** Index of the mint keypair on the dev mnemonic, far from the accounts a wallet shows. */
const mintAccountIndex = 1000

/**
 * Serves a Solana JSON-RPC endpoint (HTTP + WebSocket subscriptions) over an in-process LiteSVM,
 * with funded dev accounts and a USDC-like SPL token. There is no Solana validator on npm, so this
 * is the local Solana cluster; its programs (System, SPL Token, Associated Token) are the real ones.
 */
export async function startSolanaDevnet(
  parameters: StartSolanaDevnetParameters = {},
): Promise<StartSolanaDevnetReturnType> {
  const { port = 8899 } = parameters
  if (port !== 0) await assertPortFree({ port, service: 'Solana devnet' })

  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n)
  const rpc = createSvmRpc({ svm })
  // 0–9 the dev accounts, 10 the deployer, 11 the on-ramp sandbox's treasury.
  const derived = await deriveSolanaDevAccounts({ count: 12 })
  const [mint] = await deriveSolanaDevAccounts({ count: 1, start: mintAccountIndex })
  const accounts = derived.slice(0, 10)
  const deployer = derived[10]!
  const onRampTreasury = derived[11]!
  const tokens = await seedSolanaWorld({
    svm,
    rpc,
    deployer: deployer.signer,
    mint: mint!.signer,
    accounts: accounts.map((entry) => entry.signer),
    onRampTreasury: onRampTreasury.signer,
  })

  const server = createServer((request, response) => {
    void handleHttp(rpc, request, response)
  })
  const sockets = new WebSocketServer({ server })
  sockets.on('connection', (socket) => handleSocket(rpc, socket))

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject)
      resolve()
    })
  }).catch((error: NodeJS.ErrnoException) => {
    // Taken between the check above and now.
    if (error.code === 'EADDRINUSE') throw new PortInUseError({ port, service: 'Solana devnet' })
    throw error
  })
  const actualPort = (server.address() as AddressInfo).port

  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      for (const client of sockets.clients) client.terminate()
      sockets.close()
      server.closeAllConnections()
      server.close(() => resolve())
    })
    return stopping
  }

  return {
    devnet: {
      rpcUrl: `http://${host}:${actualPort}`,
      wsUrl: `ws://${host}:${actualPort}`,
      genesisHash: String(rpc.request('getGenesisHash', [])),
      tokens,
      accounts: accounts.map((entry) => entry.account),
      deployer: deployer.account,
      onRampTreasury: onRampTreasury.account,
    },
    port: actualPort,
    stop,
  }
}

type JsonRpcRequest = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown }

function answer(rpc: SvmRpc, request: JsonRpcRequest): unknown {
  const id = request.id ?? null
  try {
    if (typeof request.method !== 'string') {
      throw new JsonRpcError({ code: -32600, message: 'Invalid request' })
    }
    const params = Array.isArray(request.params) ? request.params : []
    return { jsonrpc: '2.0', id, result: rpc.request(request.method, params) }
  } catch (error) {
    return { jsonrpc: '2.0', id, error: errorJson(error) }
  }
}

function errorJson(error: unknown) {
  if (error instanceof JsonRpcError) {
    return { code: error.code, message: error.shortMessage, data: error.data }
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': '*',
}

async function handleHttp(rpc: SvmRpc, request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders).end()
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...corsHeaders, allow: 'POST' }).end()
    return
  }
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  let body: unknown
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    body = undefined
  }
  const result =
    body === undefined
      ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
      : Array.isArray(body)
        ? body.map((entry) => answer(rpc, entry as JsonRpcRequest))
        : answer(rpc, body as JsonRpcRequest)
  response
    .writeHead(200, { ...corsHeaders, 'content-type': 'application/json' })
    .end(stringifyWithBigInts(result))
}

function handleSocket(rpc: SvmRpc, socket: WebSocket) {
  const owned = new Set<number>()
  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyWithBigInts(message))
  }
  socket.on('message', (data) => {
    let request: JsonRpcRequest
    try {
      request = JSON.parse(data.toString()) as JsonRpcRequest
    } catch {
      send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
      return
    }
    const method = String(request.method)
    // @solana/kit pings to keep the connection alive; a ping has no id and wants no answer.
    if (request.id === undefined) return
    const params = Array.isArray(request.params) ? request.params : []
    try {
      if (method.endsWith('Unsubscribe')) {
        const subscription = Number(params[0])
        owned.delete(subscription)
        send({ jsonrpc: '2.0', id: request.id, result: rpc.unsubscribe(subscription) })
        return
      }
      const subscription = rpc.subscribe(method, params, ({ method, subscription, result }) =>
        send({ jsonrpc: '2.0', method, params: { result, subscription } }),
      )
      owned.add(subscription)
      send({ jsonrpc: '2.0', id: request.id, result: subscription })
    } catch (error) {
      send({ jsonrpc: '2.0', id: request.id, error: errorJson(error) })
    }
  })
  socket.on('close', () => {
    for (const subscription of owned) rpc.unsubscribe(subscription)
  })
}

/** JSON with bigints written as plain integers (lamports and token amounts exceed 2^53). */
function stringifyWithBigInts(value: unknown): string {
  return JSON.stringify(value, (_key, entry) =>
    typeof entry === 'bigint' ? `__bigint__${entry.toString()}` : entry,
  ).replace(/"__bigint__(-?\d+)"/g, '$1')
}
