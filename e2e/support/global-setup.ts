import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { rootDir, startWorld, type World } from '../../scripts/world.ts'
import { e2eProjects } from './projects.ts'

let world: World | undefined
// A server data directory of the run's own: names, wallets and sessions of earlier runs (or of
// `npm start`) must not change what a test sees.
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'))

/** Creates them with the server's own command, as an operator would (`project upsert`). */
function createE2eProjects() {
  const upsert = (args: string[]) =>
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/bin.ts', 'project', 'upsert', ...args],
      { cwd: rootDir, env: { ...process.env, FOYER_DATA_DIR: dataDir }, stdio: 'pipe' },
    )
  upsert([
    '--id',
    e2eProjects.operatorOff,
    '--name',
    'Operator switched features off',
    '--origins',
    'http://127.0.0.1:*,http://localhost:*',
    '--features',
    JSON.stringify({ swaps: false, analytics: false }),
  ])
  upsert([
    '--id',
    e2eProjects.multiWallet,
    '--name',
    'Several wallets per namespace',
    '--origins',
    'http://127.0.0.1:*,http://localhost:*',
    '--features',
    JSON.stringify({ multiWallet: true }),
  ])
  upsert([
    '--id',
    e2eProjects.foreignOrigin,
    '--name',
    'Another site',
    '--origins',
    'https://app.example.com',
  ])
}

export async function setup(project: TestProject) {
  createE2eProjects()
  const logs: string[] = []
  try {
    world = await startWorld({ demo: 'preview', dataDir, log: (line) => logs.push(line) })
  } catch (error) {
    console.error(logs.join('\n'))
    throw error
  }
  project.provide('world', { devnet: world.devnet, urls: world.urls })
}

export async function teardown() {
  await world?.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    world: { devnet: import('@foyer/devnet').Devnet; urls: Record<string, string> }
  }
}
