import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Rolldown } from 'vite'
import { expect, test } from 'vitest'
import { sourceAliases } from './sourceAliases.ts'

/** Each chain's libraries: an app loads them only when a wallet or a balance needs them. */
const chainLibraries = {
  bitcoin: /\/@scure\/btc-signer\//,
  cosmos: /\/@cosmjs\//,
  polkadot: /\/@polkadot\/(?:api|util-crypto|keyring)\//,
}
const adapterSource = /\/packages\/(?:bitcoin|cosmos|polkadot)\/src\//

/**
 * Bundles `entry` for the browser as an app's bundler would (Vite, production) and returns the
 * modules of what a page loads first: the entry chunk and the chunks it imports statically.
 */
async function firstLoadModules(entry: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-adapter-bundle-'))
  try {
    const input = join(dir, 'main.ts')
    writeFileSync(input, entry)
    const result = (await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      resolve: { alias: sourceAliases() },
      build: { write: false, minify: false, rollupOptions: { input } },
    })) as Rolldown.RolldownOutput
    const chunks = new Map(
      result.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
    )
    const seen = new Set<string>()
    const visit = (fileName: string) => {
      if (seen.has(fileName)) return
      seen.add(fileName)
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported)
    }
    for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
    return [...seen].flatMap((fileName) => chunks.get(fileName)?.moduleIds ?? [])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const libraryIn = (modules: string[]) =>
  Object.entries(chainLibraries)
    .filter(([, library]) => modules.some((id) => library.test(id)))
    .map(([chain]) => chain)

test('an EVM app bundles no Bitcoin, Cosmos or Polkadot code', async () => {
  const modules = await firstLoadModules(`
import { createFoyer } from '@foyer/core'
import { mainnet } from '@foyer/core/networks'
import { evmAdapter } from '@foyer/evm'
createFoyer({ networks: [mainnet], adapters: [evmAdapter()] })
`)
  expect(modules.some((id) => id.includes('/packages/evm/src/'))).toBe(true)
  expect(modules.filter((id) => adapterSource.test(id))).toEqual([])
  expect(libraryIn(modules)).toEqual([])
}, 120_000)

test('configuring the Bitcoin, Cosmos and Polkadot adapters loads none of their chain libraries until used', async () => {
  const modules = await firstLoadModules(`
import { createFoyer } from '@foyer/core'
import { bitcoinAdapter, createBitcoinRegtest } from '@foyer/bitcoin'
import { cosmosAdapter, createCosmosNetwork } from '@foyer/cosmos'
import { polkadotAdapter } from '@foyer/polkadot'
const cosmos = createCosmosNetwork({ chainId: 'test-1', name: 'Test', rpcUrl: 'http://127.0.0.1:9', denom: 'utest', displayDenom: 'TEST' })
createFoyer({
  networks: [createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' }), cosmos],
  adapters: [bitcoinAdapter(), cosmosAdapter(), polkadotAdapter({ appName: 'test' })],
})
`)
  for (const adapter of ['bitcoin', 'cosmos', 'polkadot'])
    expect(
      modules.some((id) => id.includes(`/packages/${adapter}/src/`)),
      adapter,
    ).toBe(true)
  expect(libraryIn(modules)).toEqual([])
}, 120_000)

test('a WalletConnect adapter with Bitcoin, Cosmos and Polkadot networks loads none of their chain code until used', async () => {
  const modules = await firstLoadModules(`
import { createFoyer } from '@foyer/core'
import { mainnet } from '@foyer/core/networks'
import { createBitcoinRegtest } from '@foyer/bitcoin'
import { createCosmosNetwork } from '@foyer/cosmos'
import { createPolkadotNetwork } from '@foyer/polkadot'
import { walletConnectAdapter } from '@foyer/walletconnect'
const cosmos = createCosmosNetwork({ chainId: 'test-1', name: 'Test', rpcUrl: 'http://127.0.0.1:9', denom: 'utest', displayDenom: 'TEST' })
const polkadot = createPolkadotNetwork({ genesisHash: '0x${'45'.repeat(32)}', name: 'Test', wsUrl: 'ws://127.0.0.1:9', symbol: 'T', decimals: 12 })
createFoyer({
  networks: [mainnet, createBitcoinRegtest({ esploraUrl: 'http://127.0.0.1:9' }), cosmos, polkadot],
  adapters: [walletConnectAdapter({ metadata: { name: 'test', description: '', url: 'http://127.0.0.1', icons: [] } })],
})
`)
  expect(modules.some((id) => id.includes('/packages/walletconnect/src/'))).toBe(true)
  // The connectors' code for those chains, and the chains' libraries, come with their first use.
  expect(modules.filter((id) => /(bip122|polkadot|cosmos)Connector\.ts$/.test(id))).toEqual([])
  expect(libraryIn(modules)).toEqual([])
}, 120_000)
