/**
 * Load on a scaled-out server (issue 23): two server processes behind one port (node:cluster, as
 * in the 'postgres+redis, 2 processes' setup of `server.ts`) over PostgreSQL and Redis, with mail
 * handed to an SMTP server on loopback that keeps it (the bench reads each code from its mail).
 *
 * 1. Email logins: `logins` visitors at once, each through the frame's own HTTP client: code
 *    requested, mail received, code read from it, code verified. Prints each login's time from
 *    request to verified session (p50, p99) and the failures (0 expected).
 * 2. The balance route under `connections` connections (autocannon, cache warm): requests per
 *    second, p99 and the failures.
 *
 * The server runs as an operator runs it for this many visitors: rate limits on at their defaults
 * (300 embedded requests and 600 API requests per minute and address, 20 mails per minute and
 * email, proof of work after 3 login starts per address), behind a load balancer on loopback that
 * it trusts (`FOYER_TRUST_PROXY=loopback`) to name each visitor's address in `X-Forwarded-For`.
 * The visitors come from distinct addresses, as they would; only the per-project API budget is
 * raised (`FOYER_RATE_LIMIT_PROJECT`), as an operator sizes it for the traffic expected.
 *
 * Alone: `node --import tsx bench/loginLoad.ts run [logins] [connections] [seconds]`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startDevnet } from '@foyer/devnet'
import { createHttpAuthApi } from '@foyer/frame'
import autocannon from 'autocannon'
import { createDatabase } from '../apps/server/src/db/createDatabase.ts'
import { startSmtpCapture } from '../apps/server/src/mail/startSmtpCapture.ts'
import { upsertProject } from '../apps/server/src/projects/projects.ts'
import { createCookieJar } from '../apps/server/test/support/embeddedClient.ts'
import { freePort } from '../apps/server/test/support/freePort.ts'
import { startPostgres } from '../apps/server/test/support/startPostgres.ts'
import { startRedis } from '../apps/server/test/support/startRedis.ts'
import { rootDir } from '../scripts/world.ts'
import { stopChild } from './server.ts'

export type BenchLoginLoadParameters = {
  /** Email logins started at once. Default 1,000. */
  logins?: number | undefined
  /** Connections autocannon keeps open on the balance route. Default 200. */
  connections?: number | undefined
  /** Measured seconds on the balance route. Default 10. */
  durationSec?: number | undefined
}

export type BenchLoginLoadReturnType = {
  logins: {
    logins: number
    /** Logins that did not end in a session (any failed request, a missing mail, a wrong user). */
    errors: number
    /**
     * Requests the server refused on the way (e.g. 429 `proof_required`, which the frame's client
     * answers and sends again): 0 when every visitor's address stays within its limits.
     */
    refusedRequests: number
    /** Up to 5 distinct failure texts, for the log. */
    errorSamples: string[]
    /** One login, from the code request to the verified session (mail delivery included). */
    p50Ms: number
    p99Ms: number
    maxMs: number
    /** From the first request to the last session. */
    totalMs: number
  }
  balance: {
    connections: number
    durationSec: number
    requests: number
    reqPerSec: number
    p99Ms: number
    /** Failed requests: connection errors (timeouts included) and non-2xx answers. */
    errors: number
    /** Of `errors`: requests unanswered within autocannon's 10 s. */
    timeouts: number
    non2xx: number
    /** Answers by HTTP status. */
    statusCodes: Record<string, number>
  }
}

const projectId = 'foyer-bench'
const origin = 'http://localhost:5173'
const workers = 2
// A shared, busy machine may take minutes to start a server.
const readyTimeoutMs = 240_000
const chainId = 31337

/** Visitor `index`'s own address, as the load balancer names it (10.0.0.0/8, one per visitor). */
const visitorAddress = (index: number) =>
  `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`

export async function benchLoginLoad(
  parameters: BenchLoginLoadParameters = {},
): Promise<BenchLoginLoadReturnType> {
  const { logins = 1_000, connections = 200, durationSec = 10 } = parameters
  const workDir = mkdtempSync(join(tmpdir(), 'foyer-bench-login-load-'))
  const devnetFile = join(workDir, 'devnet.json')
  const devnet = await startDevnet({ chains: [{ chainId, port: 0 }], outFile: devnetFile })
  const [postgres, redis, smtp] = await Promise.all([
    startPostgres({ port: 0 }),
    startRedis({ port: 0 }),
    startSmtpCapture({ limit: logins * 2 }),
  ])
  const children: ChildProcess[] = []
  try {
    const options: ServeOptions = {
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      smtpUrl: smtp.url,
      devnetFile,
      dataDir: workDir,
      apiPort: await freePort(),
      framePort: await freePort(),
      // Every process has the same secrets, as every copy of a scaled-out server must.
      sessionSecret: randomBytes(32).toString('hex'),
      shareKey: randomBytes(32).toString('hex'),
    }
    // The operator's `project upsert`, once, before the servers start (it migrates, too).
    const database = await createDatabase({ databaseUrl: postgres.url })
    try {
      await upsertProject({
        db: database.db,
        id: projectId,
        name: 'Foyer login load',
        allowedOrigins: [origin],
      })
    } finally {
      await database.destroy()
    }
    const { apiUrl, frameUrl } = await spawnCluster(options, children)

    const loginTimes: number[] = []
    const failures: string[] = []
    const refused = { count: 0 }
    const inbox = createCodeInbox(smtp)
    const began = performance.now()
    await Promise.all(
      Array.from({ length: logins }, async (_, index) => {
        try {
          loginTimes.push(await logIn({ frameUrl, index, inbox, refused }))
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error))
        }
      }),
    )
    const totalMs = performance.now() - began
    inbox.stop()
    loginTimes.sort((a, b) => a - b)
    const at = (share: number) =>
      loginTimes.length === 0
        ? Number.NaN
        : Math.round(
            loginTimes[Math.min(loginTimes.length - 1, Math.floor(share * loginTimes.length))]!,
          )

    return {
      logins: {
        logins,
        errors: failures.length,
        refusedRequests: refused.count,
        errorSamples: [...new Set(failures)].slice(0, 5),
        p50Ms: at(0.5),
        p99Ms: at(0.99),
        maxMs: Math.round(loginTimes.at(-1) ?? Number.NaN),
        totalMs: Math.round(totalMs),
      },
      balance: await loadBalance({
        apiUrl,
        address: devnet.devnet.accounts[0]!.address,
        connections,
        durationSec,
      }),
    }
  } finally {
    await Promise.all(children.map(stopChild))
    await Promise.allSettled([devnet.stop(), postgres.stop(), redis.stop(), smtp.close()])
    rmSync(workDir, { recursive: true, force: true })
  }
}

/** One visitor's email login through the frame's HTTP client; resolves its time in ms. */
async function logIn(parameters: {
  frameUrl: string
  index: number
  inbox: ReturnType<typeof createCodeInbox>
  refused: { count: number }
}): Promise<number> {
  const { frameUrl, index, inbox, refused } = parameters
  const email = `visitor-${index}@load.example.com`
  const deviceId = `device-load-${String(index).padStart(6, '0')}`
  const jar = createCookieJar()
  const forwardedFor = visitorAddress(index)
  const api = createHttpAuthApi({
    baseUrl: frameUrl,
    projectId,
    fetch: async (input, init = {}) => {
      const headers = new Headers(init.headers)
      headers.set('x-forwarded-for', forwardedFor)
      const response = await jar.fetch(input, { ...init, headers })
      if (!response.ok) refused.count++
      return response
    },
  })
  const start = performance.now()
  await api.startEmailLogin({ email, deviceId, projectId })
  const code = await inbox.codeFor(email)
  const verified = await api.verifyEmailOtp({ email, otp: code, deviceId })
  // A new account's first device is signed in at once (no device approval).
  if (!('user' in verified) || verified.user.email !== email)
    throw new Error(`verified as ${JSON.stringify(verified)}, not as ${email}`)
  return performance.now() - start
}

type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>

/**
 * The codes mailed so far, read by one poll of the mail server for every visitor (a poll per
 * visitor would cost this process, which also receives the mail, more than the server's work).
 */
function createCodeInbox(smtp: SmtpCapture) {
  const codes = new Map<string, string>()
  const waiting = new Map<string, (code: string) => void>()
  let seen = 0
  const timer = setInterval(() => {
    const fresh = []
    for (const mail of smtp.list()) {
      if (mail.id <= seen) break
      fresh.push(mail)
    }
    // Oldest first: a visitor's newest code wins.
    for (const mail of fresh.reverse()) {
      seen = mail.id
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      for (const to of mail.to) {
        if (!code) continue
        codes.set(to, code)
        waiting.get(to)?.(code)
        waiting.delete(to)
      }
    }
  }, 25)
  return {
    /** The code in the newest mail to `email`, once the mail server has it (within 5 minutes). */
    codeFor: (email: string) =>
      new Promise<string>((resolve, reject) => {
        const known = codes.get(email)
        if (known) return resolve(known)
        const expire = setTimeout(() => {
          waiting.delete(email)
          reject(new Error('no code mailed within 5 minutes'))
        }, 300_000)
        waiting.set(email, (code) => {
          clearTimeout(expire)
          resolve(code)
        })
      }),
    stop: () => clearInterval(timer),
  }
}

/** The balance route at `connections` connections, each request from one of 1,000 addresses. */
async function loadBalance(parameters: {
  apiUrl: string
  address: string
  connections: number
  durationSec: number
}): Promise<BenchLoginLoadReturnType['balance']> {
  const { apiUrl, address, connections, durationSec } = parameters
  const query = new URLSearchParams({ projectId, currency: 'usd', chainId: `eip155:${chainId}` })
  const url = `${apiUrl}/v1/account/${address}/balance?${query}`
  // One request fills the cache, as a first visitor's does.
  const first = await fetch(url, { headers: { origin } })
  if (!first.ok) throw new Error(`balance: ${first.status} ${await first.text()}`)
  let next = 0
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      headers: { origin, 'accept-encoding': 'gzip, deflate, br, zstd' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': visitorAddress(next++ % 1_000) },
          }),
        },
      ],
    })
  await run(1)
  const result = await run(durationSec)
  return {
    connections,
    durationSec,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
        status,
        stats.count ?? 0,
      ]),
    ),
  }
}

type ServeOptions = {
  databaseUrl: string
  redisUrl: string
  smtpUrl: string
  devnetFile: string
  dataDir: string
  apiPort: number
  framePort: number
  sessionSecret: string
  shareKey: string
}

/** Starts this file as the cluster's primary; resolves once every worker listens. */
function spawnCluster(
  options: ServeOptions,
  children: ChildProcess[],
): Promise<{ apiUrl: string; frameUrl: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'serve', JSON.stringify(options)],
    { cwd: rootDir, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`login-load servers not ready in ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    )
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`login-load servers exited with ${code} before listening`))
    })
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer)
      resolve(JSON.parse(line) as { apiUrl: string; frameUrl: string })
    })
  })
}

/**
 * A worker: the API and the embedded wallet's frame listener on the shared ports, configured from
 * the environment an operator would set (`readServerOptions`, `readEmbeddedWalletOptions`).
 */
async function startWorker(options: ServeOptions) {
  const { readEmbeddedWalletOptions, readServerOptions } = await import(
    '../apps/server/src/config.ts'
  )
  const { createDatabase } = await import('../apps/server/src/db/createDatabase.ts')
  const { createEmbeddedWallet } = await import(
    '../apps/server/src/embedded/createEmbeddedWallet.ts'
  )
  const { createServer } = await import('../apps/server/src/http/createServer.ts')
  const env = {
    FOYER_HOST: '127.0.0.1',
    FOYER_PORT: String(options.apiPort),
    FOYER_FRAME_HOST: '127.0.0.1',
    FOYER_FRAME_PORT: String(options.framePort),
    FOYER_FRAME_PUBLIC_URL: `http://127.0.0.1:${options.framePort}`,
    FOYER_DATABASE_URL: options.databaseUrl,
    FOYER_REDIS_URL: options.redisUrl,
    FOYER_SMTP_URL: options.smtpUrl,
    FOYER_DEVNET_FILE: options.devnetFile,
    FOYER_SESSION_SECRET: options.sessionSecret,
    FOYER_SHARE_KEY: options.shareKey,
    // The load balancer runs on this host: its X-Forwarded-For names the visitor.
    FOYER_TRUST_PROXY: 'loopback',
    FOYER_RATE_LIMIT_PROJECT: '1000000',
    FOYER_LOG_LEVEL: 'warn',
  }
  const { host, port, ...serverOptions } = readServerOptions(env)
  const database = await createDatabase({ databaseUrl: options.databaseUrl })
  const server = await createServer({
    ...serverOptions,
    database,
    logger: false,
    indexer: { enabled: false },
  })
  const embedded = await createEmbeddedWallet({
    ...readEmbeddedWalletOptions(env),
    server,
    dev: false,
    dataDir: options.dataDir,
    host,
    trustProxy: serverOptions.trustProxy,
    redisUrl: options.redisUrl,
    logger: false,
  })
  const apiUrl = await server.listen({ host, port })
  const frameUrl = await embedded!.listen()
  return {
    apiUrl,
    frameUrl,
    close: async () => {
      await server.close()
      await database.destroy()
    },
  }
}

/** Child side: the cluster primary forks the workers and prints `{"apiUrl","frameUrl"}` once all listen. */
async function serve(argument: string | undefined) {
  const options = JSON.parse(argument ?? '{}') as ServeOptions
  if (cluster.isPrimary) {
    const forked = Array.from({ length: workers }, () => cluster.fork())
    const urls = await Promise.all(
      forked.map(
        (worker) =>
          new Promise<{ apiUrl: string; frameUrl: string }>((resolve, reject) => {
            worker.once('exit', (code) => reject(new Error(`worker exited with ${code}`)))
            worker.on('message', (message: { apiUrl?: string; frameUrl?: string }) => {
              if (message.apiUrl && message.frameUrl)
                resolve({ apiUrl: message.apiUrl, frameUrl: message.frameUrl })
            })
          }),
      ),
    )
    for (const signal of ['SIGTERM', 'SIGINT'] as const)
      process.once(signal, () => {
        for (const worker of forked) worker.kill('SIGTERM')
        setTimeout(() => process.exit(0), 5_000).unref()
        Promise.all(forked.map((worker) => new Promise((r) => worker.once('exit', r)))).then(() =>
          process.exit(0),
        )
      })
    console.log(JSON.stringify(urls[0]))
    return
  }
  const worker = await startWorker(options)
  process.once('SIGTERM', () => worker.close().then(() => process.exit(0)))
  process.send?.({ apiUrl: worker.apiUrl, frameUrl: worker.frameUrl })
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'run') {
    const result = await benchLoginLoad({
      logins: Number(process.argv[3] ?? 1_000),
      connections: Number(process.argv[4] ?? 200),
      durationSec: Number(process.argv[5] ?? 10),
    })
    for (const line of toBenchLines(result)) console.log(JSON.stringify(line))
  } else if (process.argv[2] === 'serve') await serve(process.argv[3])
  else throw new Error('usage: loginLoad.ts run [logins] [connections] [seconds] | serve <options>')
}

/** The two lines `npm run bench` prints. */
export function toBenchLines(result: BenchLoginLoadReturnType): Record<string, unknown>[] {
  const setup = 'postgres+redis, 2 processes'
  return [
    { bench: 'login-load', setup, unit: 'ms', ...result.logins },
    { bench: 'balance-load', setup, route: '/v1/account/{address}/balance', ...result.balance },
  ]
}
