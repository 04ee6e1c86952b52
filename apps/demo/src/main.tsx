import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createPageFoyer } from './App.tsx'

const params = new URLSearchParams(window.location.search)
const galleryItem = params.get('galleryItem')
// A gallery item starts from nothing remembered (no wallet authorised, no connection to restore),
// so every load shows the same state.
if (galleryItem) window.localStorage.clear()
// The test wallet must announce itself before discovery starts, so it is injected first.
if (params.has('testWallet')) {
  const {
    injectBitcoinDemoWallet,
    injectCosmosDemoWallet,
    injectPolkadotDemoWallet,
    injectSolanaTestWallet,
    injectTestWallet,
  } = await import('./testWallet.ts')
  injectTestWallet()
  injectBitcoinDemoWallet()
  await Promise.all([
    injectSolanaTestWallet(),
    injectCosmosDemoWallet(),
    injectPolkadotDemoWallet(),
  ])
}
const root = createRoot(document.getElementById('root')!)
if (params.get('gallery') === '1') {
  // `?gallery=1`: every view and state side by side, in a chunk of its own.
  const { default: Gallery } = await import('./gallery/Gallery.tsx')
  root.render(
    <StrictMode>
      <Gallery />
    </StrictMode>,
  )
} else if (params.get('wagmi') === '1') {
  // `?wagmi=1`: Foyer's dialog on top of a wagmi config (@foyer/wagmi), loaded only here so
  // wagmi and TanStack Query stay out of the demo's default bundle.
  const { createWagmiDemo, WagmiDemo } = await import('./wagmi/WagmiDemo.tsx')
  const { foyer, config } = createWagmiDemo()
  root.render(
    <StrictMode>
      <WagmiDemo foyer={foyer} config={config} />
    </StrictMode>,
  )
} else {
  const foyer = createPageFoyer()
  root.render(
    <StrictMode>
      <App foyer={foyer} />
    </StrictMode>,
  )
  if (galleryItem) {
    // `?galleryItem=<id>`: one state of the gallery (and of the screenshot suite).
    const { showGalleryItem } = await import('./gallery/showGalleryItem.ts')
    void showGalleryItem(foyer, galleryItem)
  }
}
