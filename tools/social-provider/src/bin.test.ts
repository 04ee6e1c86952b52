import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'

const binPath = fileURLToPath(new URL('./bin.ts', import.meta.url))
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

function run(...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', binPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return child
}

describe('social provider stand-in CLI', () => {
  it('prints its URL and the server environment, serves, and exits cleanly on SIGTERM', async () => {
    const child = run('--port', '0', '--redirect-uri', 'http://127.0.0.1:5999/callback')
    let output = ''
    child.stdout!.setEncoding('utf8')
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: string) => {
        output += chunk
        if (output.includes('FOYER_SOCIAL_FACEBOOK_USERINFO_URL=')) resolve()
      })
      child.once('exit', (code) => reject(new Error(`CLI exited with ${code}:\n${output}`)))
    })
    const lines = output.trim().split('\n')
    const url = /^Social provider stand-in listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(
      lines[0]!,
    )?.[1]
    expect(url).toBeDefined()
    const env = Object.fromEntries(
      lines
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
    expect(env.FOYER_SOCIAL_GOOGLE_ISSUER).toBe(`${url}/google`)
    expect(JSON.parse(env.FOYER_SOCIAL_APPLE_PRIVATE_KEY!)).toMatch(
      /^-----BEGIN PRIVATE KEY-----\n/,
    )
    const discovery = await fetch(
      `${env.FOYER_SOCIAL_GOOGLE_ISSUER}/.well-known/openid-configuration`,
    )
    expect(await discovery.json()).toMatchObject({ issuer: `${url}/google` })

    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
  })

  it.each([[['--port', '0']], [['--port', 'abc', '--redirect-uri', 'http://a.test/cb']]])(
    'refuses %j with exit code 2',
    async (args) => {
      const child = run(...args)
      const [code] = await once(child, 'exit')
      expect(code).toBe(2)
    },
  )
})
