import { describe, expect, test, vi } from 'vitest'

// Which catalog modules were really imported: each mock records its locale, then loads the module.
const { imported, record } = vi.hoisted(() => {
  const imported: string[] = []
  const record = (locale: string) => async (importOriginal: () => Promise<unknown>) => {
    imported.push(locale)
    return importOriginal()
  }
  return { imported, record }
})
vi.mock('./locales/ar.ts', record('ar'))
vi.mock('./locales/de.ts', record('de'))
vi.mock('./locales/es.ts', record('es'))
vi.mock('./locales/fr.ts', record('fr'))
vi.mock('./locales/he.ts', record('he'))
vi.mock('./locales/hi.ts', record('hi'))
vi.mock('./locales/id.ts', record('id'))
vi.mock('./locales/ja.ts', record('ja'))
vi.mock('./locales/ko.ts', record('ko'))
vi.mock('./locales/pt.ts', record('pt'))
vi.mock('./locales/ru.ts', record('ru'))
vi.mock('./locales/tr.ts', record('tr'))
vi.mock('./locales/zh-CN.ts', record('zh-CN'))

const { loadCatalog, loadedCatalog } = await import('./loadCatalog.ts')
const { en } = await import('./en.ts')

describe('loading a catalog', () => {
  test('English is built in: nothing is fetched', async () => {
    expect(await loadCatalog('en')).toBe(en)
    expect(imported).toEqual([])
  })

  test('fetches the chosen locale only, once', async () => {
    expect(loadedCatalog('ja')).toBeUndefined()
    const ja = await loadCatalog('ja')
    expect(ja['view.Connect.title']).toBe('ウォレットを接続')
    expect(await loadCatalog('ja')).toBe(ja)
    expect(loadedCatalog('ja')).toBe(ja)
    expect(imported).toEqual(['ja'])

    await loadCatalog('zh-CN')
    expect(imported).toEqual(['ja', 'zh-CN'])
  })
})
