// The build of every published package (`npm run build`, or `npm run build` in one package):
// tsdown (Rolldown) to `dist/` as ESM with `.d.ts`, source maps and declaration maps. Lazy
// `import()` boundaries (dialog views, adapters, wallet SDKs) stay chunks of their own, and every
// dependency and peer dependency stays an import (`deps.onlyBundle: []` fails the build if anything
// from node_modules would be copied into `dist/`).
import { resolve } from 'node:path'
import type { UserConfig } from 'tsdown'

export type FoyerPackageOptions = {
  /** Output name (without `.js`) → source file, one per `exports` entry (and `bin`). */
  entry: Record<string, string>
  /** `node` for the server; the libraries are `neutral` (browsers, Node, any bundler). */
  platform?: 'node' | 'neutral'
  /** What to put on top of output chunks: a directive (`'use client'`) or a shebang. */
  banner?: string | ((chunk: { fileName: string }) => string | undefined)
  copy?: UserConfig['copy']
}

export function foyerPackage(options: FoyerPackageOptions): UserConfig {
  return {
    entry: options.entry,
    format: 'esm',
    platform: options.platform ?? 'neutral',
    target: 'es2022',
    outDir: 'dist',
    // One output module per source module, as the source is laid out: with `sideEffects: false`
    // an app's bundler then drops every module the app does not reach (a single bundled file
    // would keep, e.g., every valibot schema of @foyer/protocol on the connect button's page).
    unbundle: true,
    clean: true,
    // `.js` and `.d.ts` (the packages are `"type": "module"`), for the node platform too.
    fixedExtension: false,
    sourcemap: true,
    dts: {
      sourcemap: true,
      compilerOptions: {
        // viem 2.57's client types reach types of its `actions/token` modules that no export of
        // viem names, so an inferred viem client type cannot be written into a `.d.ts` (TS2742,
        // e.g. `createNetworkClient` in @foyer/core, which no entry exports). This names them for
        // the declaration emit only; `scripts/packages.ts` fails if such a path reaches `dist/`.
        paths: { 'viem/_types/*': [resolve(import.meta.dirname, 'node_modules/viem/_types/*')] },
      },
    },
    deps: { onlyBundle: [] },
    // Rolldown's own `banner`, asked per chunk (tsdown's `banner` function is asked only once).
    outputOptions: (output) => ({
      ...output,
      banner: (chunk) => {
        const { banner } = options
        if (chunk.fileName.endsWith('.d.ts')) return '' // no statements in declaration files
        return (typeof banner === 'function' ? banner(chunk) : banner) ?? ''
      },
    }),
    ...(options.copy ? { copy: options.copy } : {}),
    // The sizes are printed by `scripts/packages.ts`' checks, not after every build.
    report: false,
    checks: { pluginTimings: false },
    logLevel: 'warn',
  }
}
