import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet, toViemChain } from '@foyer/devnet'
import type { GetBalanceResponse } from '@foyer/protocol'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StartPostgresReturnType, startPostgres } from './support/startPostgres.ts'
import { type StartRedisReturnType, startRedis } from './support/startRedis.ts'
import {
  type StartServerProcessReturnType,
  startServerProcess,
} from './support/startServerProcess.ts'

describe('two server processes sharing PostgreSQL and Redis', () => {
  let postgres: StartPostgresReturnType
  let redis: StartRedisReturnType
  let devnet: Awaited<ReturnType<typeof startDevnet>>
  let servers: StartServerProcessReturnType[] = []
  let tempDir: string

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-scale-'))
    const devnetFile = join(tempDir, 'devnet.json')
    ;[postgres, redis, devnet] = await Promise.all([
      startPostgres({ port: 0 }),
      startRedis({ port: 0 }),
      startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
    ])
    const env = {
      FOYER_DATABASE_URL: postgres.url,
      FOYER_REDIS_URL: redis.url,
      FOYER_DEVNET_FILE: devnetFile,
      FOYER_RATE_LIMIT_IP: '12',
      FOYER_REGISTRY_FILE: '',
      // Dev mode also serves the secure frame: OS-assigned ports, and secrets in the test's folder.
      FOYER_FRAME_PORT: '0',
      FOYER_DATA_DIR: tempDir,
    }
    servers = await Promise.all([
      startServerProcess({ env, args: ['--dev'] }),
      startServerProcess({ env, args: ['--dev'] }),
    ])
  })

  afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.stop()))
    await Promise.allSettled([postgres?.stop(), redis?.stop(), devnet?.stop()])
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  const url = (server: number, path: string, params: Record<string, string> = {}) =>
    `${servers[server]!.url}${path}?${new URLSearchParams({ projectId: 'foyer-dev', ...params })}`

  it('shares the balance cache: a balance cached by one process is served by the other', async () => {
    const chain = devnet.devnet.chains[0]!
    const address = privateKeyToAccount(`0x${'9'.repeat(64)}`).address
    const balanceUrl = (server: number, force = false) =>
      url(server, `/v1/account/${address}/balance`, {
        chainId: 'eip155:31337',
        forceUpdate: String(force),
      })
    const first = (await (await fetch(balanceUrl(0))).json()) as GetBalanceResponse
    expect(first.balances[0]!.quantity.numeric).toBe('0')

    const viemChain = toViemChain(chain)
    const wallet = createWalletClient({
      chain: viemChain,
      account: privateKeyToAccount(devnet.devnet.accounts[3]!.privateKey),
      transport: http(chain.rpcUrl),
    })
    const hash = await wallet.sendTransaction({ to: address, value: parseEther('2') })
    await createPublicClient({
      chain: viemChain,
      transport: http(chain.rpcUrl),
    }).waitForTransactionReceipt({ hash })

    const fromOther = (await (await fetch(balanceUrl(1))).json()) as GetBalanceResponse
    expect(fromOther).toEqual(first)
    const forced = (await (await fetch(balanceUrl(1, true))).json()) as GetBalanceResponse
    expect(forced.balances[0]!.quantity.numeric).toBe('2')
  })

  it('enforces a per-client rate limit reached through one process in the other', async () => {
    // Both processes count this client's requests in Redis; earlier tests used some of the 12.
    const statuses: number[] = []
    for (let i = 0; i < 14; i++) {
      const response = await fetch(url(i % 2, '/getAnalyticsConfig'))
      statuses.push(response.status)
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/)
        expect(((await response.json()) as { code: string }).code).toBe('RATE_LIMITED')
      }
    }
    const firstRefusal = statuses.indexOf(429)
    expect(firstRefusal).toBeGreaterThan(0)
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true)
    // The refusals come from both processes.
    expect(new Set(statuses.slice(firstRefusal).map((_, i) => (firstRefusal + i) % 2)).size).toBe(2)
  })

  it('exits cleanly on SIGTERM', async () => {
    const server = servers.pop()!
    expect(await server.stop()).toBe(0)
  })
})
