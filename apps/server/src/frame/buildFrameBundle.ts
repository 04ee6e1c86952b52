import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const entryFile = fileURLToPath(new URL('./entry.ts', import.meta.url))

/** Bundles the frame page's script (`entry.ts` + `@foyer/frame`) for the browser, minified. */
export async function buildFrameBundle(): Promise<string> {
  const result = await build({
    entryPoints: [entryFile],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no frame bundle')
  return output.text
}
