import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import type { Address, Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { BundlerStartError } from './errors.ts'

export type StartBundlerParameters = {
  /** The chain's node (an anvil of the devnet, with the EntryPoints deployed). */
  rpcUrl: string
  /** Port on 127.0.0.1; 0 picks a free one (read it from `url`). */
  port: number
  /** Default: EntryPoint v0.7 at its canonical address. */
  entryPoints?: readonly Address[] | undefined
  /** Sends the bundles (`handleOps`); needs Ether. Never one of the dev accounts. */
  executorKey: Hex
  /** Deploys alto's simulation contracts at start and refills the executor; needs Ether. */
  utilityKey: Hex
  /**
   * Answer cross-origin requests (the embedded wallet calls the bundler from the secure frame's
   * origin in the browser). Default true.
   */
  cors?: boolean | undefined
  /** alto's log level. Default 'warn' (at 'info' it prints every RPC answer). */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | undefined
  /**
   * Give up waiting for the bundler after this long. Default 180 s: a loaded two-core runner
   * starting a whole local world took over 60 s.
   */
  timeoutMs?: number | undefined
}

export type StartBundlerReturnType = {
  /** The bundler's JSON-RPC endpoint, e.g. `http://127.0.0.1:4337`. */
  url: string
  port: number
  pid: number
  entryPoints: readonly Address[]
  /** Kills the bundler and resolves once its process has exited. Safe to call twice. */
  stop: () => Promise<void>
}

export type StartBundlerErrorType = BundlerStartError

const host = '127.0.0.1'
const outputTailLength = 8000
// alto's CLI (its `bin`); the package exports only its library entry, esm/index.js, beside it.
const altoCli = join(
  dirname(createRequire(import.meta.url).resolve('@pimlico/alto')),
  'cli',
  'alto.js',
)

/**
 * Starts a real ERC-4337 bundler (Pimlico's alto, as a child process) for one chain on loopback,
 * and resolves once it answers `eth_supportedEntryPoints`. Safe mode is off (anvil has no
 * `debug_traceCall` tracer that alto's safe mode accepts), so the bundler skips the ERC-7562
 * opcode rules but still simulates every user operation against the EntryPoint.
 */
export async function startBundler(
  parameters: StartBundlerParameters,
): Promise<StartBundlerReturnType> {
  const {
    rpcUrl,
    entryPoints = [entryPoint07Address],
    executorKey,
    utilityKey,
    cors = true,
    logLevel = 'warn',
    timeoutMs = 180_000,
  } = parameters
  const fail = (reason: string, output = '') => new BundlerStartError({ rpcUrl, reason, output })
  if (entryPoints.length === 0) throw fail('no EntryPoint given')
  let port: number
  try {
    port = await reservePort(parameters.port)
  } catch (error) {
    throw fail(
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port ${parameters.port} is already in use`
        : `cannot listen on ${host}:${parameters.port}: ${(error as Error).message}`,
    )
  }

  const child = spawn(
    process.execPath,
    [
      altoCli,
      '--entrypoints',
      entryPoints.join(','),
      '--executor-private-keys',
      executorKey,
      '--utility-private-key',
      utilityKey,
      '--rpc-url',
      rpcUrl,
      '--safe-mode',
      'false',
      '--port',
      String(port),
      '--log-level',
      logLevel,
      '--enable-cors',
      String(cors),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: altoEnvironment() },
  )
  let output = ''
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputTailLength)
  }
  child.stdout.on('data', onOutput)
  child.stderr.on('data', onOutput)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })
  // If this process exits without calling stop(), do not leave the bundler behind.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killOnExit)
      await killAndWait(child, exited)
    })()
    return stopping
  }

  const url = `http://${host}:${port}`
  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (spawnError) throw fail(spawnError.message, output)
      if (child.exitCode !== null || child.signalCode !== null)
        throw fail(`it exited with ${child.exitCode ?? child.signalCode}`, output)
      if (Date.now() > deadline) throw fail(`no answer within ${timeoutMs} ms`, output)
      const supported = await readSupportedEntryPoints(url)
      if (supported) {
        const missing = entryPoints.filter(
          (entryPoint) => !supported.some((one) => one.toLowerCase() === entryPoint.toLowerCase()),
        )
        if (missing.length > 0) throw fail(`it does not support ${missing.join(', ')}`, output)
        return { url, port, pid: child.pid!, entryPoints: [...entryPoints], stop }
      }
      await sleep(100)
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * The environment without anything that would configure alto behind the flags' back: its
 * `ALTO_*` variables, a `.env` file of the working directory, Sentry.
 */
function altoEnvironment(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('ALTO_') && name !== 'SENTRY_DSN',
    ),
  )
  return { ...env, DOTENV_CONFIG_PATH: '/dev/null', NO_COLOR: '1' }
}

/** The port to use: `port` itself once checked free, or a free one the OS picks for 0. */
function reservePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen({ port, host, exclusive: true }, () => {
      const address = probe.address()
      const chosen = typeof address === 'object' && address ? address.port : port
      probe.close(() => resolve(chosen))
    })
  })
}

async function readSupportedEntryPoints(url: string): Promise<string[] | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_supportedEntryPoints',
        params: [],
      }),
    })
    const body = (await response.json()) as { result?: unknown }
    return Array.isArray(body.result) ? (body.result as string[]) : undefined
  } catch {
    return undefined
  }
}

async function killAndWait(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const killed = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])
  if (!killed) {
    child.kill('SIGKILL')
    await exited
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
