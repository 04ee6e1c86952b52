import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig, type Plugin } from 'vite'

const rootDir = resolve(import.meta.dirname, '../..')

/**
 * `virtual:foyer-world` carries the local world's facts (devnet.json, server URL, project id) into
 * the bundle at build time, so the page needs no request to learn them.
 */
function foyerWorld(): Plugin {
  const id = 'virtual:foyer-world'
  // Only the chain list, for pages that need nothing else (the connect-button page).
  const chainsId = 'virtual:foyer-world-chains'
  // Only the services' addresses, which need no devnet: the typical app page builds beside the
  // end-to-end run (scripts/test.ts), before the local world has written its devnet.json.
  const servicesId = 'virtual:foyer-world-services'
  const devnetFile = process.env.FOYER_DEVNET_FILE ?? resolve(rootDir, 'devnet.json')
  const services = {
    serverUrl: process.env.FOYER_SERVER_URL ?? 'http://127.0.0.1:4400',
    relayUrl: process.env.FOYER_RELAY_URL ?? 'ws://127.0.0.1:4402',
    frameUrl: process.env.FOYER_FRAME_URL ?? 'http://127.0.0.1:4401/',
    projectId: process.env.FOYER_PROJECT_ID ?? 'foyer-dev',
  }
  // Named exports, so a page bundles only what it imports (no keys on the button page).
  const toModule = (values: Record<string, unknown>) =>
    Object.entries(values)
      .map(([name, value]) => `export const ${name} = ${JSON.stringify(value ?? null)}`)
      .join('\n')
  return {
    name: 'foyer-world',
    resolveId: (source) =>
      source === id || source === chainsId || source === servicesId ? `\0${source}` : undefined,
    load(resolved) {
      if (resolved === `\0${servicesId}`) return toModule(services)
      if (resolved !== `\0${id}` && resolved !== `\0${chainsId}`) return
      if (!existsSync(devnetFile)) {
        this.error(`${devnetFile} not found: start the local world first (npm start).`)
      }
      this.addWatchFile(devnetFile)
      const devnet = JSON.parse(readFileSync(devnetFile, 'utf8'))
      if (resolved === `\0${chainsId}`) {
        // Just what a network needs; contract addresses and token lists stay off the page.
        const chains = devnet.chains.map(
          ({ chainId, name, nativeCurrency, rpcUrl }: Record<string, unknown>) => ({
            chainId,
            name,
            nativeCurrency,
            rpcUrl,
          }),
        )
        return `export const chains = ${JSON.stringify(chains)}`
      }
      const values = {
        chains: devnet.chains,
        accounts: devnet.accounts,
        galleryAccount: devnet.galleryAccount,
        solana: devnet.solana,
        bitcoin: devnet.bitcoin,
        cosmos: devnet.cosmos,
        polkadot: devnet.polkadot,
        ...services,
      }
      return toModule(values)
    },
  }
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), foyerWorld()],
  // Foyer's packages from their TypeScript source (the `@foyer/source` export condition), so the
  // demo needs no build of them (see tsconfig.base.json).
  resolve: { conditions: ['@foyer/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      // Every browser Foyer supports has modulepreload.
      polyfill: false,
      // The pages' own chunks stay preloaded from their HTML; lazily imported chunks get no table
      // of dependencies to preload alongside them: Foyer fetches its dialog, views and adapters
      // after the page is idle (or on hover), where fetching their dependencies one after the
      // other costs the visitor nothing, while the table costs every page's first load.
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        button: resolve(import.meta.dirname, 'button.html'),
        wallets: resolve(import.meta.dirname, 'wallets.html'),
      },
      output: {
        // React in a chunk of its own, so the size budget can count what Foyer adds beyond it.
        // The app's chain definitions too (viem/chains), which the wallets page's budget leaves out.
        manualChunks: (id: string) =>
          /node_modules\/(react|react-dom|scheduler)\//.test(id)
            ? 'react'
            : /node_modules\/viem\/_esm\/chains\//.test(id)
              ? 'viem-chains'
              : undefined,
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
})
