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
