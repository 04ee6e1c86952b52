import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const binPath = fileURLToPath(new URL('./bin.ts', import.meta.url))
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function spawnCli(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.setEncoding('utf8')
  child.stderr!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => {
    output += chunk
  })
  child.stderr!.on('data', (chunk: string) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function firstLine(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const check = () => {
      if (output().includes('\n')) resolve(output().split('\n')[0]!)
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code}:\n${output()}`)))
    check()
  })
}

const requiredFlags = [
  '--relay-key',
  'cli-key',
  '--sign-in-url-base',
  'http://127.0.0.1:4403/farcaster',
]

describe('Farcaster relay CLI', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'prints its URL, serves the protocol and exits cleanly on %s',
    async (signal) => {
      const { child, output } = spawnCli('--port', '0', ...requiredFlags)
      const line = await firstLine(child, output)
      const match = /^Farcaster relay listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line)
      expect(match).not.toBeNull()
      const response = await fetch(`${match![1]}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ siweUri: 'http://localhost:5173', domain: 'localhost:5173' }),
      })
      expect(response.status).toBe(201)
      const { url } = (await response.json()) as { url: string }
      expect(url.startsWith('http://127.0.0.1:4403/farcaster?channelToken=')).toBe(true)

      child.kill(signal)
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
    },
  )

  it.each([
    [['--port', 'abc', ...requiredFlags], '--port must be an integer'],
    [['--port', '0', '--sign-in-url-base', 'http://127.0.0.1:4403/farcaster'], '--relay-key'],
    [['--port', '0', '--relay-key', 'k'], '--sign-in-url-base is required'],
    [['--port', '0', ...requiredFlags, '--channel-ttl-ms', 'soon'], 'channelTtlMs must be'],
    [['--port', '0', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %j with exit code 2', async (args, message) => {
    const { child, output } = spawnCli(...args)
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(output()).toContain(message)
  })
})
