/**
 * First-load size of the demo's pages in a production build: the HTML's entry script plus every
 * module it preloads and every stylesheet it links, raw, gzip and brotli.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { startDevnet } from '@foyer/devnet'
import { decode } from '@jridgewell/sourcemap-codec'
import { rootDir } from '../scripts/world.ts'

export type Size = { raw: number; gzip: number; brotli: number }

export function sizeOf(buffer: Buffer): Size {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  }
}

export function addSizes(sizes: Size[]): Size {
  return sizes.reduce(
    (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  )
}

/** Builds the demo against a devnet description (starting a throwaway devnet if none is written). */
export async function buildDemo(): Promise<string> {
  let devnetFile = join(rootDir, 'devnet.json')
  let stop: (() => Promise<void>) | undefined
  if (!existsSync(devnetFile)) {
    devnetFile = join(mkdtempSync(join(tmpdir(), 'foyer-bench-')), 'devnet.json')
    const started = await startDevnet({
      chains: [
        { chainId: 31337, port: 48545 },
        { chainId: 31338, port: 48546 },
      ],
      outFile: devnetFile,
    })
    stop = started.stop
  }
  try {
    const result = spawnSync(
      process.execPath,
      [join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', 'apps/demo', '--logLevel', 'error'],
      { cwd: rootDir, env: { ...process.env, FOYER_DEVNET_FILE: devnetFile }, stdio: 'inherit' },
    )
    if (result.status !== 0) throw new Error('vite build of the demo failed')
  } finally {
    await stop?.()
  }
  return join(rootDir, 'apps/demo/dist')
}

/**
 * Builds the typical app page on its own (apps/demo/vite.typical.config.ts), as an app with just
 * that page ships it; it needs no devnet.
 */
export function buildTypicalPage(): string {
  const result = spawnSync(
    process.execPath,
    [
      join(rootDir, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'apps/demo/vite.typical.config.ts',
      '--logLevel',
      'error',
    ],
    { cwd: rootDir, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error('vite build of the typical app page failed')
  return join(rootDir, 'apps/demo/dist-typical')
}

/** Files the browser fetches before the page is interactive: entry, modulepreloads, stylesheets. */
export function firstLoadFiles(distDir: string, htmlFile: string): string[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8')
  const refs = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!)
  return [...new Set(refs)].map((ref) => join(distDir, ref.replace(/^\//, '')))
}

export function firstLoadSize(
  distDir: string,
  htmlFile: string,
  only: (file: string) => boolean = () => true,
): Size & { files: number } {
  const files = firstLoadFiles(distDir, htmlFile).filter(only)
  return { ...addSizes(files.map((file) => sizeOf(readFileSync(file)))), files: files.length }
}

/** Who wrote the bytes of a first load. */
export type Author = 'foyer' | 'dependencies' | 'app' | 'bundler'

/**
 * Whose each byte of a page's first load is, from the files' source maps: Foyer's packages,
 * their npm dependencies (the store's zustand), the app's own modules, and the bundler's (its
 * runtime chunk, Vite's preload helper and the chunks' import and export lines, which no module
 * wrote). Raw bytes are exact; gzip and brotli, which only a whole file has, are shared out in
 * proportion to each author's bytes compressed alone.
 */
export function firstLoadByAuthor(
  distDir: string,
  htmlFile: string,
  only: (file: string) => boolean = () => true,
): Record<Author, Size> {
  const totals = Object.fromEntries(
    (['foyer', 'dependencies', 'app', 'bundler'] as const).map((author) => [
      author,
      { raw: 0, gzip: 0, brotli: 0 },
    ]),
  ) as Record<Author, Size>
  for (const file of firstLoadFiles(distDir, htmlFile).filter(only)) {
    const code = readFileSync(file, 'utf8')
    const texts = authorTexts(code, existsSync(`${file}.map`) ? `${file}.map` : undefined)
    const alone = Object.fromEntries(
      Object.entries(texts).map(([author, text]) => [author, sizeOf(Buffer.from(text))]),
    ) as Partial<Record<Author, Size>>
    const whole = sizeOf(Buffer.from(code))
    const sum = addSizes(Object.values(alone))
    for (const [author, size] of Object.entries(alone) as [Author, Size][]) {
      totals[author].raw += size.raw
      totals[author].gzip += Math.round((whole.gzip * size.gzip) / sum.gzip)
      totals[author].brotli += Math.round((whole.brotli * size.brotli) / sum.brotli)
    }
  }
  return totals
}

function authorOf(source: string | undefined): Author {
  if (source === undefined || source.includes('rolldown') || source.includes('vite/'))
    return 'bundler'
  if (source.includes('/node_modules/')) return 'dependencies'
  if (source.includes('/packages/')) return 'foyer'
  return 'app'
}

/** Each author's text in one built file: a span is its preceding mapping's (none: the bundler's). */
function authorTexts(code: string, mapFile: string | undefined): Partial<Record<Author, string>> {
  if (!mapFile) return { bundler: code }
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; mappings: string }
  const lines = decode(map.mappings)
  const texts: Partial<Record<Author, string>> = {}
  let author: Author = 'bundler'
  code.split('\n').forEach((line, index, all) => {
    let column = 0
    for (const segment of lines[index] ?? []) {
      texts[author] = (texts[author] ?? '') + line.slice(column, segment[0])
      column = segment[0]
      author = segment.length > 1 ? authorOf(map.sources[segment[1]!]) : 'bundler'
    }
    texts[author] =
      (texts[author] ?? '') + line.slice(column) + (index < all.length - 1 ? '\n' : '')
  })
  return texts
}
