/**
 * `npm test`: system packages, lint, typecheck, dependency advisories (`scripts/audit.ts`), unit +
 * integration tests, the mutation check of the critical modules the last commit changed
 * (`scripts/mutation.ts`), then end-to-end tests in Chromium against a local world that the run
 * starts and stops itself, with the typical app page (apps/demo/vite.typical.config.ts), the docs
 * site (`scripts/docs/build.ts`) and the published packages (`scripts/packages.ts`) built beside
 * them, and the size budgets. Ends with one summary line 'N passed, N failed'.
 */
import { spawn, spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootDir } from './world.ts'

const e2eOnly = process.argv.includes('--e2e-only')
/**
 * The tests (unit, mutation, end-to-end) run with no network but loopback wherever the runner can
 * make a network namespace (scripts/offline.sh: root and iproute2's `ip`), so nothing in them can
 * wait on the outside world unseen. What needs the registry or Debian's mirror (system packages,
 * the advisories, installing the packed packages beside the end-to-end tests) runs before or
 * beside them with the network. `--online`: the tests with the network too. `--offline`: fail
 * where the runner cannot make the namespace instead of running them with the network.
 */
const testsOffline =
  !process.argv.includes('--online') &&
  process.env.FOYER_OFFLINE !== '1' &&
  spawnSync('unshare', ['-n', 'true']).status === 0 &&
  spawnSync('ip', ['-V']).status === 0
if (process.argv.includes('--offline') && !testsOffline && process.env.FOYER_OFFLINE !== '1') {
  console.error(
    '--offline: this runner cannot make a network namespace (needs root, unshare and ip); run `npm test` for a run with the network.',
  )
  process.exit(1)
}
/** A test command, inside the network namespace when the tests run offline. */
function testCommand(command: string, args: string[]): [string, string[]] {
  return testsOffline ? ['bash', ['scripts/offline.sh', command, ...args]] : [command, args]
}
const reportDir = mkdtempSync(join(tmpdir(), 'foyer-test-'))

/** The machine's CPU time so far, busy and in all (every core, every process). */
function cpuTimes() {
  let busy = 0
  let total = 0
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq
    busy += all - times.idle
    total += all
  }
  return { busy, total }
}

/**
 * How a step took: its seconds and how busy the machine's cores were meanwhile (all processes,
 * steps beside it included), which says whether a slow step waits or computes.
 */
function took(started: number, cpuBefore: { busy: number; total: number }) {
  const cpu = cpuTimes()
  const share = (cpu.busy - cpuBefore.busy) / Math.max(1, cpu.total - cpuBefore.total)
  return `${((Date.now() - started) / 1000).toFixed(1)} s, CPU ${Math.round(share * 100)} % of ${cpus().length} cores`
}
const totals = { passed: 0, failed: 0, skipped: 0 }
let ok = true

/** Runs a step with its output on the terminal; resolves with whether it passed. */
async function run(title: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${title}`)
  const started = Date.now()
  const cpuBefore = cpuTimes()
  const child = spawn(command, args, { cwd: rootDir, stdio: 'inherit', env: process.env })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  console.log(`${code === 0 ? '✔' : '✘'} ${title} (${took(started, cpuBefore)})`)
  return code === 0
}

async function vitest(title: string, configArgs: string[], name: string) {
  const outputFile = join(reportDir, `${name}.json`)
  const passed = await run(
    title,
    ...testCommand(process.execPath, [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...configArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ]),
  )
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

/**
 * Runs a step beside another, its output to `logFile` (printed when it ends, so the two steps'
 * lines do not interleave); resolves with whether it passed.
 */
async function runBeside(
  title: string,
  args: string[],
  logFile: string,
  env: Record<string, string> = {},
): Promise<boolean> {
  const log = openSync(logFile, 'w')
  const started = Date.now()
  const cpuBefore = cpuTimes()
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, log],
  })
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  closeSync(log)
  const timing = took(started, cpuBefore)
  console.log(`\n▶ ${title} (beside the end-to-end tests)`)
  process.stdout.write(readFileSync(logFile, 'utf8'))
  console.log(`${code === 0 ? '✔' : '✘'} ${title} (${timing})`)
  return code === 0
}

/**
 * The typical app page built on its own (15 to 30 s), for its size budget; then, unless only the
 * end-to-end tests run, the docs site and the packages: one after the other, so they never take
 * both cores.
 */
async function startBuildsBeside(): Promise<boolean> {
  const typicalPage = await runBeside(
    'Typical app page build (size budget)',
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '-c',
      'apps/demo/vite.typical.config.ts',
      '--logLevel',
      'error',
    ],
    join(reportDir, 'typical-page.log'),
    // Under a test runner NODE_ENV may be 'test', which would ship React's development build.
    { NODE_ENV: 'production' },
  )
  if (e2eOnly) return typicalPage
  // The docs site: generated reference pages (actions, hooks, the OpenAPI document), the VitePress
  // build (which fails on a dead link) and a check of every link, fragments included.
  const docs = await runBeside(
    'Docs site (build, links)',
    ['--import', 'tsx', 'scripts/docs/build.ts'],
    join(reportDir, 'docs.log'),
  )
  // Foyer as an app team installs it: every published package built (tsdown), packed, linted
  // (publint, attw), installed from the tarballs into examples/vite-react and built, and
  // `foyer-server` started from its tarball (scripts/packages.ts).
  const packages = await runBeside(
    'Packages (build, pack, publint, attw, example build)',
    ['--import', 'tsx', 'scripts/packages.ts'],
    join(reportDir, 'packages.log'),
  )
  return typicalPage && docs && packages
}

console.log(
  testsOffline
    ? 'The tests run with no network but loopback (a network namespace: scripts/offline.sh); `npm test -- --online` runs them with the network.'
    : 'The tests run with the network: this runner cannot make a network namespace (scripts/offline.sh needs root, unshare and ip).',
)
ok &&= await run('System packages (chromium, postgresql, redis-server)', 'bash', [
  'scripts/ensure-system-deps.sh',
])
if (ok && !e2eOnly) {
  ok &&= await run('Lint and format (biome)', process.execPath, [
    'node_modules/@biomejs/biome/bin/biome',
    'ci',
    '.',
  ])
  // TypeScript 7 (the native compiler) checks the workspace: the same errors as 5.9 in a fraction
  // of the time. 5.9 stays for the tools that use the compiler's JavaScript API (declaration
  // bundling, attw, scripts/packages.ts).
  ok &&= await run('Typecheck (TypeScript 7)', process.execPath, [
    'node_modules/typescript-native/bin/tsc',
    '-p',
    '.',
  ])
  // Fails on high/critical advisories of production dependencies; skipped (with a message) where
  // the registry does not answer audits.
  ok &&= await run('Dependency advisories (npm audit)', process.execPath, [
    '--import',
    'tsx',
    'scripts/audit.ts',
  ])
  await vitest('Unit and integration tests', [], 'unit')
  // Mutation testing of the critical modules the last commit changed (mutation/README.md): at most
  // two, re-running only the mutants and tests the change touched against the committed results
  // in mutation/incremental/, and failing under a module's floor. A change too large to re-run in
  // 150 s fails too: its author runs the modules locally and commits their results. A commit that
  // changed no critical module takes a second.
  ok &&= await run(
    'Mutation check (critical modules the last commit changed)',
    ...testCommand(process.execPath, [
      '--import',
      'tsx',
      'scripts/mutation.ts',
      '--changed',
      '--max',
      '2',
      '--time-limit',
      '150',
    ]),
  )
}
// The typical app page, the docs site and the packages are builds that share nothing with the
// local world (the page needs no devnet.json: see apps/demo/vite.config.ts): they run
// beside the end-to-end tests (which mostly wait on the browser and the chains) instead of before
// them, their output kept in a log printed when they end.
const buildsBeside = ok ? startBuildsBeside() : undefined
// Two files at a time where they share no state (e2e/vitest.parallel.config.ts says which), on one
// local world.
if (ok) {
  // The world's own output (its server's request and error lines), for a failed test's story.
  const worldLog = join(reportDir, 'world.log')
  process.env.FOYER_E2E_WORLD_LOG = worldLog
  const failedBefore = totals.failed
  await vitest('End-to-end tests (Chromium)', ['--config', 'e2e/vitest.parallel.config.ts'], 'e2e')
  if (totals.failed > failedBefore) console.log(`The local world's log of this run: ${worldLog}`)
}
if (buildsBeside) ok = (await buildsBeside) && ok
// The end-to-end run built the demo for production, and the typical app page was built beside it;
// size-limit checks their budgets (.size-limit.cjs).
if (ok)
  ok &&= await run('Size budgets (size-limit)', process.execPath, [
    'node_modules/size-limit/bin.js',
  ])

console.log(
  `\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
)
process.exit(ok && totals.failed === 0 ? 0 : 1)
