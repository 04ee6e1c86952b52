// A chain RPC down: the node (a real anvil) stops and later starts again on the same port. The
// balance route answers a clean 502, the client shows 'Token Balance Unavailable' (SPEC §8) and
// asks no more for 30 s (§9), then reads the balance once the node is back.

import { createFoyer, createMemoryStorage, createStorage, getTokenBalances } from '@foyer/core'
import { anvil as anvilNetwork } from '@foyer/core/networks'
import { type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDatabase } from '../src/db/createDatabase.ts'
import { createServer } from '../src/http/createServer.ts'
import { freePort } from './support/freePort.ts'

// anvil's first dev account: 10,000 ETH at genesis, on every fresh start.
const funded = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('chain RPC down', () => {
  let anvil: StartAnvilReturnType | undefined
  let anvilPort: number
  let server: FastifyInstance
  let serverUrl: string
  const balanceRequests: string[] = []

  beforeAll(async () => {
    anvilPort = await freePort()
    anvil = await startAnvil({ chainId: 31337, port: anvilPort })
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
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          tokens: [],
        },
      ],
    })
    server.addHook('onClose', () => database.destroy())
    server.addHook('onRequest', async (request) => {
      if (request.url.includes('/balance')) balanceRequests.push(request.url)
    })
    serverUrl = await server.listen({ host: '127.0.0.1', port: 0 })
  }, 180_000)

  afterEach(() => {
    vi.useRealTimers()
  })

  afterAll(async () => {
    await server?.close()
    await anvil?.stop()
  })

  it("shows 'Token Balance Unavailable', blocks retries for 30 s, and recovers when the node returns", async () => {
    const foyer = createFoyer({
      networks: [anvilNetwork],
      serverUrl,
      projectId: 'foyer-dev',
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    const read = () =>
      getTokenBalances(foyer, { address: funded, network: 'eip155:31337', force: true })
    expect((await read()).find((token) => token.symbol === 'ETH')?.quantity.numeric).toBe('10000')

    await anvil!.stop()
    anvil = undefined
    // What the route itself answers: a clean 502, no stack.
    const direct = await fetch(
      `${serverUrl}/v1/account/${funded}/balance?projectId=foyer-dev&chainId=eip155:31337&forceUpdate=true`,
    )
    expect(direct.status).toBe(502)
    expect(await direct.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' })

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    await expect(read()).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
      shortMessage: 'Token Balance Unavailable',
    })
    expect(foyer.getState().toast).toMatchObject({
      variant: 'error',
      message: 'Token Balance Unavailable',
    })
    // Within 30 s the client does not ask the server at all.
    const asked = balanceRequests.length
    anvil = await startAnvil({ chainId: 31337, port: anvilPort })
    vi.setSystemTime(Date.now() + 29_000)
    await expect(read()).rejects.toMatchObject({
      details: 'Retry blocked for 30 s after a failure.',
    })
    expect(balanceRequests.length).toBe(asked)

    // After 30 s it asks again and the node, back on its port, answers.
    vi.setSystemTime(Date.now() + 2_000)
    expect((await read()).find((token) => token.symbol === 'ETH')?.quantity.numeric).toBe('10000')
    expect(balanceRequests.length).toBe(asked + 1)
  })
})
