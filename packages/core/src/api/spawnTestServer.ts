// Test helper (not exported from the package): the test server in a child Node process.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestServer } from './testServer.ts'

/**
 * `startTestServer` in a child Node process, for test environments such as happy-dom that cannot
 * start the devnet in-process. The child stops with `stop()` (or when this process exits).
 */
export async function spawnTestServer(): Promise<TestServer> {
  // Under happy-dom, vitest serves modules by root-relative URL (`http://…/packages/…`): resolve
  // those against the project root (the working directory of the test run).
  const url = new URL('./testServerProcess.ts', import.meta.url)
  const asFile = url.protocol === 'file:' ? fileURLToPath(url) : undefined
  const script = asFile && existsSync(asFile) ? asFile : join(process.cwd(), url.pathname)
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const waiters: ((line: string) => void)[] = []
  let buffer = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk
    let newline = buffer.indexOf('\n')
    while (newline !== -1) {
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 1)
      waiters.shift()?.(line)
      newline = buffer.indexOf('\n')
    }
  })
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiters.push(resolve)
      child.once('exit', (code) => reject(new Error(`test server process exited (${code})`)))
    })
  const ready = JSON.parse(await nextLine()) as Pick<
    TestServer,
    'serverUrl' | 'projectId' | 'devnet'
  >
  return {
    ...ready,
    async sync() {
      const answer = nextLine()
      child.stdin.write('sync\n')
      const line = await answer
      if (line !== 'synced') throw new Error(line)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.stdin.end()
      }),
  }
}
