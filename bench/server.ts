/**
 * Server throughput: the Foyer balance route (cache warm, devnet behind it) against a bare Fastify
 * hello route, in the same run so the ratio cancels out how busy the shared machine is.
 * Each server runs in its own child process (this file, run with a role argument) so autocannon,
 * in this process, does not share their event loop. Everything listens on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startDevnet } from '@foyer/devnet'
import autocannon from 'autocannon'
import { rootDir } from '../scripts/world.ts'

export type BenchServerParameters = {
  /** Measured seconds per server (after a 1 s warm-up). Default 5. */
  durationSec?: number | undefined
  /** Concurrent connections autocannon keeps open. Default 20. */
  connections?: number | undefined
}

export type Throughput = { reqPerSec: number; p99Ms: number }

export type BenchServerReturnType = {
  balance: Throughput
  hello: Throughput
  /** balance.reqPerSec / hello.reqPerSec */
  ratio: number
  connections: number
  durationSec: number
}

const projectId = 'foyer-dev'
const warmUpSec = 1
const readyTimeoutMs = 60_000

export async function benchServer(
  parameters: BenchServerParameters = {},
): Promise<BenchServerReturnType> {
  const { durationSec = 5, connections = 20 } = parameters
  const workDir = mkdtempSync(join(tmpdir(), 'foyer-bench-server-'))
  const devnetFile = join(workDir, 'devnet.json')
  const children: ChildProcess[] = []
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile })
  try {
    const hello = await spawnServer(['hello'], children)
    const foyer = await spawnServer(['foyer', devnetFile], children)

    const address = devnet.devnet.accounts[0]!.address
    const query = new URLSearchParams({ projectId, currency: 'usd', chainId: 'eip155:31337' })
    const balanceUrl = `${foyer}/v1/account/${address}/balance?${query}`
    // One request fills the 30 s balance cache; every measured request is then a cache hit.
    const warm = await fetch(balanceUrl)
    const body = (await warm.json()) as { balances?: unknown[] }
    if (!warm.ok || !body.balances?.length)
      throw new Error(`balance warm-up failed: ${warm.status} ${JSON.stringify(body)}`)

    const helloResult = await measure(`${hello}/`, connections, durationSec)
    const balanceResult = await measure(balanceUrl, connections, durationSec)
    return {
      balance: balanceResult,
      hello: helloResult,
      ratio: round(balanceResult.reqPerSec / helloResult.reqPerSec, 3),
      connections,
      durationSec,
    }
  } finally {
    await Promise.all(children.map(stopChild))
    await devnet.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}

async function measure(url: string, connections: number, durationSec: number): Promise<Throughput> {
  await autocannon({ url, connections, duration: warmUpSec })
  const result = await autocannon({ url, connections, duration: durationSec })
  // A throughput of errors is no throughput: refuse to report it.
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx responses`)
  return { reqPerSec: Math.round(result.requests.average), p99Ms: result.latency.p99 }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** Starts this file as a server process and resolves with the URL it printed. */
function spawnServer(args: string[], children: ChildProcess[]): Promise<string> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), ...args],
    { cwd: rootDir, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${args[0]} server not ready in ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    )
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${args[0]} server exited with ${code} before listening`))
    })
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer)
      resolve((JSON.parse(line) as { url: string }).url)
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** Child side: `hello` or `foyer <devnetFile>`; prints `{"url":…}` once listening. */
async function serve(role: string | undefined, devnetFile: string | undefined) {
  let close: () => Promise<void>
  let url: string
  if (role === 'hello') {
    const { default: Fastify } = await import('fastify')
    const app = Fastify({ logger: false })
    app.get('/', async () => ({ hello: 'world' }))
    url = await app.listen({ host: '127.0.0.1', port: 0 })
    close = () => app.close()
  } else if (role === 'foyer' && devnetFile) {
    const { createDatabase, createServer, devProjectOrigins, upsertProject } = await import(
      '@foyer/server'
    )
    const database = await createDatabase({ dataDir: 'memory://' })
    await upsertProject({
      db: database.db,
      id: projectId,
      name: 'Foyer benchmark',
      allowedOrigins: devProjectOrigins,
    })
    const app = await createServer({
      database,
      devnetFile,
      rateLimit: false,
      logger: false,
      indexer: { enabled: false },
    })
    url = await app.listen({ host: '127.0.0.1', port: 0 })
    close = async () => {
      await app.close()
      await database.destroy()
    }
  } else {
    throw new Error(`usage: server.ts hello | foyer <devnetFile> (got ${role})`)
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => close().then(() => process.exit(0)))
  console.log(JSON.stringify({ url }))
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await serve(process.argv[2], process.argv[3])
