// @ts-check
/**
 * Mutation testing of one critical module (mutation/modules.json), chosen by
 * FOYER_MUTATION_MODULE. `npm run test:mutation` (scripts/mutation.ts) runs it once per module;
 * by hand: `FOYER_MUTATION_MODULE=apps/server/src/projects/matchOrigin.ts npx stryker run`.
 */
import { readFileSync } from 'node:fs'

const list = JSON.parse(readFileSync(new URL('./mutation/modules.json', import.meta.url), 'utf8'))
const file = process.env.FOYER_MUTATION_MODULE
const module = list.modules.find((/** @type {{ file: string }} */ entry) => entry.file === file)
if (!module) {
  throw new Error(
    `FOYER_MUTATION_MODULE must name a module of mutation/modules.json (got ${file ?? 'nothing'})`,
  )
}
const floor = module.floor ?? list.floor
const slug = file.replace(/\.tsx?$/, '').replaceAll('/', '_')

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: [file],
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // The module's own test files only (mutation/vitest.config.ts reads them from the list). Not
  // Stryker's `testFiles` option: with it, mutants of module-level constants run without being
  // activated and survive unseen (mutation/README.md).
  vitest: { configFile: 'mutation/vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  ignoreStatic: false,
  concurrency: Number(process.env.FOYER_MUTATION_CONCURRENCY ?? 1),
  thresholds: { high: 95, low: floor, break: floor },
  reporters: ['clear-text', 'progress-append-only', 'json', 'html'],
  clearTextReporter: { reportTests: false, allowEmojis: false },
  jsonReporter: { fileName: `reports/mutation/${slug}.json` },
  htmlReporter: { fileName: `reports/mutation/${slug}.html` },
  warnings: { slow: false },
  // Results are kept per module in mutation/incremental/ (committed): the CI check re-runs only
  // the mutants a change touched; `npm run test:mutation` re-runs all (`force`) and refreshes it.
  incremental: true,
  incrementalFile: `mutation/incremental/${slug}.json`,
  force: process.env.FOYER_MUTATION_FORCE === '1',
  // scripts/mutation.ts gives each run a folder of its own, removed even when it stops the run at
  // its time limit (Stryker cleans up only after itself).
  tempDirName: process.env.FOYER_MUTATION_TEMP_DIR ?? '.stryker-tmp',
  // The sandbox copy needs the sources and their tests, not the local world's data or the demo.
  ignorePatterns: [
    '/.stryker-tmp',
    '/reports',
    '/mutation/incremental',
    '/.foyer',
    '/e2e',
    '/bench',
    '/apps/demo',
    'dist',
    'coverage',
    'test-results',
  ],
  cleanTempDir: 'always',
}
