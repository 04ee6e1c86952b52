import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { PortInUseError } from './errors.ts'
import { type StartAnvilReturnType, startAnvil } from './startAnvil.ts'

const started: StartAnvilReturnType[] = []
const servers: Server[] = []

afterEach(async () => {
  await Promise.all(started.splice(0).map((anvil) => anvil.stop()))
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  )
})

async function rpc(rpcUrl: string, method: string): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await response.json()) as { result: unknown }).result
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen({ port, host: '127.0.0.1' }, () => {
      servers.push(server)
      resolve(server)
    })
  })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('startAnvil', () => {
  it('starts a node that reports the requested chain id', async () => {
    const anvil = await startAnvil({ chainId: 31338, port: 0 })
    started.push(anvil)
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(anvil.port).toBeGreaterThan(0)
    expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7a6a')
  })

  it('refuses a taken port with an error naming the port and chain', async () => {
    const server = await listen(0)
    const port = (server.address() as { port: number }).port
    const attempt = startAnvil({ chainId: 31337, port })
    await expect(attempt).rejects.toBeInstanceOf(PortInUseError)
    await expect(attempt).rejects.toThrow(`Port ${port} is already in use (anvil chain 31337)`)
  })

  it('stop() ends the process and frees the port', async () => {
    const anvil = await startAnvil({ chainId: 31337, port: 0 })
    expect(isRunning(anvil.pid)).toBe(true)
    await anvil.stop()
    expect(isRunning(anvil.pid)).toBe(false)
    await expect(rpc(anvil.rpcUrl, 'eth_chainId')).rejects.toThrow()
    // The port can be bound again, so the next start on it will succeed.
    await listen(anvil.port)
  })

  it('stop() can be called more than once', async () => {
    const anvil = await startAnvil({ chainId: 31337, port: 0 })
    await Promise.all([anvil.stop(), anvil.stop()])
    await anvil.stop()
    expect(isRunning(anvil.pid)).toBe(false)
  })
})
