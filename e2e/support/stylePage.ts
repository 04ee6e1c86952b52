import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

const rootDir = resolve(import.meta.dirname, '../..')

/**
 * Builds the dialog style page (e2e/support/style-page: the connect button, `?theme=light`, the
 * nonce from `<meta name="csp-nonce">`) for production into a temporary directory.
 */
export async function buildStylePage(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-style-page-'))
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(rootDir, 'node_modules/vite/bin/vite.js'),
        'build',
        join(rootDir, 'e2e/support/style-page'),
        '--outDir',
        dir,
        '--emptyOutDir',
      ],
      // Under Vitest NODE_ENV is 'test', which would ship React's development build.
      { cwd: rootDir, env: { ...process.env, NODE_ENV: 'production' }, timeout: 180_000 },
    )
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
