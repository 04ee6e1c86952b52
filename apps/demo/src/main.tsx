import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, createPageFoyer } from './App.tsx'

const params = new URLSearchParams(window.location.search)
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
if (params.get('wagmi') === '1') {
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
  root.render(
    <StrictMode>
      <App foyer={createPageFoyer()} />
    </StrictMode>,
  )
}
