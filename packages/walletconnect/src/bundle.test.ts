// Bundle check: an app that lists WalletConnect but never picks it must not download the SDK
// (nor the chain code of its solana, bip122, polkadot and cosmos connectors).
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'

const entry = fileURLToPath(new URL('./index.ts', import.meta.url))

async function bundle() {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: 'out',
    write: false,
    metafile: true,
    minify: true,
    logLevel: 'silent',
    // Core is the app's anyway; what matters is what this package adds.
    external: ['@foyer/core'],
  })
  return result.metafile
}

const isSdk = (input: string) => /node_modules\/@(walletconnect|reown)\//.test(input)
/** `@solana/kit`, `@foyer/solana` and this package's own Solana half. */
const isSolana = (input: string) =>
  /node_modules\/@solana\/|(^|\/)solana\/src\/|solana(Tools|Connector)\.ts$/.test(input)
/** Each other chain's libraries, its Foyer package and this package's connector code for it. */
const chainCode = {
  bitcoin: /node_modules\/@scure\/|(^|\/)bitcoin\/src\/|bip122Connector\.ts$/,
  polkadot: /node_modules\/@polkadot\/|(^|\/)polkadot\/src\/|polkadotConnector\.ts$/,
  cosmos: /node_modules\/@cosmjs\/|(^|\/)cosmos\/src\/|cosmosConnector\.ts$/,
}

/** The package's entry (dynamically imported modules are entry points in the metafile too). */
const isEntry = (output: Metafile['outputs'][string]) =>
  output.entryPoint !== undefined && resolve(output.entryPoint) === entry

function entryOutput(metafile: Metafile) {
  const found = Object.entries(metafile.outputs).find(([, output]) => isEntry(output))
  if (!found) throw new Error('no entry chunk')
  return found[1]
}

/** Every chunk the entry loads eagerly (static imports, transitively). */
function staticClosure(metafile: Metafile) {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const imported of metafile.outputs[path]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  const [path] = Object.entries(metafile.outputs).find(([, output]) => isEntry(output)) ?? []
  if (path) visit(path)
  return [...seen].map((output) => metafile.outputs[output]!)
}

describe('@foyer/walletconnect bundle', () => {
  it('loads the WalletConnect SDK only through a dynamic import', async () => {
    const metafile = await bundle()
    const eager = staticClosure(metafile).flatMap((output) => Object.keys(output.inputs))
    expect(eager.filter(isSdk)).toEqual([])
    // The SDK is there, in a lazily imported chunk.
    expect(entryOutput(metafile).imports).toContainEqual(
      expect.objectContaining({ kind: 'dynamic-import' }),
    )
    expect(Object.keys(metafile.inputs).some(isSdk)).toBe(true)
    // The Solana code too: it is fetched the first time the visitor signs or sends on Solana.
    expect(eager.filter(isSolana)).toEqual([])
    expect(Object.keys(metafile.inputs).some(isSolana)).toBe(true)
    // And each other chain's, fetched the first time its connector is used.
    for (const [chain, code] of Object.entries(chainCode)) {
      expect(
        eager.filter((input) => code.test(input)),
        chain,
      ).toEqual([])
      expect(
        Object.keys(metafile.inputs).some((input) => code.test(input)),
        chain,
      ).toBe(true)
    }
    // Small enough to ship on every page (minified, before compression). Every export counts here,
    // `deferredWalletConnectAdapter` too (the page that uses it alone ships about 0.2 KB of it).
    // Reporting the relay's drop and return to the account view (issue 23) took it to 12,474 B.
    const eagerBytes = staticClosure(metafile).reduce((sum, output) => sum + output.bytes, 0)
    expect(eagerBytes).toBeLessThan(12_600)
  })
})
