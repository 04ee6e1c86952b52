import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { createDemoFoyer } from './foyer.ts'

const params = new URLSearchParams(window.location.search)
// The test wallet must announce itself before discovery starts, so it is injected first.
if (params.has('testWallet')) {
  const { injectSolanaTestWallet, injectTestWallet } = await import('./testWallet.ts')
  injectTestWallet()
  await injectSolanaTestWallet()
}
const foyer = createDemoFoyer()

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App foyer={foyer} />
  </StrictMode>,
)
