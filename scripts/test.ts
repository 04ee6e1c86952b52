/**
 * `npm test`: system packages, lint, typecheck, dependency advisories (`scripts/audit.ts`), unit +
 * integration tests, the mutation check of the critical modules the last commit changed
 * (`scripts/mutation.ts`), the docs site (`scripts/docs/build.ts`), the published packages
 * (`scripts/packages.ts`), then end-to-end tests in
 * Chromium against a local world that the run starts and stops itself. Ends with one summary line
 * 'N passed, N failed'.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootDir } from './world.ts'

const e2eOnly = process.argv.includes('--e2e-only')
const reportDir = mkdtempSync(join(tmpdir(), 'foyer-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
let ok = true

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit', env: process.env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const passed = result.status === 0
  console.log(`${passed ? '✔' : '✘'} ${title} (${seconds} s)`)
  return passed
}

function vitest(title: string, configArgs: string[], name: string) {
  const outputFile = join(reportDir, `${name}.json`)
  const passed = run(title, process.execPath, [
    'node_modules/vitest/vitest.mjs',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ])
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'))
    totals.passed += report.numPassedTests
    totals.failed += report.numFailedTests
    totals.skipped += report.numPendingTests + report.numTodoTests
    if (report.numTotalTests === 0) {
      console.error(`${title}: no test ran`)
      ok = false
    }
  } catch {
    totals.failed += 1 // the runner itself failed before writing a report
  }
  ok &&= passed
}

ok &&= run('System packages (chromium, postgresql, redis-server)', 'bash', [
  'scripts/ensure-system-deps.sh',
])
if (ok && !e2eOnly) {
  ok &&= run('Lint and format (biome)', process.execPath, [
    'node_modules/@biomejs/biome/bin/biome',
    'ci',
    '.',
  ])
  ok &&= run('Typecheck (tsc)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'])
  // Fails on high/critical advisories of production dependencies; skipped (with a message) where
  // the registry does not answer audits.
  ok &&= run('Dependency advisories (npm audit)', process.execPath, [
    '--import',
    'tsx',
    'scripts/audit.ts',
  ])
  vitest('Unit and integration tests', [], 'unit')
  // Mutation testing of the critical modules the last commit changed (mutation/README.md): at most
  // two, re-running only the mutants and tests the change touched against the committed results
  // in mutation/incremental/, and failing under a module's floor. A change too large to re-run in
  // 150 s fails too: its author runs the modules locally and commits their results. A commit that
  // changed no critical module takes a second.
  ok &&= run('Mutation check (critical modules the last commit changed)', process.execPath, [
    '--import',
    'tsx',
    'scripts/mutation.ts',
    '--changed',
    '--max',
    '2',
    '--time-limit',
    '150',
  ])
  // The docs site: generated reference pages (actions, hooks, the OpenAPI document), the VitePress
  // build (which fails on a dead link) and a check of every link, fragments included.
  ok &&= run('Docs site (build, links)', process.execPath, [
    '--import',
    'tsx',
    'scripts/docs/build.ts',
  ])
  // Foyer as an app team installs it: every published package built (tsdown), packed, linted
  // (publint, attw), installed from the tarballs into examples/vite-react and built, and
  // `foyer-server` started from its tarball (scripts/packages.ts).
  ok &&= run('Packages (build, pack, publint, attw, example build)', process.execPath, [
    '--import',
    'tsx',
    'scripts/packages.ts',
  ])
}
if (ok) vitest('End-to-end tests (Chromium)', ['--config', 'e2e/vitest.config.ts'], 'e2e')
// The end-to-end run built the demo for production; size-limit checks its budgets (.size-limit.cjs).
if (ok)
  ok &&= run('Size budgets (size-limit)', process.execPath, ['node_modules/size-limit/bin.js'])

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
)
process.exit(ok && totals.failed === 0 ? 0 : 1)
