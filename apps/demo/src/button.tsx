import { createFoyer } from '@foyer/core'
import { evmAdapter } from '@foyer/evm'
import { ConnectButton, FoyerProvider } from '@foyer/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { devnetChains } from './chains.ts'

// The smallest integration: a page that mounts only the connect button. Used by the bundle-size
// budget and by the test that no request leaves the page before the dialog is opened.
const foyer = createFoyer({
  networks: devnetChains as [(typeof devnetChains)[number], ...typeof devnetChains],
  adapters: [evmAdapter()],
  metadata: { name: 'Foyer button page', description: '', url: window.location.origin, icons: [] },
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider foyer={foyer}>
      <main>
        <h1>Connect button only</h1>
        <ConnectButton />
      </main>
    </FoyerProvider>
  </StrictMode>,
)
