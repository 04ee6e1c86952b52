import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startOnFreePort } from './freePort.ts'

export type StartPostgresParameters = {
  /** Default 55432; 0 picks a free port. */
  port?: number
}

export type StartPostgresReturnType = {
  /** `postgres://…` of a fresh, empty database. */
  url: string
  /** Creates another empty database on the same server and returns its URL. */
  createDatabase: (name: string) => Promise<string>
  /**
   * Stops the server process but keeps its data (fault tests); `immediate` aborts open sessions
   * as a crash would, `fast` as an orderly shutdown does.
   */
  pause: (mode?: 'fast' | 'immediate') => void
  /** Starts the paused server again on the same port and data. */
  resume: () => void
  stop: () => Promise<void>
}

/** Finds Debian's PostgreSQL binaries (newest version), installing `postgresql` when root. */
export function findPostgresBinaries(): string {
  const find = () => {
    const root = '/usr/lib/postgresql'
    if (!existsSync(root)) return undefined
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a))
    return versions[0] ? join(root, versions[0], 'bin') : undefined
  }
  const found = find()
  if (found) return found
  if (process.getuid?.() === 0) {
    execFileSync('flock', ['/tmp/apt.lock', 'apt-get', 'install', '-y', 'postgresql'], {
      stdio: 'ignore',
    })
    const installed = find()
    if (installed) return installed
  }
  throw new Error(
    'PostgreSQL server binaries not found: install the Debian package "postgresql" (apt-get install -y postgresql)',
  )
}

/**
 * Starts a throwaway PostgreSQL server on 127.0.0.1 (initdb into a temp dir + pg_ctl), with trust
 * authentication for user `foyer`. PostgreSQL refuses to run as root, so as root it runs as the
 * `postgres` system user.
 */
export async function startPostgres(
  parameters: StartPostgresParameters = {},
): Promise<StartPostgresReturnType> {
  if (parameters.port === 0)
    return startOnFreePort((port) => startPostgres({ ...parameters, port }))
  const bin = findPostgresBinaries()
  const port = parameters.port ?? 55432
  const dir = mkdtempSync(join(tmpdir(), 'foyer-pg-'))
  chmodSync(dir, 0o777)
  const dataDir = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  const run = (command: string, args: string[]) => {
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], {
          encoding: 'utf8',
        })
      : spawnSync(join(bin, command), args, { encoding: 'utf8' })
    if (result.status !== 0) {
      throw new Error(
        `${command} failed (${result.status}): ${result.stderr || result.stdout || result.error}`,
      )
    }
  }
  run('initdb', ['-D', dataDir, '-U', 'foyer', '--auth=trust', '-E', 'UTF8', '--no-sync'])
  const startServer = () =>
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(dir, 'postgres.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`,
      'start',
    ])
  try {
    startServer()
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const base = `postgres://foyer@127.0.0.1:${port}`
  const createDatabase = async (name: string) => {
    const client = new pg.Client({ connectionString: `${base}/postgres` })
    await client.connect()
    try {
      await client.query(`create database "${name.replace(/"/g, '')}"`)
    } finally {
      await client.end()
    }
    return `${base}/${name}`
  }
  let url: string
  try {
    url = await createDatabase('foyer_test')
  } catch (error) {
    run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop'])
    throw error
  }
  return {
    url,
    createDatabase,
    pause: (mode = 'fast') => run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    resume: startServer,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
