/**
 * `npm run test:mutation`: mutation testing (StrykerJS) of the critical modules listed in
 * mutation/modules.json, one Stryker run per module (stryker.config.mjs) with only that module's
 * test files. Prints each module's score and fails when one is under its floor, or when a mutant
 * survives that mutation/equivalent-mutants.md does not list.
 *
 * Surviving mutants of module-level constants ("static" in Stryker's report) are re-run here
 * without Stryker: the module's tests run once more with the mutated source served in place of
 * the module (mutation/vitest.config.ts), and the mutant counts as killed when they fail.
 *
 *   npm run test:mutation                      every module
 *   npm run test:mutation -- matchOrigin       modules whose path contains one of the words
 *   npm run test:mutation -- --changed --max 2 modules (or their tests) changed by the last commit
 *                                              (CI: scripts/test.ts); only the floor fails the run
 *   … --incremental                            re-run only what changed since mutation/incremental/
 *   … --time-limit 150                         stop (and fail) when not done within 150 s
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = fileURLToPath(new URL('..', import.meta.url))

export type CriticalModule = {
  file: string
  tests: string[]
  floor?: number
  /** Its tests' database under mutation testing: one PostgreSQL server for the run (README). */
  database?: 'postgres'
}
export type ModuleList = { floor: number; modules: CriticalModule[] }

type Location = { start: { line: number; column: number }; end: { line: number; column: number } }
type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'NoCoverage'
  | 'Timeout'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending'
export type ReportMutant = {
  id: string
  mutatorName: string
  replacement: string
  location: Location
  status: MutantStatus
  static?: boolean
}
export type Report = { files: Record<string, { source: string; mutants: ReportMutant[] }> }

export type Equivalent = {
  module: string
  /** The 1-based line the row names (0 when it names none). */
  line: number
  mutator: string
  original: string
  replacement: string
}

/** The module's file path as Stryker's report and reports/mutation/ name it. */
export function reportName(file: string): string {
  return file.replace(/\.tsx?$/, '').replaceAll('/', '_')
}

/** The code a mutant replaces (report locations: 1-based lines and columns, end exclusive). */
export function originalCode(source: string, location: Location): string {
  return source.slice(offset(source, location.start), offset(source, location.end))
}

/** The module's source with one mutant applied. */
export function applyMutant(source: string, mutant: ReportMutant): string {
  return (
    source.slice(0, offset(source, mutant.location.start)) +
    mutant.replacement +
    source.slice(offset(source, mutant.location.end))
  )
}

function offset(source: string, { line, column }: { line: number; column: number }): number {
  let index = 0
  for (let current = 1; current < line; current++) index = source.indexOf('\n', index) + 1
  return index + column - 1
}

const collapse = (code: string) => code.replace(/\s+/g, ' ').trim()
const truncated = (code: string, length = 60) =>
  code.length > length ? `${code.slice(0, length)}…` : code

/** Whether `code` is what an entry of the equivalents list wrote (possibly cut short with '…'). */
function sameCode(listed: string, code: string): boolean {
  const wanted = collapse(listed)
  const actual = collapse(code)
  return wanted.endsWith('…') ? actual.startsWith(wanted.slice(0, -1)) : actual === wanted
}

/**
 * The rows of mutation/equivalent-mutants.md: `| module | line | mutator | original | replacement |
 * reason |`, code in backticks, `|` written `\|`. Matching uses the line only while the code is
 * still there (see `checkEquivalents`).
 */
export function parseEquivalents(markdown: string): Equivalent[] {
  const entries: Equivalent[] = []
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replaceAll('\\|', '|'))
    if (cells.length < 6) continue
    const [module, lineCell, mutator, original, replacement] = cells.map(unquote) as [
      string,
      string,
      string,
      string,
      string,
    ]
    if (!module.includes('/') || module === 'module') continue
    entries.push({
      module,
      line: Number.parseInt(lineCell, 10) || 0,
      mutator,
      original,
      replacement,
    })
  }
  return entries
}

function unquote(cell: string): string {
  const match = /^(`+)\s?([\s\S]*?)\s?\1$/.exec(cell)
  return match ? match[2]! : cell
}

function quote(code: string): string {
  const escaped = code.replaceAll('|', '\\|')
  return escaped.includes('`') ? `\`\` ${escaped} \`\`` : `\`${escaped}\``
}

function matches(entry: Equivalent, module: string, mutant: ReportMutant, source: string) {
  return (
    entry.module === module &&
    entry.mutator === mutant.mutatorName &&
    sameCode(entry.replacement, mutant.replacement) &&
    sameCode(entry.original, originalCode(source, mutant.location))
  )
}

/**
 * The surviving mutants the equivalents list does not account for, and the rows of `module` that
 * matched no survivor (stale). Each row accounts for one mutant: two identical mutants in two
 * places need two rows. A row matches a survivor on the line it names first, and one on another
 * line only once no mutant of its code is left on its line (the lines shifted as the module was
 * edited): so a row whose mutant a test now kills cannot account for a new survivor of the same
 * code elsewhere. `mutants` is every mutant of the run (killed ones too; the survivors if absent).
 */
export function checkEquivalents(
  equivalents: readonly Equivalent[],
  module: string,
  survivors: readonly ReportMutant[],
  source: string,
  mutants: readonly ReportMutant[] = survivors,
): { unlisted: ReportMutant[]; stale: Equivalent[] } {
  const unused = equivalents.filter((entry) => entry.module === module)
  const onItsLine = (entry: Equivalent, mutant: ReportMutant) =>
    entry.line === mutant.location.start.line && matches(entry, module, mutant, source)
  const unmatched: ReportMutant[] = []
  for (const mutant of survivors) {
    const index = unused.findIndex((entry) => onItsLine(entry, mutant))
    if (index < 0) unmatched.push(mutant)
    else unused.splice(index, 1)
  }
  const moved = (entry: Equivalent) => !mutants.some((mutant) => onItsLine(entry, mutant))
  const unlisted: ReportMutant[] = []
  for (const mutant of unmatched) {
    const index = unused.findIndex(
      (entry) => moved(entry) && matches(entry, module, mutant, source),
    )
    if (index < 0) unlisted.push(mutant)
    else unused.splice(index, 1)
  }
  return { unlisted, stale: unused }
}

/** A row for mutation/equivalent-mutants.md describing `mutant` (its reason left to write). */
export function equivalentRow(module: string, mutant: ReportMutant, source: string): string {
  const original = truncated(collapse(originalCode(source, mutant.location)))
  const replacement = truncated(collapse(mutant.replacement))
  return `| ${module} | ${mutant.location.start.line} | ${mutant.mutatorName} | ${quote(original)} | ${quote(replacement)} | … |`
}

const detected = new Set<MutantStatus>(['Killed', 'Timeout'])
const undetected = new Set<MutantStatus>(['Survived', 'NoCoverage'])

/** Stryker's mutation score: detected / (detected + undetected), errors and ignored left out. */
export function mutationScore(mutants: readonly ReportMutant[]): number {
  const killed = mutants.filter((mutant) => detected.has(mutant.status)).length
  const valid = killed + mutants.filter((mutant) => undetected.has(mutant.status)).length
  return valid === 0 ? 100 : (100 * killed) / valid
}

/** The committed incremental results of a module (stryker.config.mjs's `incrementalFile`). */
export function incrementalFile(file: string): string {
  return `mutation/incremental/${reportName(file)}.json`
}

/** A module's test files and floor, for comparing two versions of modules.json. */
function entryKey(module: CriticalModule, list: ModuleList): string {
  return JSON.stringify([
    [...module.tests].sort(),
    module.floor ?? list.floor,
    module.database ?? 'pglite',
  ])
}

/**
 * The modules a change touched, in the order the CI check takes them: those whose own file
 * changed, then those with a changed test file, then those whose entry in modules.json (tests,
 * floor; compared with `previous`, the list before the change) or committed incremental results
 * changed.
 */
export function changedModules(
  list: ModuleList,
  changedFiles: readonly string[],
  previous?: ModuleList,
): CriticalModule[] {
  const changed = new Set(changedFiles)
  const own = list.modules.filter((module) => changed.has(module.file))
  const byTests = list.modules.filter(
    (module) => !own.includes(module) && module.tests.some((test) => changed.has(test)),
  )
  const listChanged = changed.has('mutation/modules.json')
  const byEntry = list.modules.filter((module) => {
    if (own.includes(module) || byTests.includes(module)) return false
    if (changed.has(incrementalFile(module.file))) return true
    if (!listChanged) return false
    const before = previous?.modules.find((entry) => entry.file === module.file)
    return !before || !previous || entryKey(before, previous) !== entryKey(module, list)
  })
  return [...own, ...byTests, ...byEntry]
}

export type Options = {
  /** Only the modules the last commit changed (CI). */
  changed: boolean
  /** Reuse the results in mutation/incremental/ for the mutants and tests a change left alone. */
  incremental: boolean
  /** At most this many modules. */
  max: number
  /** Stop (and fail) when the Stryker runs have not finished within this many seconds. */
  timeLimitSeconds: number | undefined
  /** Modules whose path contains one of these. */
  words: string[]
}

export function parseOptions(args: readonly string[]): Options {
  const options: Options = {
    changed: false,
    incremental: false,
    max: Number.POSITIVE_INFINITY,
    timeLimitSeconds: undefined,
    words: [],
  }
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (arg === '--changed') options.changed = true
    else if (arg === '--incremental') options.incremental = true
    else if (arg === '--max' || arg === '--time-limit') {
      const text = args[++index]
      const value = Number(text)
      if (!text || !Number.isInteger(value) || value < 1)
        throw new Error(`${arg} takes a whole number of at least 1 (got ${text ?? 'nothing'})`)
      if (arg === '--max') options.max = value
      else options.timeLimitSeconds = value
    } else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`)
    else options.words.push(arg)
  }
  return options
}

function git(args: string[]): string | undefined {
  const result = spawnSync('git', args, { cwd: rootDir, encoding: 'utf8' })
  return result.status === 0 ? result.stdout : undefined
}

/** The files the last commit changed, and modules.json before it; undefined without a parent. */
function lastCommit(): { files: string[]; previousList: ModuleList | undefined } | undefined {
  if (git(['rev-parse', '--verify', '--quiet', 'HEAD~1']) === undefined) return undefined
  const diff = git(['diff', '--name-only', 'HEAD~1', 'HEAD'])
  if (diff === undefined) return undefined
  const files = diff.split('\n').filter(Boolean)
  let previousList: ModuleList | undefined
  if (files.includes('mutation/modules.json'))
    try {
      previousList = JSON.parse(git(['show', 'HEAD~1:mutation/modules.json']) ?? '')
    } catch {
      previousList = undefined // new in this commit: every module counts as changed
    }
  return { files, previousList }
}

/** Process groups started here and still running (stopped with us on Ctrl-C). */
const runningGroups = new Set<number>()

/**
 * Runs a command in a process group of its own and resolves its exit status. Past `timeoutMs`
 * the whole group is stopped (Stryker and the test processes it started, which outlive a killed
 * parent), and `timedOut` is true.
 */
export function runGroup(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; stdio: 'inherit' | 'ignore'; timeoutMs?: number | undefined },
): Promise<{ status: number | null; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: rootDir,
      env: options.env,
      stdio: options.stdio,
      detached: true,
    })
    child.once('error', reject)
    const pid = child.pid
    if (pid === undefined) return // not started: 'error' follows
    runningGroups.add(pid)
    const stop = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal)
      } catch {
        // the group has already ended
      }
    }
    let timedOut = false
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => {
              timedOut = true
              stop('SIGTERM')
              // Whatever ignores SIGTERM goes too.
              setTimeout(() => stop('SIGKILL'), 5_000).unref()
            },
            Math.max(0, options.timeoutMs),
          )
    child.once('exit', (status) => {
      clearTimeout(timer)
      runningGroups.delete(pid)
      // Test processes still running once Stryker has stopped would hold CI's cores.
      if (timedOut) stop('SIGKILL')
      resolve({ status, timedOut })
    })
  })
}

type Outcome = {
  module: CriticalModule
  floor: number
  score?: number
  mutants?: number
  undetected?: number
  /** Killed or timed out (static survivors re-run and killed here included). */
  killed?: number
  survived?: number
  noCoverage?: number
  seconds: number
  unlisted: string[]
  error?: string
  /** Stopped at the time limit: no score. */
  outOfTime?: boolean
}

/**
 * Re-runs the module's tests against the mutated source: 'killed' when they fail, 'out of time'
 * when `timeoutMs` (the time limit's rest) ran out first.
 */
async function recheckStatic(
  module: CriticalModule,
  source: string,
  mutant: ReportMutant,
  timeoutMs: number | undefined,
): Promise<'killed' | 'survives' | 'out of time'> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-mutant-'))
  try {
    const mutantSource = join(dir, 'mutant.ts')
    writeFileSync(mutantSource, applyMutant(source, mutant))
    // A mutant that makes the tests hang counts as detected, as Stryker counts its timeouts.
    const hangs = 300_000
    const result = await runGroup(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'mutation/vitest.config.ts',
        '--bail=1',
        '--reporter=dot',
      ],
      {
        stdio: 'ignore',
        env: {
          ...process.env,
          FOYER_MUTATION_MODULE: module.file,
          FOYER_MUTANT_SOURCE: mutantSource,
        },
        timeoutMs: Math.min(hangs, timeoutMs ?? hangs),
      },
    )
    if (result.timedOut && timeoutMs !== undefined && timeoutMs < hangs) return 'out of time'
    return result.status !== 0 ? 'killed' : 'survives'
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function runModule(
  module: CriticalModule,
  floor: number,
  equivalents: readonly Equivalent[],
  options: { force: boolean; deadline: number | undefined },
): Promise<Outcome> {
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 1000)
  const left = () => (options.deadline === undefined ? undefined : options.deadline - Date.now())
  const outOfTime = (): Outcome => ({
    module,
    floor,
    seconds: seconds(),
    unlisted: [],
    error: 'not checked within the time limit',
    outOfTime: true,
  })
  if ((left() ?? 1) <= 0) return outOfTime()
  const reportFile = join(rootDir, 'reports/mutation', `${reportName(module.file)}.json`)
  rmSync(reportFile, { force: true })
  console.log(`\n▶ ${module.file} (tests: ${module.tests.join(', ')})`)
  // This run's own sandbox folder: a run stopped at the time limit leaves its copy behind.
  const tempDir = join('.stryker-tmp', `${reportName(module.file)}-${process.pid}`)
  const stryker = await runGroup(
    process.execPath,
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        FOYER_MUTATION_MODULE: module.file,
        FOYER_MUTATION_FORCE: options.force ? '1' : '0',
        FOYER_MUTATION_TEMP_DIR: tempDir,
      },
      timeoutMs: left(),
    },
  ).finally(() => rmSync(join(rootDir, tempDir), { recursive: true, force: true }))
  if (stryker.timedOut) return outOfTime()
  let report: Report
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'))
  } catch {
    return { module, floor, seconds: seconds(), unlisted: [], error: 'Stryker wrote no report' }
  }
  const file = report.files[module.file]
  if (!file) return { module, floor, seconds: seconds(), unlisted: [], error: 'not in the report' }
  const mutants = file.mutants.map((mutant) => ({ ...mutant }))
  const statics = mutants.filter((mutant) => mutant.static && undetected.has(mutant.status))
  if (statics.length) {
    console.log(`Re-running ${statics.length} surviving static mutant(s) without Stryker:`)
    for (const mutant of statics) {
      const result = await recheckStatic(module, file.source, mutant, left())
      if (result === 'out of time') return outOfTime()
      if (result === 'killed') mutant.status = 'Killed'
      console.log(
        `  ${result}: line ${mutant.location.start.line} ${mutant.mutatorName} → ${truncated(collapse(mutant.replacement))}`,
      )
    }
  }
  const remaining = mutants.filter((mutant) => undetected.has(mutant.status))
  const checked = checkEquivalents(equivalents, module.file, remaining, file.source, mutants)
  const unlisted = checked.unlisted.map((mutant) => equivalentRow(module.file, mutant, file.source))
  for (const entry of checked.stale)
    console.log(
      `Note: mutation/equivalent-mutants.md lists a mutant of ${module.file} that no longer survives (${entry.mutator} ${entry.original} → ${entry.replacement}): remove the row.`,
    )
  return {
    module,
    floor,
    score: mutationScore(mutants),
    mutants: mutants.filter(
      (mutant) => detected.has(mutant.status) || undetected.has(mutant.status),
    ).length,
    undetected: remaining.length,
    killed: mutants.filter((mutant) => detected.has(mutant.status)).length,
    survived: remaining.filter((mutant) => mutant.status === 'Survived').length,
    noCoverage: remaining.filter((mutant) => mutant.status === 'NoCoverage').length,
    seconds: seconds(),
    unlisted,
  }
}

/** The closing summary: one row per module, in a fixed-width table. */
export function scoreTable(
  rows: readonly {
    file: string
    mutants?: number | undefined
    killed?: number | undefined
    survived?: number | undefined
    noCoverage?: number | undefined
    score: string
  }[],
): string {
  const header = ['module', 'mutants', 'killed', 'survived', 'no coverage', 'score']
  const cells = rows.map((row) => [
    row.file,
    ...[row.mutants, row.killed, row.survived, row.noCoverage].map((n) =>
      n === undefined ? '-' : String(n),
    ),
    row.score,
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  )
  const format = (line: readonly string[]) =>
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd()
  return [
    format(header),
    format(widths.map((width) => '-'.repeat(width))),
    ...cells.map(format),
  ].join('\n')
}

async function main(): Promise<number> {
  let options: Options
  try {
    options = parseOptions(process.argv.slice(2))
  } catch (error) {
    console.error((error as Error).message)
    return 1
  }
  const list: ModuleList = JSON.parse(readFileSync(join(rootDir, 'mutation/modules.json'), 'utf8'))
  const equivalents = parseEquivalents(
    readFileSync(join(rootDir, 'mutation/equivalent-mutants.md'), 'utf8'),
  )

  let selected = list.modules
  if (options.changed) {
    const commit = lastCommit()
    if (!commit) {
      console.log('Mutation check skipped: no parent commit to compare with.')
      return 0
    }
    selected = changedModules(list, commit.files, commit.previousList)
    if (!selected.length) {
      console.log('Mutation check skipped: the last commit changed no critical module.')
      return 0
    }
  }
  const { words } = options
  if (words.length)
    selected = selected.filter((module) => words.some((word) => module.file.includes(word)))
  if (!selected.length) {
    console.error(`No module of mutation/modules.json matches ${words.join(', ')}`)
    return 1
  }
  const skipped = selected.slice(options.max)
  selected = selected.slice(0, options.max)
  if (skipped.length)
    console.log(
      `Checking ${selected.length} of ${selected.length + skipped.length} changed modules; the others: npm run test:mutation -- ${skipped.map((module) => module.file).join(' ')}`,
    )

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      for (const pid of runningGroups)
        try {
          process.kill(-pid, 'SIGKILL')
        } catch {
          // already gone
        }
      process.exit(1)
    })

  // Every mutant runs, except with --changed or --incremental: those reuse the results kept in
  // mutation/incremental/ for the mutants and tests the change left alone.
  const force = !options.changed && !options.incremental
  const limit = options.timeLimitSeconds
  const deadline = limit === undefined ? undefined : Date.now() + limit * 1000
  if (limit !== undefined) console.log(`Time limit: ${limit} s for ${selected.length} module(s).`)
  const outcomes: Outcome[] = []
  for (const module of selected)
    outcomes.push(
      await runModule(module, module.floor ?? list.floor, equivalents, { force, deadline }),
    )

  let ok = true
  console.log('\nMutation scores (killed or timed out / all valid mutants):')
  for (const outcome of outcomes) {
    const below = outcome.score === undefined || outcome.score < outcome.floor
    const strictFailure = !options.changed && outcome.unlisted.length > 0
    if (below || strictFailure) ok = false
    const score =
      outcome.score === undefined ? (outcome.error ?? 'no score') : `${outcome.score.toFixed(1)} %`
    console.log(
      `${below ? '✘' : '✔'} ${outcome.module.file}: ${score} (floor ${outcome.floor} %, ${outcome.mutants ?? 0} mutants, ${outcome.undetected ?? 0} not detected, ${outcome.seconds} s)`,
    )
  }
  console.log(
    `\n${scoreTable(
      outcomes.map((outcome) => ({
        file: outcome.module.file,
        mutants: outcome.mutants,
        killed: outcome.killed,
        survived: outcome.survived,
        noCoverage: outcome.noCoverage,
        score:
          outcome.score === undefined
            ? (outcome.error ?? 'no score')
            : `${outcome.score.toFixed(1)} %`,
      })),
    )}`,
  )
  const late = outcomes.filter((outcome) => outcome.outOfTime).map((outcome) => outcome.module.file)
  if (late.length)
    console.log(
      `\n✘ The change touched more mutants than this check re-runs in ${limit} s. Run \`npm run test:mutation -- ${late.join(' ')} --incremental\` and commit mutation/incremental/ with the change: this check then re-runs only what changed after it.`,
    )
  const unlisted = outcomes.flatMap((outcome) => outcome.unlisted)
  if (unlisted.length) {
    console.log(
      `\n${options.changed ? 'Warning: ' : '✘ '}${unlisted.length} mutant(s) survive that mutation/equivalent-mutants.md does not list. Kill them with a test, or add the row with the reason they cannot be told apart:`,
    )
    for (const row of unlisted) console.log(row)
  }
  return ok ? 0 : 1
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  main().then((code) => process.exit(code))
