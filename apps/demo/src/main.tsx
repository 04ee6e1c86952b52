import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { createDemoFoyer } from './foyer.ts'

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
const foyer = createDemoFoyer()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App foyer={foyer} />
  </StrictMode>,
)
