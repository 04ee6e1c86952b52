import { execFile } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import { rootDir, startWorld, type World } from '../../scripts/world.ts'
import { e2eEmailCooldownSeconds, e2eLoginProofOfWorkBits } from './serverOptions.ts'

let world: World | undefined
/** Where `npm test` keeps the world's output (its processes' lines), read after a failed run. */
const worldLog = process.env.FOYER_E2E_WORLD_LOG
// A server data directory of the run's own: names, wallets and sessions of earlier runs (or of
// `npm start`) must not change what a test sees.
const dataDir = mkdtempSync(join(tmpdir(), 'foyer-e2e-'))

/**
 * The run's projects (projects.ts), created with the server's `project upsert` command in one
 * process (createE2eProjects.ts) while the chains start; the server waits for it.
 */
async function createE2eProjects() {
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/createE2eProjects.ts'],
    { cwd: rootDir, env: { ...process.env, FOYER_DATA_DIR: dataDir } },
  ).catch((error: Error & { stderr?: string }) => {
    throw new Error(`The end-to-end projects were not created: ${error.stderr || error.message}`)
  })
}

export async function setup(project: TestProject) {
  const projects = createE2eProjects()
  // Awaited by the world before its server starts; a failure there stops the world with it.
  projects.catch(() => undefined)
  const logs: string[] = []
  try {
    world = await startWorld({
      demo: 'preview',
      dataDir,
      // Logins to one address follow each other within seconds here; the SPEC's 30 s default is
      // tested in apps/server (codeVerification.test.ts, embedded.emailCooldown.test.ts).
      emailCooldownSeconds: e2eEmailCooldownSeconds,
      loginProofOfWorkBits: e2eLoginProofOfWorkBits,
      beforeServer: projects,
      log: (line) => {
        logs.push(line)
        if (worldLog) appendFileSync(worldLog, `${line}\n`)
      },
    })
  } catch (error) {
    console.error(logs.join('\n'))
    // A world that failed before its server started has not waited for them.
    await projects.catch(() => undefined)
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
