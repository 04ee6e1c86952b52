import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import demo from './vite.config.ts'

/**
 * The typical app page (wallets.html: injected wallets, WalletConnect, a server; mainnet + Base)
 * built on its own, as an app with just that page ships it, with the demo's settings: the size
 * budget's measure of what Foyer loads before the click, without the chunks the demo's pages
 * share in the demo's build. `vite build -c apps/demo/vite.typical.config.ts` writes
 * apps/demo/dist-typical (about 15 s).
 */
export default defineConfig({
  ...demo,
  build: {
    ...demo.build,
    outDir: 'dist-typical',
    // Maps beside the files (no comment in them): `npm run bench` attributes the page's bytes to
    // Foyer's modules and to the bundler's (bench/bundle.ts).
    sourcemap: 'hidden',
    rollupOptions: {
      ...demo.build?.rollupOptions,
      input: { wallets: resolve(import.meta.dirname, 'wallets.html') },
    },
  },
})
