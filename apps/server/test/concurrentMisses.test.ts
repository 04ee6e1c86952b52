// Many visitors asking for the same balance at the moment its cached answer runs out: the server
// reads the chain once for all of them (a real anvil behind a proxy that counts the calls).

import { createServer as createHttpServer, type Server } from 'node:http'
import { type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createServer } from '../src/http/createServer.ts'

// anvil's dev accounts: 10,000 ETH each at genesis.
const accounts = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010f7F60BeAd7A4f7c8B8A',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
]

describe('concurrent cache misses', () => {
  let anvil: StartAnvilReturnType
  let proxy: Server
  let server: FastifyInstance
  let serverUrl: string
  /** `eth_getBalance` calls the node received, by address (lower case). */
  const balanceCalls = new Map<string, number>()

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    // Counts each JSON-RPC call (single or batched) and forwards it to anvil.
    proxy = createHttpServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      const calls = [JSON.parse(body)].flat() as { method: string; params?: unknown[] }[]
      for (const call of calls)
        if (call.method === 'eth_getBalance') {
          const address = String(call.params?.[0]).toLowerCase()
          balanceCalls.set(address, (balanceCalls.get(address) ?? 0) + 1)
        }
      const answer = await fetch(anvil.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(await answer.text())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const { port } = proxy.address() as { port: number }
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
          rpcUrl: `http://127.0.0.1:${port}`,
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
    await new Promise((resolve) => proxy?.close(resolve))
    await anvil?.stop()
  })

  const balance = (address: string, forceUpdate = false) =>
    fetch(
      `${serverUrl}/v1/account/${address}/balance?projectId=foyer-dev&chainId=eip155:31337${forceUpdate ? '&forceUpdate=true' : ''}`,
    ).then(async (response) => ({ status: response.status, body: await response.text() }))

  it('reads the chain once for twenty visitors asking for the same balance at once', async () => {
    const [address] = accounts as [string]
    const answers = await Promise.all(Array.from({ length: 20 }, () => balance(address)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1)
    expect(JSON.parse(answers[0]!.body).balances[0]).toMatchObject({ symbol: 'ETH' })
    expect(balanceCalls.get(address.toLowerCase())).toBe(1)
  })

  it('reads each address on its own', async () => {
    const [, second, third] = accounts as [string, string, string]
    await Promise.all([second, third, second, third].map((address) => balance(address)))
    expect(balanceCalls.get(second.toLowerCase())).toBe(1)
    expect(balanceCalls.get(third.toLowerCase())).toBe(1)
  })

  it('gives a forced update a read of its own, shared only with forced updates asked alongside it', async () => {
    const [address] = accounts as [string]
    const before = balanceCalls.get(address.toLowerCase()) ?? 0
    const answers = await Promise.all(Array.from({ length: 10 }, () => balance(address, true)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(balanceCalls.get(address.toLowerCase())).toBe(before + 1)
    // Once that read has settled, the next forced update reads the chain again.
    await balance(address, true)
    expect(balanceCalls.get(address.toLowerCase())).toBe(before + 2)
  })
})
