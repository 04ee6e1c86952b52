import { type ChildProcess, spawn } from 'node:child_process'
import { assertPortFree } from './assertPortFree.ts'
import { type AnvilBinaryNotFoundError, AnvilStartError, PortInUseError } from './errors.ts'
import { resolveAnvilBinary } from './resolveAnvilBinary.ts'

export type StartAnvilParameters = {
  chainId: number
  /** Port on 127.0.0.1; 0 lets the OS pick a free one (read it from `rpcUrl`). */
  port: number
  /** Give up waiting for the node after this long. Default 15 s. */
  timeoutMs?: number | undefined
}

export type StartAnvilReturnType = {
  rpcUrl: string
  chainId: number
  port: number
  pid: number
  /** Kills the node and resolves once its process has exited. Safe to call twice. */
  stop: () => Promise<void>
}

export type StartAnvilErrorType = PortInUseError | AnvilBinaryNotFoundError | AnvilStartError

const host = '127.0.0.1'
const outputTailLength = 4000

/** Starts one anvil node on loopback and resolves once it answers `eth_chainId`. */
export async function startAnvil(parameters: StartAnvilParameters): Promise<StartAnvilReturnType> {
  const { chainId, port, timeoutMs = 15_000 } = parameters
  if (port !== 0) await assertPortFree({ port, service: `anvil chain ${chainId}` })

  const binary = resolveAnvilBinary()
  const child = spawn(
    binary,
    ['--host', host, '--port', String(port), '--chain-id', String(chainId)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )

  // anvil logs every request; keep draining its pipes (a full pipe would block it) and keep
  // only the tail for error messages.
  let output = ''
  let listeningPort: number | undefined
  const onOutput = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputTailLength)
    if (listeningPort === undefined) {
      const match = /Listening on [\d.]+:(\d+)/.exec(output)
      if (match) listeningPort = Number(match[1])
    }
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
  // If this process exits without calling stop(), do not leave the node behind.
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

  try {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (spawnError) throw spawnError
      if (child.exitCode !== null || child.signalCode !== null) {
        const reason = `it exited with ${child.exitCode ?? child.signalCode}`
        // anvil lost a race for the port between our check and its bind.
        if (/address already in use/i.test(output))
          throw new PortInUseError({ port, service: `anvil chain ${chainId}` })
        throw new AnvilStartError({ chainId, reason, output })
      }
      if (Date.now() > deadline) {
        throw new AnvilStartError({ chainId, reason: `no answer within ${timeoutMs} ms`, output })
      }
      if (listeningPort !== undefined) {
        const rpcUrl = `http://${host}:${listeningPort}`
        const reported = await readChainId(rpcUrl)
        if (reported !== undefined) {
          if (reported !== chainId) {
            throw new AnvilStartError({
              chainId,
              reason: `${rpcUrl} reports chain ${reported}`,
              output,
            })
          }
          return { rpcUrl, chainId, port: listeningPort, pid: child.pid!, stop }
        }
      }
      await sleep(15)
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function readChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    const body = (await response.json()) as { result?: string }
    return body.result === undefined ? undefined : Number(body.result)
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
