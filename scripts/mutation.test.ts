import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  applyMutant,
  changedModules,
  checkEquivalents,
  equivalentRow,
  type ModuleList,
  mutationScore,
  parseEquivalents,
  type ReportMutant,
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

  it('finds a survivor in the equivalents list by module, mutator and code, not by line', () => {
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
        mutator: 'ArithmeticOperator',
        original: '10 * 60_000',
        replacement: '10 / 60_000',
      },
      { module: 'a/b.ts', mutator: 'StringLiteral', original: "'|'", replacement: '""' },
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

  it('scores detected mutants over valid ones, leaving errors and ignored ones out', () => {
    const statuses = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'RuntimeError', 'Ignored']
    expect(
      mutationScore(statuses.map((status) => mutant({ status: status as ReportMutant['status'] }))),
    ).toBe(50)
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
