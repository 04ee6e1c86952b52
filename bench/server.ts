/**
 * Server throughput: every route a dialog open or a balance refresh calls, against a bare Fastify
 * route measured in the same setup and run, so the ratio cancels out how busy the shared machine
 * is. The bare Fastify app runs in the same process as the Foyer server, on a port of its own, and
 * is measured in slices alternating with the route's: on this kind of virtual machine one start
 * of a process runs the same code up to a third slower than another for its whole life (a bare
 * PGlite server's warm `/getWallets` took 38 to 69 µs of CPU per request over four starts), and a
 * bare route in a process of its own would carry that into the ratio. Three setups: embedded
 * PGlite; PostgreSQL + Redis; PostgreSQL + Redis with two server processes behind one port
 * (node:cluster, as an operator scales out; both apps then run in both processes). Each server
 * runs in child processes (this file, run with `serve`) so autocannon, in this process, does not
 * share their event loop. Everything listens on 127.0.0.1.
 *
 * Alone: `node --import tsx bench/server.ts run [seconds per route]`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startDevnet } from '@foyer/devnet'
import autocannon from 'autocannon'
import { startPostgres } from '../apps/server/test/support/startPostgres.ts'
import { startRedis } from '../apps/server/test/support/startRedis.ts'
import { rootDir } from '../scripts/world.ts'

export type BenchServerParameters = {
  /** Measured seconds per route, each paired with a second of the bare route. Default 5. */
  durationSec?: number | undefined
  /** Concurrent connections autocannon keeps open. Default 20. */
  connections?: number | undefined
}

export type Throughput = {
  reqPerSec: number
  p99Ms: number
  /** Server CPU time (user + system, every process) per answered request, in µs. */
  cpuPerRequestUs?: number | undefined
  /** Of it, the time spent in the kernel (sockets, loopback TCP), in µs. */
  systemPerRequestUs?: number | undefined
}

export type RouteThroughput = Throughput & {
  setup: SetupName
  route: string
  /** Requests answered / those the bare route answered in the slices paired with this route's. */
  ratio: number
  /** Database queries per answered request while measured (cache warm); `/getWallets` only. */
  queriesPerRequest?: number | undefined
  /** Server CPU time (user + system, every process) per answered request, in µs. */
  cpuPerRequestUs: number
  /** Of it, the time spent in the kernel (sockets, loopback TCP), in µs. */
  systemPerRequestUs: number
  /**
   * The bare route's CPU per request / this route's, in the same slices: what the server's own
   * work allows, apart from the bytes a client on the same cores reads (see `ratio`).
   */
  cpuRatio: number
}

export type BenchServerReturnType = {
  routes: RouteThroughput[]
  /** The bare route per setup, over every slice paired with a route. */
  bare: Record<SetupName, Throughput>
  connections: number
  durationSec: number
}

type SetupName = 'pglite' | 'postgres+redis' | 'postgres+redis, 2 processes'

const projectId = 'foyer-dev'
/** An origin the development project allows: every request goes through the CORS decision. */
const origin = 'http://localhost:5173'
/**
 * What a dialog's fetch sends (Chromium's `Accept-Encoding`): the server may answer compressed
 * copies, as a visitor's browser gets them. The bare route ignores it.
 */
const requestHeaders = { origin, 'accept-encoding': 'gzip, deflate, br, zstd' }
const warmUpSec = 1
// A shared, busy machine may take minutes to start a server (PGlite migrations, a devnet).
const readyTimeoutMs = 240_000

export async function benchServer(
  parameters: BenchServerParameters = {},
): Promise<BenchServerReturnType> {
  const { durationSec = 5, connections = 20 } = parameters
  const workDir = mkdtempSync(join(tmpdir(), 'foyer-bench-server-'))
  const devnetFile = join(workDir, 'devnet.json')
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile })
  const [postgres, redis] = await Promise.all([startPostgres({ port: 0 }), startRedis({ port: 0 })])
  const address = devnet.devnet.accounts[0]!.address
  const routes: RouteThroughput[] = []
  const bare = {} as Record<SetupName, Throughput>
  const setups: { name: SetupName; options: ServeOptions }[] = [
    { name: 'pglite', options: { devnetFile } },
    {
      name: 'postgres+redis',
      options: { devnetFile, databaseUrl: postgres.url, redisUrl: redis.url },
    },
    {
      name: 'postgres+redis, 2 processes',
      options: { devnetFile, databaseUrl: postgres.url, redisUrl: redis.url, workers: 2 },
    },
  ]
  try {
    for (const setup of setups) {
      const children: ChildProcess[] = []
      try {
        const foyer = await spawnServer(['serve', JSON.stringify(setup.options)], children)
        const measured = await benchSetup({
          foyer: foyer.url,
          counter: foyer.counterUrl ?? foyer.url,
          bareUrl: foyer.bareUrl,
          address,
          connections,
          durationSec,
        })
        bare[setup.name] = measured.bare
        for (const route of measured.routes) routes.push({ setup: setup.name, ...route })
      } finally {
        await Promise.all(children.map(stopChild))
      }
    }
    return { routes, bare, connections, durationSec }
  } finally {
    await Promise.allSettled([devnet.stop(), postgres.stop(), redis.stop()])
    rmSync(workDir, { recursive: true, force: true })
  }
}

async function benchSetup(parameters: {
  foyer: string
  /** Where `/bench/usage` answers the queries and CPU time of every server process. */
  counter: string
  /** The bare Fastify app in the same processes. */
  bareUrl: string
  address: string
  connections: number
  durationSec: number
}) {
  const { foyer, counter, bareUrl, address, connections, durationSec } = parameters
  const query = (params: Record<string, string> = {}) =>
    `?${new URLSearchParams({ projectId, ...params })}`
  const list = await getOk(`${foyer}/getWallets${query({ page: '1', entries: '40' })}`)
  const imageId = (JSON.parse(list) as { data: { image_id: string }[] }).data[0]!.image_id
  const routes: { route: string; url: string; countQueries?: boolean }[] = [
    { route: '/appkit/v1/config', url: `${foyer}/appkit/v1/config${query()}` },
    { route: '/projects/v1/origins', url: `${foyer}/projects/v1/origins${query()}` },
    {
      route: '/getWallets',
      url: `${foyer}/getWallets${query({ page: '1', entries: '40' })}`,
      countQueries: true,
    },
    {
      route: '/getWallets (search)',
      url: `${foyer}/getWallets${query({ page: '1', entries: '40', search: 'wallet' })}`,
      countQueries: true,
    },
    { route: '/getWalletImage/{id}', url: `${foyer}/getWalletImage/${imageId}${query()}` },
    { route: '/getAnalyticsConfig', url: `${foyer}/getAnalyticsConfig${query()}` },
    {
      route: '/v1/account/{address}/balance (cached)',
      url: `${foyer}/v1/account/${address}/balance${query({ currency: 'usd', chainId: 'eip155:31337' })}`,
    },
    {
      route: '/v1/account/{address}/history (cached)',
      url: `${foyer}/v1/account/${address}/history${query({ chainId: 'eip155:31337' })}`,
    },
  ]
  // One request per route fills its cache; every measured request is then a cache hit.
  for (const route of routes) await getOk(route.url)

  // The machine is shared: the load around a measurement changes by the second. The bare route
  // and each route are measured in alternating one-second slices, and the ratio is taken over
  // the sums, so both see the same load.
  const bareRuns: Slice[] = []
  const measured = []
  // A server just started still compiles its hot paths and runs its first jobs: every route is
  // warmed up once before any is measured.
  await warmUp(`${bareUrl}/`, connections)
  for (const route of routes) await warmUp(route.url, connections)
  for (const route of routes) {
    await warmUp(route.url, connections)
    const before = await usage(counter)
    const routeRuns: Slice[] = []
    const pairedBare: Slice[] = []
    for (let slice = 0; slice < durationSec; slice++) {
      pairedBare.push(await measureSlice(`${bareUrl}/`, connections, counter))
      routeRuns.push(await measureSlice(route.url, connections, counter))
    }
    const queries = route.countQueries ? (await usage(counter)).queries - before.queries : undefined
    bareRuns.push(...pairedBare)
    const routeTotal = sum(routeRuns)
    const cpuPerRequestUs = cpuPerRequest(routeRuns)
    measured.push({
      route: route.route,
      reqPerSec: Math.round(routeTotal / routeRuns.length),
      p99Ms: median(routeRuns.map((run) => run.p99Ms)),
      ratio: round(routeTotal / sum(pairedBare), 3),
      cpuPerRequestUs: round(cpuPerRequestUs, 1),
      systemPerRequestUs: round(systemPerRequest(routeRuns), 1),
      cpuRatio: round(cpuPerRequest(pairedBare) / cpuPerRequestUs, 3),
      ...(queries === undefined ? {} : { queriesPerRequest: round(queries / routeTotal, 5) }),
    })
  }
  const bare: Throughput = {
    reqPerSec: Math.round(sum(bareRuns) / bareRuns.length),
    p99Ms: median(bareRuns.map((run) => run.p99Ms)),
    cpuPerRequestUs: round(cpuPerRequest(bareRuns), 1),
    systemPerRequestUs: round(systemPerRequest(bareRuns), 1),
  }
  return { bare, routes: measured }
}

type Slice = { requests: number; p99Ms: number; cpuMicros: number; systemMicros: number }

const sum = (runs: readonly Slice[]) => runs.reduce((total, run) => total + run.requests, 0)

const cpuPerRequest = (runs: readonly Slice[]) =>
  runs.reduce((total, run) => total + run.cpuMicros, 0) / sum(runs)

const systemPerRequest = (runs: readonly Slice[]) =>
  runs.reduce((total, run) => total + run.systemMicros, 0) / sum(runs)

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

async function getOk(url: string): Promise<string> {
  const response = await fetch(url, { headers: { origin } })
  const text = await response.text()
  if (!response.ok) throw new Error(`${url}: ${response.status} ${text}`)
  return text
}

type Usage = { queries: number; cpuMicros: number; systemMicros: number }

/**
 * Database queries and CPU time (user + system) of a server's processes so far, summed over
 * workers by the cluster primary.
 */
async function usage(counter: string): Promise<Usage> {
  return JSON.parse(await getOk(`${counter}/bench/usage`)) as Usage
}

async function warmUp(url: string, connections: number): Promise<void> {
  await autocannon({ url, connections, duration: warmUpSec, headers: requestHeaders })
}

/**
 * One second of requests on `url`: how many were answered, their p99 latency, and the CPU time
 * the server's processes spent meanwhile (`counter` answers their usage).
 */
async function measureSlice(url: string, connections: number, counter: string): Promise<Slice> {
  const before = await usage(counter)
  const result = await autocannon({ url, connections, duration: 1, headers: requestHeaders })
  const after = await usage(counter)
  // A throughput of errors is no throughput: refuse to report it.
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx responses`)
  return {
    requests: result.requests.total,
    p99Ms: result.latency.p99,
    cpuMicros: after.cpuMicros - before.cpuMicros,
    systemMicros: after.systemMicros - before.systemMicros,
  }
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

/** What a server child prints once every process listens. */
type Listening = {
  /** The Foyer server. */
  url: string
  /** The bare Fastify app beside it, in the same processes. */
  bareUrl: string
  /** Where `/bench/usage` sums every worker's usage (with workers; else the server answers it). */
  counterUrl?: string | undefined
}

/** Starts this file as a server process and resolves with the URLs it printed. */
function spawnServer(args: string[], children: ChildProcess[]): Promise<Listening> {
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
      resolve(JSON.parse(line) as Listening)
    })
  })
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
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

type ServeOptions = {
  devnetFile: string
  databaseUrl?: string | undefined
  redisUrl?: string | undefined
  /** Server processes behind one port (node:cluster). Default 1. */
  workers?: number | undefined
}

/** A worker's (or the only process's) server, listening; `queries()` counts database queries. */
async function startFoyer(options: ServeOptions) {
  const { createDatabase, createServer, devProjectOrigins, upsertProject } = await import(
    '@foyer/server'
  )
  const opened = await createDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: 'memory://' },
  )
  let queries = 0
  // Every query the server runs passes through this plugin.
  const database = {
    ...opened,
    db: opened.db.withPlugin({
      transformQuery: (args) => {
        queries++
        return args.node
      },
      transformResult: async (args) => args.result,
    }),
  }
  await upsertProject({
    db: database.db,
    id: projectId,
    name: 'Foyer benchmark',
    allowedOrigins: devProjectOrigins,
  })
  const app = await createServer({
    database,
    devnetFile: options.devnetFile,
    redisUrl: options.redisUrl,
    rateLimit: false,
    logger: false,
    indexer: { enabled: false },
  })
  app.get('/bench/usage', async () => processUsage(queries))
  // Once, as a following indexer would have: history is cached under the indexed state.
  await app.foyer.indexer.sync()
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  // After the server, in every worker alike: node:cluster pairs the workers' port-0 listens by
  // their order, so each app shares one port across workers.
  const bare = await startBare()
  return {
    url,
    bareUrl: bare.url,
    queries: () => queries,
    close: async () => {
      await bare.close()
      await app.close()
      await opened.destroy()
    },
  }
}

/** The bare route: Fastify's own hello world, with no plugin or hook. */
async function startBare() {
  const { default: Fastify } = await import('fastify')
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  const url = await app.listen({ host: '127.0.0.1', port: 0 })
  return { url, close: () => app.close() }
}

/** This process's queries and CPU time (user + system, µs) so far. */
function processUsage(queries: number): Usage {
  const { user, system } = process.cpuUsage()
  return { queries, cpuMicros: user + system, systemMicros: system }
}

/**
 * Child side: `serve <options JSON>`; prints `Listening` once every process listens. With
 * workers, the cluster primary prints, and sums the workers' usage (`/bench/usage`).
 */
async function serve(role: string | undefined, argument: string | undefined) {
  if (role !== 'serve' || argument === undefined)
    throw new Error(`usage: server.ts serve <options JSON> (got ${role})`)
  const options = JSON.parse(argument) as ServeOptions
  const workers = options.workers ?? 1

  if (workers <= 1) {
    const server = await startFoyer(options)
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.once(signal, () => server.close().then(() => process.exit(0)))
    console.log(JSON.stringify({ url: server.url, bareUrl: server.bareUrl } satisfies Listening))
    return
  }

  if (cluster.isPrimary) {
    // Workers listening on port 0 share the one port the primary picked for the first.
    const forked = Array.from({ length: workers }, () => cluster.fork())
    const listening = await Promise.all(
      forked.map(
        (worker) =>
          new Promise<Listening>((resolve, reject) => {
            worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)))
            worker.on('message', (message: Partial<Listening>) => {
              if (message.url && message.bareUrl)
                resolve({ url: message.url, bareUrl: message.bareUrl })
            })
          }),
      ),
    )
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.once(signal, () => {
        for (const worker of forked) worker.kill('SIGTERM')
        setTimeout(() => process.exit(0), 2_000).unref()
        Promise.all(forked.map((worker) => new Promise((r) => worker.once('exit', r)))).then(() =>
          process.exit(0),
        )
      })
    if (new Set(listening.map((worker) => `${worker.url} ${worker.bareUrl}`)).size !== 1)
      throw new Error(`workers listen on different ports: ${JSON.stringify(listening)}`)
    await startUsageCounter(forked, listening[0]!)
    return
  }

  const server = await startFoyer(options)
  process.once('SIGTERM', () => server.close().then(() => process.exit(0)))
  process.on('message', (message: { usage?: number }) => {
    if (message.usage !== undefined)
      process.send?.({ usage: processUsage(server.queries()), request: message.usage })
  })
  process.send?.({ url: server.url, bareUrl: server.bareUrl } satisfies Listening)
}

/**
 * With workers, `/bench/usage` would answer one worker's: the primary serves the sum of every
 * worker's (and its own CPU time, which it spends passing connections) on a port of its own, and
 * hands the parent that port's URL for `/bench/usage` only.
 */
async function startUsageCounter(
  workers: ReturnType<typeof cluster.fork>[],
  listening: Omit<Listening, 'counterUrl'>,
) {
  const { createServer } = await import('node:http')
  let next = 0
  const counter = createServer(async (_request, response) => {
    const request = next++
    const usages = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<Usage>((resolve) => {
            const onMessage = (message: { usage?: Usage; request?: number }) => {
              if (message.request !== request || message.usage === undefined) return
              worker.off('message', onMessage)
              resolve(message.usage)
            }
            worker.on('message', onMessage)
            worker.send({ usage: request })
          }),
      ),
    )
    const total = usages.reduce(
      (sum, usage) => ({
        queries: sum.queries + usage.queries,
        cpuMicros: sum.cpuMicros + usage.cpuMicros,
        systemMicros: sum.systemMicros + usage.systemMicros,
      }),
      processUsage(0),
    )
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(total))
  })
  await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve))
  const { port } = counter.address() as { port: number }
  console.log(
    JSON.stringify({ ...listening, counterUrl: `http://127.0.0.1:${port}` } satisfies Listening),
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'run') {
    const result = await benchServer({ durationSec: Number(process.argv[3] ?? 5) })
    for (const line of toBenchLines(result)) console.log(JSON.stringify(line))
  } else await serve(process.argv[2], process.argv[3])
}

/** One line per setup and route, as `npm run bench` prints them. */
export function toBenchLines(result: BenchServerReturnType): Record<string, unknown>[] {
  return [
    ...Object.entries(result.bare).map(([setup, bare]) => ({
      bench: 'server-route',
      setup,
      route: 'bare Fastify',
      ...bare,
      ratio: 1,
    })),
    ...result.routes.map((route) => ({
      bench: 'server-route',
      ...route,
      bareReqPerSec: result.bare[route.setup].reqPerSec,
      goalRatio: 0.7,
    })),
  ]
}
