import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { expect, test } from 'vitest'
import { sourceAliases } from './sourceAliases.ts'

/** Bundles `entry` as an app's bundler would (Vite, production) and returns the code it ships. */
async function bundle(entry: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-networks-bundle-'))
  try {
    const input = join(dir, 'main.ts')
    writeFileSync(input, entry)
    const result = (await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      resolve: { alias: sourceAliases() },
      build: { write: false, rollupOptions: { input } },
    })) as Rolldown.RolldownOutput
    return result.output.flatMap((item) => (item.type === 'chunk' ? [item.code] : [])).join('\n')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('an app that imports one network from @foyer/core/networks bundles no other', async () => {
  const code = await bundle(`
import { base } from '@foyer/core/networks'
console.log(base)
`)
  expect(code).toContain('https://mainnet.base.org')
  for (const other of ['https://eth.merkle.io', 'Sepolia', 'Solana Devnet', 'mempool.space'])
    expect(code).not.toContain(other)
}, 120_000)

test('createFoyer brings no built-in network into an app that passes its own chains', async () => {
  const code = await bundle(`
import { createFoyer } from '@foyer/core'
createFoyer({ networks: [{ id: 10, name: 'OP', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['https://op.example'] } } }] })
`)
  expect(code).toContain('https://op.example')
  for (const builtIn of ['https://eth.merkle.io', 'https://mainnet.base.org', 'Solana Devnet'])
    expect(code).not.toContain(builtIn)
}, 120_000)
