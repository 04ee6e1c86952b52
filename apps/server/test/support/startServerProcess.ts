import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const binFile = fileURLToPath(new URL('../../src/bin.ts', import.meta.url))

export type StartServerProcessReturnType = {
  url: string
  /** The embedded wallet's frame listener (`Foyer frame listening on …`), with `waitForFrame`. */
  frameUrl: string | undefined
  process: ChildProcess
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>
  /** Sends SIGKILL, as a crash or an OOM kill would (no shutdown hook runs), and waits for the exit. */
  crash: () => Promise<void>
}

/** Runs `bin.ts serve` in its own Node process and waits for its "listening" line. */
export async function startServerProcess(parameters: {
  env: Record<string, string>
  args?: string[]
  /** How long to wait for the "listening" line. Default 30 s. */
  startTimeoutMs?: number
  /** Also wait for the frame's "listening" line (an embedded wallet is configured). */
  waitForFrame?: boolean
}): Promise<StartServerProcessReturnType> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', binFile, 'serve', ...(parameters.args ?? [])],
    {
      env: {
        ...process.env,
        FOYER_HOST: '127.0.0.1',
        FOYER_PORT: '0',
        FOYER_LOG_LEVEL: 'warn',
        ...parameters.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const [url, frameUrl] = await new Promise<[string, string | undefined]>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => {
      // A server still starting would go on using the machine (and its data dir) after the test.
      child.kill('SIGKILL')
      reject(new Error(`server did not start:\n${output}`))
    }, parameters.startTimeoutMs ?? 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Foyer server listening on (http:\/\/\S+)/.exec(output)
      const frame = /Foyer frame listening on (http:\/\/\S+)/.exec(output)
      if (match && (frame || !parameters.waitForFrame)) {
        clearTimeout(timer)
        resolve([match[1]!, frame?.[1]])
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    frameUrl,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
    crash: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
  }
}
