// Graceful shutdown: `close()` (what SIGTERM calls in `foyer-server serve`) while a slow request
// is in flight. The request completes with its answer; new connections are refused.
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createServer } from '../src/http/createServer.ts'

const funded = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('graceful shutdown', () => {
  let anvil: StartAnvilReturnType
  let slowNode: Server
  let server: FastifyInstance
  let serverUrl: string
  /** Resolves when the server's balance request reaches the (slow) node. */
  let reachedNode: () => void
  const nodeReached = new Promise<void>((resolve) => {
    reachedNode = resolve
  })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    // The node answers, 1.5 s late: a balance read is in flight for that long.
    slowNode = createHttpServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      reachedNode()
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const upstream = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(Buffer.from(await upstream.arrayBuffer()))
    })
    await new Promise<void>((resolve) => slowNode.listen(0, '127.0.0.1', resolve))
    const database = await createDatabase({ dataDir: 'memory://' })
    server = await createServer({
      database,
      dev: true,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
      chains: [
        {
          chainId: 31337,
          name: 'Devnet',
          rpcUrl: `http://127.0.0.1:${(slowNode.address() as AddressInfo).port}`,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          tokens: [],
        },
      ],
    })
    server.addHook('onClose', () => database.destroy())
    serverUrl = await server.listen({ host: '127.0.0.1', port: 0 })
  }, 180_000)

  afterAll(async () => {
    await server?.close()
    slowNode?.closeAllConnections()
    await new Promise((resolve) => slowNode?.close(resolve))
    await anvil?.stop()
  })

  it('lets a request in flight finish when close() is called, and refuses new ones', async () => {
    const inFlight = fetch(
      `${serverUrl}/v1/account/${funded}/balance?projectId=foyer-dev&chainId=eip155:31337`,
    )
    await nodeReached
    const closed = server.close()

    const response = await inFlight
    expect(response.status).toBe(200)
    // Its connection ends with it, so close() does not wait out the keep-alive timeout.
    expect(response.headers.get('connection')).toBe('close')
    const { balances } = (await response.json()) as {
      balances: { symbol: string; quantity: { numeric: string } }[]
    }
    expect(balances.find((token) => token.symbol === 'ETH')?.quantity.numeric).toBe('10000')
    await closed

    const port = new URL(serverUrl).port
    const refused = await new Promise<string>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: '/health' }, () =>
        resolve('answered'),
      )
      request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
      request.end()
    })
    expect(refused).toBe('ECONNREFUSED')
  })
})
