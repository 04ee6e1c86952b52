import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, test } from 'vitest'
import { en } from './en.ts'
import { pageMessages } from './pageMessages.ts'

const sourceRoot = join(import.meta.dirname, '..')

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** Keys used as `t('key')` or as quoted catalog keys in lookup tables (`'connect.tag.installed'`). */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>()
  for (const file of sourceFiles(sourceRoot)) {
    if (file.endsWith(join('i18n', 'en.ts')) || file.endsWith(join('i18n', 'pageMessages.ts')))
      continue
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g))
      used.set(match[1]!, relative(sourceRoot, file))
    for (const match of text.matchAll(/'((?:[a-z][A-Za-z]*\.)+[A-Za-z]+)'/g))
      if (match[1]!.split('.').length > 1 && match[1]! in en)
        used.set(match[1]!, relative(sourceRoot, file))
  }
  return used
}

describe('message catalog', () => {
  test('has every key the code uses', () => {
    const missing = [...usedKeys()].filter(([key]) => !(key in en))
    expect(missing).toEqual([])
  })

  test('has no entry that nothing uses (view titles are looked up by view name)', () => {
    const used = usedKeys()
    const unused = Object.keys(en).filter((key) => !used.has(key))
    expect(unused).toEqual([])
  })

  test('gives the host-page components every text they use (the dialog catalog is not loaded there)', () => {
    const pageFiles = [...usedKeys()].filter(([, file]) => !file.startsWith(`dialog${sep}`))
    expect(pageFiles.length).toBeGreaterThan(0)
    const missing = pageFiles.filter(([key]) => !(key in pageMessages))
    expect(missing).toEqual([])
  })

  test('has a non-empty English text for every key', () => {
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('')
  })
})
