import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'

const binPath = fileURLToPath(new URL('./bin.ts', import.meta.url))
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

async function startCli(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.setEncoding('utf8')
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk
      if (output.includes('\n')) resolve(output.split('\n')[0]!)
    })
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code} before listening`)))
  })
  return { child, firstLine }
}

describe('dev relay CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URL, serves WebSocket upgrades and exits cleanly on %s',
    async (signal) => {
      const { child, firstLine } = await startCli('--port', '0')
      const match = /^Dev relay listening on (ws:\/\/127\.0\.0\.1:(\d+))$/.exec(firstLine)
      expect(match).not.toBeNull()

      // Without a token the relay answers the upgrade with 401: it is up and checking auth.
      const socket = new WebSocket(match![1]!)
      const [, response] = await once(socket, 'unexpected-response')
      expect(response.statusCode).toBe(401)

      child.kill(signal)
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    },
  )

  it('refuses a port that is not a number', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', binPath, '--port', 'abc'], {
      stdio: 'ignore',
    })
    children.push(child)
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
  })

  it('refuses a non-loopback --host without --allow-remote', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', binPath, '--host', '0.0.0.0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    children.push(child)
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(stderr).toContain('--allow-remote')
  })
})
