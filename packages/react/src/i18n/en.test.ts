import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import ts from 'typescript'
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

/** The catalogs themselves: they list keys, they do not use them. */
const catalogFiles = [
  join('i18n', 'en.ts'),
  join('i18n', 'pageMessages.ts'),
  join('i18n', 'pageTranslations.ts'),
]
const isCatalog = (file: string) =>
  catalogFiles.some((catalog) => file.endsWith(catalog)) ||
  file.includes(`${sep}i18n${sep}locales${sep}`)

/** Keys used as `t('key')` or as quoted catalog keys in lookup tables (`'connect.tag.installed'`). */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>()
  for (const file of sourceFiles(sourceRoot)) {
    if (isCatalog(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g))
      used.set(match[1]!, relative(sourceRoot, file))
    for (const match of text.matchAll(/'((?:[a-z][A-Za-z]*\.)+[A-Za-z]+)'/g))
      if (match[1]!.split('.').length > 1 && match[1]! in en)
        used.set(match[1]!, relative(sourceRoot, file))
  }
  return used
}

/** Attributes whose text reaches people (shown, or read by assistive tech). */
const visibleAttributes = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'label',
  'placeholder',
  'title',
])
/** Glyphs that are not words: the Alerts' × (named by its aria-label), placeholders like 0.0. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text)

/** Text written into JSX instead of coming from the catalog: children and visible attributes. */
function hardCodedTexts(): string[] {
  const found: string[] = []
  for (const file of sourceFiles(sourceRoot).filter((path) => path.endsWith('.tsx'))) {
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    )
    const where = (node: ts.Node) =>
      `${relative(sourceRoot, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node): void => {
      if (ts.isJsxText(node) && hasWords(node.text))
        found.push(`${where(node)} ${node.text.trim()}`)
      if (ts.isJsxAttribute(node) && visibleAttributes.has(node.name.getText(source))) {
        const value = node.initializer
        const literal =
          value && ts.isJsxExpression(value) && value.expression ? value.expression : value
        if (literal && ts.isStringLiteralLike(literal) && hasWords(literal.text))
          found.push(`${where(node)} ${node.name.getText(source)}="${literal.text}"`)
      }
      // A string literal as a child expression: {'Close'}
      if (
        ts.isJsxExpression(node) &&
        node.expression &&
        ts.isStringLiteralLike(node.expression) &&
        ts.isJsxElement(node.parent) &&
        hasWords(node.expression.text)
      )
        found.push(`${where(node)} {'${node.expression.text}'}`)
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found
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

  test('every text in JSX comes from the catalog: no words written into elements or aria-labels', () => {
    expect(hardCodedTexts()).toEqual([])
  })

  test('has a non-empty English text for every key', () => {
    for (const [key, text] of Object.entries(en)) expect(text.trim(), key).not.toBe('')
  })
})
