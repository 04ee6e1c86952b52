import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { configDefaults, defineConfig } from 'vitest/config'
import { sourceAliases } from './scripts/sourceAliases.ts'

// Foyer's packages resolve to their TypeScript source (tsconfig.base.json's `paths`), not to a
// build in dist/.

// Unit and integration tests of every workspace. End-to-end tests have their own config in e2e/.

const rootDir = import.meta.dirname
const testDirs = ['packages', 'apps', 'tools', 'scripts']

/**
 * Test files that replace a module, a global or an environment variable, run in a DOM
 * environment, or count every pending timer (`vi.getTimerCount`, which would also count a poll an
 * earlier file left running): each runs in a process of its own. Every other file shares its
 * worker's modules with the files before it (`isolate: false`): loading viem, React and the server
 * once per worker instead of once per file is most of the suite's time on two cores.
 */
const needsIsolation =
  /vi\.(?:mock|doMock|stubGlobal|stubEnv|getTimerCount)\(|@vitest-environment|process\.env\.[A-Z_]+ *=[^=]|delete process\.env|globalThis\.[A-Za-z_$]+ *=[^=]/

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return []
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return /\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.e2e.test.ts') ? [path] : []
  })
}

const isolatedFiles = testDirs
  .flatMap((dir) => testFiles(join(rootDir, dir)))
  .filter((file) => needsIsolation.test(readFileSync(file, 'utf8')))
  .map((file) => relative(rootDir, file))

export const unitTestOptions = {
  include: [
    'packages/*/src/**/*.test.{ts,tsx}',
    'apps/*/src/**/*.test.{ts,tsx}',
    'apps/*/test/**/*.test.ts',
    'tools/*/src/**/*.test.ts',
    'scripts/**/*.test.ts',
  ],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
} as const

export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    testTimeout: unitTestOptions.testTimeout,
    hookTimeout: unitTestOptions.hookTimeout,
    pool: unitTestOptions.pool,
    // Every process's first in-memory database (test workers, and the server and tool processes
    // tests start) and every new PGlite data directory copy a migrated database an earlier process
    // kept, instead of running initdb and every migration (5 to 9 s of CPU each).
    env: { FOYER_DB_TEMPLATE_DIR: join(tmpdir(), 'foyer-db-template') },
    // Vitest's default is one worker fewer than the cores: one on a two-core machine. Most files
    // wait on processes they start (chains, servers, browsers), so two share the cores well.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: [...unitTestOptions.include],
          isolate: false,
          exclude: [...configDefaults.exclude, ...isolatedFiles],
        },
      },
      { extends: true, test: { name: 'isolated', include: isolatedFiles } },
    ],
  },
})
