import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkDocsLinks } from './checkLinks.ts'

describe('the docs link check', () => {
  let distDir: string
  const write = (path: string, html: string) => {
    const file = join(distDir, path)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, html)
  }
  afterEach(() => rmSync(distDir, { recursive: true, force: true }))

  const site = (extra: string) => {
    distDir = mkdtempSync(join(tmpdir(), 'foyer-docs-links-'))
    write('index.html', `<a href="/guide/start">start</a><a href="#top">top</a><h1 id="top">x</h1>`)
    write(
      'guide/start.html',
      `<h2 id="install">Install</h2><a href="./config#theme-mode">c</a><a href="/openapi.json">o</a>${extra}`,
    )
    write('guide/config.html', '<h2 id="theme-mode">themeMode</h2>')
    write('openapi.json', '{}')
  }

  it('passes a site whose pages, files and fragments all exist', () => {
    site('<a href="https://eips.ethereum.org/EIPS/eip-1193">EIP-1193</a>')
    expect(checkDocsLinks(distDir)).toEqual([])
  })

  it('reports a link to a page that does not exist', () => {
    site('<a href="/guide/missing">m</a>')
    expect(checkDocsLinks(distDir)).toEqual(['guide/start.html: dead link /guide/missing'])
  })

  it('reports a fragment the target page has no element for', () => {
    site('<a href="/guide/config#themes">t</a>')
    expect(checkDocsLinks(distDir)).toEqual(['guide/start.html: no #themes in guide/config.html'])
  })

  it('reports a link out of the site other than to a public specification', () => {
    site('<a href="https://github.com/foyer/foyer">repo</a>')
    expect(checkDocsLinks(distDir)).toEqual([
      'guide/start.html: link out of the site to https://github.com/foyer/foyer',
    ])
  })
})
