import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, vi } from 'vitest'
import {
  applyMutant,
  changedModules,
  checkEquivalents,
  equivalentRow,
  incrementalFile,
  type ModuleList,
  mutationScore,
  parseEquivalents,
  parseOptions,
  type ReportMutant,
  runGroup,
  scoreTable,
} from './mutation.ts'

const rootDir = fileURLToPath(new URL('..', import.meta.url))
const source = "export const limit = 10 * 60_000\nexport const pipe = (a: string) => a === '|'\n"
const mutant = (overrides: Partial<ReportMutant>): ReportMutant => ({
  id: '1',
  mutatorName: 'ArithmeticOperator',
  replacement: '10 / 60_000',
  location: { start: { line: 1, column: 22 }, end: { line: 1, column: 33 } },
  status: 'Survived',
  ...overrides,
})
const pipeMutant = mutant({
  mutatorName: 'StringLiteral',
  replacement: '""',
  location: { start: { line: 2, column: 42 }, end: { line: 2, column: 45 } },
})

describe('mutation check (scripts/mutation.ts)', () => {
  it('applies a mutant at its 1-based line and column', () => {
    expect(applyMutant(source, mutant({}))).toContain('export const limit = 10 / 60_000\n')
    expect(applyMutant(source, pipeMutant)).toContain('(a: string) => a === ""\n')
  })

  it('finds a survivor in the equivalents list by module, mutator and code, on any line once the code moved', () => {
    const markdown = [
      '| module | line | mutator | original | replacement | reason |',
      '| --- | --- | --- | --- | --- | --- |',
      equivalentRow('a/b.ts', mutant({}), source).replace('… |', 'a reason |'),
      equivalentRow('a/b.ts', pipeMutant, source).replace('… |', 'a reason |'),
    ].join('\n')
    expect(markdown).toContain("`'\\|'`")
    const equivalents = parseEquivalents(markdown)
    expect(equivalents).toEqual([
      {
        module: 'a/b.ts',
        line: 1,
        mutator: 'ArithmeticOperator',
        original: '10 * 60_000',
        replacement: '10 / 60_000',
      },
      { module: 'a/b.ts', line: 2, mutator: 'StringLiteral', original: "'|'", replacement: '""' },
    ])
    const moved = `\n\n${source}`
    const movedMutant = mutant({
      location: { start: { line: 3, column: 22 }, end: { line: 3, column: 33 } },
    })
    expect(checkEquivalents(equivalents, 'a/b.ts', [movedMutant], moved)).toEqual({
      unlisted: [],
      stale: [equivalents[1]],
    })
    expect(checkEquivalents(equivalents, 'a/b.ts', [pipeMutant], source).unlisted).toEqual([])
    expect(checkEquivalents(equivalents, 'a/c.ts', [mutant({})], source).unlisted).toHaveLength(1)
    const other = mutant({ replacement: '10 + 60_000' })
    expect(checkEquivalents(equivalents, 'a/b.ts', [other], source).unlisted).toEqual([other])
    // One row per mutant: the same mutant twice needs two rows.
    expect(
      checkEquivalents(equivalents, 'a/b.ts', [mutant({}), mutant({ id: '2' })], source).unlisted,
    ).toEqual([mutant({ id: '2' })])
  })

  it('keeps a row whose mutant is still on its line for that line: a new survivor of the same code elsewhere is reported', () => {
    const equivalents = parseEquivalents(
      equivalentRow('a/b.ts', mutant({}), source).replace('… |', 'a reason |'),
    )
    // The same expression again on line 3: a test now kills the mutant of line 1, not that of 3.
    const twice = `${source}export const other = 10 * 60_000\n`
    const elsewhere = mutant({
      id: '3',
      location: { start: { line: 3, column: 22 }, end: { line: 3, column: 33 } },
    })
    const killed = mutant({ status: 'Killed' })
    expect(
      checkEquivalents(equivalents, 'a/b.ts', [elsewhere], twice, [killed, elsewhere]),
    ).toEqual({ unlisted: [elsewhere], stale: equivalents })
    // Both survive: the row accounts for its own line's, whatever the order of the report.
    expect(
      checkEquivalents(equivalents, 'a/b.ts', [elsewhere, mutant({})], twice).unlisted,
    ).toEqual([elsewhere])
    // No mutant of that code is left on line 1 (the code moved there): the row follows it.
    expect(checkEquivalents(equivalents, 'a/b.ts', [elsewhere], twice).unlisted).toEqual([])
  })

  it('scores detected mutants over valid ones, leaving errors and ignored ones out', () => {
    const statuses = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'RuntimeError', 'Ignored']
    expect(
      mutationScore(statuses.map((status) => mutant({ status: status as ReportMutant['status'] }))),
    ).toBe(50)
  })

  it('ends with a table of every module: mutants, killed, survived, no coverage and score', () => {
    const table = scoreTable([
      {
        file: 'a/long/module.ts',
        mutants: 120,
        killed: 110,
        survived: 6,
        noCoverage: 4,
        score: '91.7 %',
      },
      { file: 'b.ts', score: 'not checked within the time limit' },
    ])
    expect(table.split('\n')).toEqual([
      'module            mutants  killed  survived  no coverage                              score',
      '----------------  -------  ------  --------  -----------  ---------------------------------',
      'a/long/module.ts      120     110         6            4                             91.7 %',
      'b.ts                    -       -         -            -  not checked within the time limit',
    ])
  })

  it('picks the modules a commit changed, modules whose own file changed first', () => {
    const list: ModuleList = {
      floor: 85,
      modules: [
        { file: 'a.ts', tests: ['a.test.ts', 'shared.test.ts'] },
        { file: 'b.ts', tests: ['b.test.ts'] },
        { file: 'c.ts', tests: ['shared.test.ts'] },
      ],
    }
    expect(changedModules(list, ['README.md'])).toEqual([])
    expect(changedModules(list, ['shared.test.ts', 'b.ts']).map((m) => m.file)).toEqual([
      'b.ts',
      'a.ts',
      'c.ts',
    ])
  })

  it('also picks a module whose entry in modules.json or whose committed results changed', () => {
    const previous: ModuleList = {
      floor: 85,
      modules: [
        { file: 'src/a.ts', tests: ['src/a.test.ts'] },
        { file: 'src/b.ts', tests: ['src/b.test.ts', 'src/shared.test.ts'] },
        { file: 'src/c.ts', tests: ['src/c.test.ts'], floor: 80 },
        { file: 'src/d.ts', tests: ['src/d.test.ts'] },
      ],
    }
    const list: ModuleList = {
      floor: 85,
      modules: [
        { file: 'src/a.ts', tests: ['src/a.test.ts'] },
        // The same tests in another order: unchanged.
        { file: 'src/b.ts', tests: ['src/shared.test.ts', 'src/b.test.ts'] },
        { file: 'src/c.ts', tests: ['src/c.test.ts'], floor: 85 },
        { file: 'src/d.ts', tests: ['src/d.test.ts', 'src/d.more.test.ts'] },
        { file: 'src/e.ts', tests: ['src/e.test.ts'] },
      ],
    }
    const changed = (files: string[]) => changedModules(list, files, previous).map((m) => m.file)
    expect(changed(['mutation/modules.json'])).toEqual(['src/c.ts', 'src/d.ts', 'src/e.ts'])
    expect(changed(['mutation/modules.json', 'src/e.ts'])).toEqual([
      'src/e.ts',
      'src/c.ts',
      'src/d.ts',
    ])
    expect(incrementalFile('src/a.ts')).toBe('mutation/incremental/src_a.json')
    expect(changed(['mutation/incremental/src_a.json'])).toEqual(['src/a.ts'])
    // A list that did not exist before the commit: every module is new.
    expect(changedModules(list, ['mutation/modules.json'])).toHaveLength(5)
  })

  it('reads the options of npm run test:mutation, refusing unknown ones and bad numbers', () => {
    expect(parseOptions(['--changed', '--max', '2', '--time-limit', '150'])).toEqual({
      changed: true,
      incremental: false,
      max: 2,
      timeLimitSeconds: 150,
      words: [],
    })
    expect(parseOptions(['codeStore', '--incremental', 'custody/'])).toEqual({
      changed: false,
      incremental: true,
      max: Number.POSITIVE_INFINITY,
      timeLimitSeconds: undefined,
      words: ['codeStore', 'custody/'],
    })
    expect(() => parseOptions(['--max'])).toThrow('--max takes a whole number of at least 1')
    expect(() => parseOptions(['--time-limit', '0'])).toThrow('--time-limit takes a whole number')
    expect(() => parseOptions(['--time-limit', '2m'])).toThrow('(got 2m)')
    expect(() => parseOptions(['--change'])).toThrow('Unknown option --change')
  })

  it('stops Stryker and the test processes it started at the time limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-mutation-test-'))
    try {
      const pidFile = join(dir, 'grandchild')
      // A parent that never ends, with a child of its own that never ends either.
      const parent = `
        const { spawn } = require('node:child_process')
        const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
        require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(child.pid))
        setInterval(() => {}, 1000)`
      const started = Date.now()
      const done = runGroup(process.execPath, ['-e', parent], {
        env: process.env,
        stdio: 'ignore',
        timeoutMs: 5_000,
      })
      await vi.waitFor(() => expect(existsSync(pidFile)).toBe(true), { timeout: 4_500 })
      const grandchild = Number(readFileSync(pidFile, 'utf8'))
      expect(running(grandchild)).toBe(true)
      expect((await done).timedOut).toBe(true)
      expect(Date.now() - started).toBeLessThan(15_000)
      await vi.waitFor(() => expect(running(grandchild)).toBe(false), { timeout: 10_000 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('resolves the exit status of a command that ends in time', async () => {
    const result = await runGroup(process.execPath, ['-e', 'process.exit(3)'], {
      env: process.env,
      stdio: 'ignore',
      timeoutMs: 30_000,
    })
    expect(result).toEqual({ status: 3, timedOut: false })
  })

  it('lists only existing modules and test files, each module once', () => {
    const list: ModuleList = JSON.parse(
      readFileSync(join(rootDir, 'mutation/modules.json'), 'utf8'),
    )
    const files = list.modules.map((module) => module.file)
    expect(new Set(files).size).toBe(files.length)
    for (const module of list.modules) {
      expect(existsSync(join(rootDir, module.file)), module.file).toBe(true)
      expect(module.tests.length, module.file).toBeGreaterThan(0)
      for (const test of module.tests) expect(existsSync(join(rootDir, test)), test).toBe(true)
    }
    for (const entry of parseEquivalents(
      readFileSync(join(rootDir, 'mutation/equivalent-mutants.md'), 'utf8'),
    ))
      expect(files, entry.module).toContain(entry.module)
  })
})

/** Whether the process runs (a zombie, ended but not yet reaped, does not). */
function running(pid: number): boolean {
  try {
    // Linux: the state follows the command name in /proc/<pid>/stat.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    if (existsSync('/proc/self/stat')) return false
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
