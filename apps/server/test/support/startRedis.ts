import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { startOnFreePort } from './freePort.ts'

export type StartRedisParameters = {
  /** Default 56379; 0 picks a free port. */
  port?: number
}
export type StartRedisReturnType = { url: string; stop: () => Promise<void> }

function findRedisServer(): string {
  const path = '/usr/bin/redis-server'
  if (existsSync(path)) return path
  if (process.getuid?.() === 0) {
    execFileSync('flock', ['/tmp/apt.lock', 'apt-get', 'install', '-y', 'redis-server'], {
      stdio: 'ignore',
    })
    if (existsSync(path)) return path
  }
  throw new Error(
    'redis-server not found: install the Debian package "redis-server" (apt-get install -y redis-server)',
  )
}

/** Starts a throwaway, non-persistent Redis on 127.0.0.1. */
export async function startRedis(
  parameters: StartRedisParameters = {},
): Promise<StartRedisReturnType> {
  if (parameters.port === 0) return startOnFreePort((port) => startRedis({ ...parameters, port }))
  const binary = findRedisServer()
  const port = parameters.port ?? 56379
  const child: ChildProcess = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'yes',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const started = new Promise<void>((resolve, reject) => {
    let output = ''
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      10_000,
    )
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`redis-server exited with ${code}:\n${output}`))
    })
  })
  // A server that did not come up is not left running (the caller may try another port).
  await started.catch((error: unknown) => {
    child.kill('SIGKILL')
    throw error
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
