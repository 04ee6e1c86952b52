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
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = fileURLToPath(new URL('..', import.meta.url))

export type CriticalModule = { file: string; tests: string[]; floor?: number }
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

export type Equivalent = { module: string; mutator: string; original: string; replacement: string }

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
 * reason |`, code in backticks, `|` written `\|`. The line is for readers; matching uses the rest.
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
    const [module, , mutator, original, replacement] = cells.map(unquote) as [
      string,
      string,
      string,
      string,
      string,
    ]
    if (!module.includes('/') || module === 'module') continue
    entries.push({ module, mutator, original, replacement })
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
 * places need two rows.
 */
export function checkEquivalents(
  equivalents: readonly Equivalent[],
  module: string,
  survivors: readonly ReportMutant[],
  source: string,
): { unlisted: ReportMutant[]; stale: Equivalent[] } {
  const unused = equivalents.filter((entry) => entry.module === module)
  const unlisted: ReportMutant[] = []
  for (const mutant of survivors) {
    const index = unused.findIndex((entry) => matches(entry, module, mutant, source))
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

/** Modules whose file or one of whose test files is in `changedFiles`, own changes first. */
export function changedModules(
  list: ModuleList,
  changedFiles: readonly string[],
): CriticalModule[] {
  const changed = new Set(changedFiles)
  const own = list.modules.filter((module) => changed.has(module.file))
  const byTests = list.modules.filter(
    (module) => !changed.has(module.file) && module.tests.some((test) => changed.has(test)),
  )
  return [...own, ...byTests]
}

function lastCommitFiles(): string[] | undefined {
  const parent = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD~1'], {
    cwd: rootDir,
    encoding: 'utf8',
  })
  if (parent.status !== 0) return undefined
  const diff = spawnSync('git', ['diff', '--name-only', 'HEAD~1', 'HEAD'], {
    cwd: rootDir,
    encoding: 'utf8',
  })
  if (diff.status !== 0) return undefined
  return diff.stdout.split('\n').filter(Boolean)
}

type Outcome = {
  module: CriticalModule
  floor: number
  score?: number
  mutants?: number
  undetected?: number
  seconds: number
  unlisted: string[]
  error?: string
}

/** Re-runs the module's tests against the mutated source; true when they fail (mutant killed). */
function recheckStatic(module: CriticalModule, source: string, mutant: ReportMutant): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-mutant-'))
  try {
    const mutantSource = join(dir, 'mutant.ts')
    writeFileSync(mutantSource, applyMutant(source, mutant))
    const result = spawnSync(
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
        cwd: rootDir,
        stdio: 'ignore',
        env: {
          ...process.env,
          FOYER_MUTATION_MODULE: module.file,
          FOYER_MUTANT_SOURCE: mutantSource,
        },
        timeout: 300_000,
      },
    )
    return result.status !== 0
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function runModule(
  module: CriticalModule,
  floor: number,
  equivalents: readonly Equivalent[],
  options: { force: boolean },
): Outcome {
  const started = Date.now()
  const seconds = () => Math.round((Date.now() - started) / 1000)
  const reportFile = join(rootDir, 'reports/mutation', `${reportName(module.file)}.json`)
  rmSync(reportFile, { force: true })
  console.log(`\n▶ ${module.file} (tests: ${module.tests.join(', ')})`)
  spawnSync(
    process.execPath,
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs'],
    {
      cwd: rootDir,
      stdio: 'inherit',
      env: {
        ...process.env,
        FOYER_MUTATION_MODULE: module.file,
        FOYER_MUTATION_FORCE: options.force ? '1' : '0',
      },
    },
  )
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
      const killed = recheckStatic(module, file.source, mutant)
      if (killed) mutant.status = 'Killed'
      console.log(
        `  ${killed ? 'killed' : 'survives'}: line ${mutant.location.start.line} ${mutant.mutatorName} → ${truncated(collapse(mutant.replacement))}`,
      )
    }
  }
  const left = mutants.filter((mutant) => undetected.has(mutant.status))
  const checked = checkEquivalents(equivalents, module.file, left, file.source)
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
    undetected: left.length,
    seconds: seconds(),
    unlisted,
  }
}

function main() {
  const args = process.argv.slice(2)
  const changedOnly = args.includes('--changed')
  const maxIndex = args.indexOf('--max')
  const max = maxIndex >= 0 ? Number(args[maxIndex + 1]) : Number.POSITIVE_INFINITY
  const words = args.filter(
    (arg, index) => !arg.startsWith('--') && (maxIndex < 0 || index !== maxIndex + 1),
  )
  const list: ModuleList = JSON.parse(readFileSync(join(rootDir, 'mutation/modules.json'), 'utf8'))
  const equivalents = parseEquivalents(
    readFileSync(join(rootDir, 'mutation/equivalent-mutants.md'), 'utf8'),
  )

  let selected = list.modules
  if (changedOnly) {
    const files = lastCommitFiles()
    if (!files) {
      console.log('Mutation check skipped: no parent commit to compare with.')
      return 0
    }
    selected = changedModules(list, files)
    if (!selected.length) {
      console.log('Mutation check skipped: the last commit changed no critical module.')
      return 0
    }
  }
  if (words.length)
    selected = selected.filter((module) => words.some((word) => module.file.includes(word)))
  if (!selected.length) {
    console.error(`No module of mutation/modules.json matches ${words.join(', ')}`)
    return 1
  }
  const skipped = selected.slice(max)
  selected = selected.slice(0, max)
  if (skipped.length)
    console.log(
      `Checking ${selected.length} of ${selected.length + skipped.length} changed modules; the others: npm run test:mutation -- ${skipped.map((module) => module.file).join(' ')}`,
    )

  // Every mutant runs, except with --changed or --incremental: those reuse the results kept in
  // mutation/incremental/ for the mutants and tests the change left alone.
  const force = !changedOnly && !args.includes('--incremental')
  const outcomes = selected.map((module) =>
    runModule(module, module.floor ?? list.floor, equivalents, { force }),
  )
  let ok = true
  console.log('\nMutation scores (killed or timed out / all valid mutants):')
  for (const outcome of outcomes) {
    const below = outcome.score === undefined || outcome.score < outcome.floor
    const strictFailure = !changedOnly && outcome.unlisted.length > 0
    if (below || strictFailure) ok = false
    const score =
      outcome.score === undefined ? (outcome.error ?? 'no score') : `${outcome.score.toFixed(1)} %`
    console.log(
      `${below ? '✘' : '✔'} ${outcome.module.file}: ${score} (floor ${outcome.floor} %, ${outcome.mutants ?? 0} mutants, ${outcome.undetected ?? 0} not detected, ${outcome.seconds} s)`,
    )
  }
  const unlisted = outcomes.flatMap((outcome) => outcome.unlisted)
  if (unlisted.length) {
    console.log(
      `\n${changedOnly ? 'Warning: ' : '✘ '}${unlisted.length} mutant(s) survive that mutation/equivalent-mutants.md does not list. Kill them with a test, or add the row with the reason they cannot be told apart:`,
    )
    for (const row of unlisted) console.log(row)
  }
  return ok ? 0 : 1
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main())
