import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'

export type StartAnvilParameters = {
  chainId: number
  /** 0 (default) lets the OS choose a free port. */
  port?: number | undefined
}

export type AnvilInstance = {
  chainId: number
  port: number
  rpcUrl: string
  process: ChildProcess
  /** Kills this anvil by PID and waits for it to exit. */
  stop(): Promise<void>
}

/** The well-known anvil dev accounts 0 and 1 (funded with 10,000 ETH at genesis). */
export const ANVIL_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const

/**
 * Starts the anvil binary from `@foundry-rs/anvil-linux-amd64` directly (not `npx`, whose PID would
 * not own anvil), and resolves once it answers `eth_chainId`. For tests and tooling only.
 */
export async function startAnvil(parameters: StartAnvilParameters): Promise<AnvilInstance> {
  const require = createRequire(import.meta.url)
  const binary = require.resolve('@foundry-rs/anvil-linux-amd64/bin/anvil')
  const child = spawn(
    binary,
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(parameters.port ?? 0),
      '--chain-id',
      String(parameters.chainId),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error(`anvil did not start:\n${output}`)), 20_000)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`anvil exited with ${code}:\n${output}`))
      })
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /Listening on [\d.]+:(\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
    })
    const rpcUrl = `http://127.0.0.1:${port}`
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
        const body = (await response.json()) as { result?: string }
        if (Number(body.result) === parameters.chainId) break
      } catch (error) {
        if (attempt > 100) throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    child.stdout!.resume()
    return { chainId: parameters.chainId, port, rpcUrl, process: child, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
