import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { GetWalletsResponse } from '@foyer/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectConfigName } from './support/projectConfigName.ts'
import { type StartPostgresReturnType, startPostgres } from './support/startPostgres.ts'
import { type StartRedisReturnType, startRedis } from './support/startRedis.ts'
import {
  type StartServerProcessReturnType,
  startServerProcess,
} from './support/startServerProcess.ts'

const binFile = fileURLToPath(new URL('../src/bin.ts', import.meta.url))
const projectId = 'scale-registry'

describe('wallet lists cached by two server processes sharing PostgreSQL and Redis', () => {
  let postgres: StartPostgresReturnType
  let redis: StartRedisReturnType
  let servers: StartServerProcessReturnType[] = []
  let tempDir: string
  let env: Record<string, string>

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-scale-registry-'))
    ;[postgres, redis] = await Promise.all([startPostgres({ port: 0 }), startRedis({ port: 0 })])
    env = {
      FOYER_DATABASE_URL: postgres.url,
      FOYER_REDIS_URL: redis.url,
      FOYER_RATE_LIMIT_IP: '0',
      FOYER_DATA_DIR: tempDir,
    }
    await cli('project', 'upsert', '--id', projectId, '--name', 'Scale', '--origins', '*')
    // A start takes over 20 s on a busy machine.
    const start = () => startServerProcess({ env, startTimeoutMs: 120_000 })
    servers = await Promise.all([start(), start()])
  }, 240_000)

  afterAll(async () => {
    await Promise.allSettled(servers.map((server) => server.stop()))
    await Promise.allSettled([postgres?.stop(), redis?.stop()])
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', binFile, ...args], {
      env: { ...process.env, ...env },
    })
  const names = async (server: number) => {
    const url = `${servers[server]!.url}/getWallets?${new URLSearchParams({ projectId, search: 'Scale Probe' })}`
    return ((await (await fetch(url)).json()) as GetWalletsResponse).data.map((w) => w.name)
  }

  it('answers the registry `registry import` wrote in every process', async () => {
    // Both processes have the list without the probe cached.
    expect(await names(0)).toEqual([])
    expect(await names(1)).toEqual([])
    const folder = join(tempDir, 'registry')
    mkdirSync(folder, { recursive: true })
    writeFileSync(
      join(folder, 'wallets.json'),
      JSON.stringify([{ id: 'scale-probe', name: 'Scale Probe Wallet', homepage: null }]),
    )
    await cli('registry', 'import', join(folder, 'wallets.json'))
    // Each process trusts the registry version it read for a second.
    await expect.poll(() => names(0), { timeout: 5_000 }).toEqual(['Scale Probe Wallet'])
    await expect.poll(() => names(1), { timeout: 5_000 }).toEqual(['Scale Probe Wallet'])
  })

  it("answers a project's changed config in every process", async () => {
    const origin = 'https://scale.example'
    const config = (server: number) =>
      projectConfigName({ url: servers[server]!.url, projectId, origin })
    // Answered (and remembered) by both processes, several times over a project lookup.
    for (let round = 0; round < 3; round++) {
      expect(await config(0)).toBe('Scale')
      expect(await config(1)).toBe('Scale')
    }
    await cli('project', 'upsert', '--id', projectId, '--name', 'Scale Changed', '--origins', '*')
    // Announced by the database to each process (its LISTEN connection) at commit.
    await expect.poll(() => config(0), { timeout: 10_000 }).toBe('Scale Changed')
    await expect.poll(() => config(1), { timeout: 10_000 }).toBe('Scale Changed')
    await cli('project', 'upsert', '--id', projectId, '--name', 'Scale', '--origins', origin)
    await expect.poll(() => config(0), { timeout: 10_000 }).toBe('Scale')
    await expect.poll(() => config(1), { timeout: 10_000 }).toBe('Scale')
    // Each CLI run starts a process: seconds on a busy machine.
  }, 120_000)
})
