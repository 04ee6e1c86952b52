import { projectId, relayUrl, serverUrl } from 'virtual:foyer-world-services'
import { createFoyer } from '@foyer/core'
import { deferredEvmAdapter } from '@foyer/evm'
import { ConnectButton, FoyerProvider } from '@foyer/react'
import { deferredWalletConnectAdapter } from '@foyer/walletconnect'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { base, mainnet } from 'viem/chains'

// A typical app's integration: injected wallets, WalletConnect and a Foyer server, on Ethereum and
// Base. The size budget counts what Foyer loads here before the click, and the dialog bench times
// the click to the first wallet row on it.
const metadata = {
  name: 'Foyer wallets page',
  description: '',
  url: window.location.origin,
  icons: [],
}
const foyer = createFoyer({
  networks: [mainnet, base],
  adapters: [deferredEvmAdapter(), deferredWalletConnectAdapter({ relayUrl, metadata })],
  metadata,
  serverUrl,
  projectId,
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider foyer={foyer}>
      <main>
        <h1>A typical app</h1>
        <ConnectButton />
      </main>
    </FoyerProvider>
  </StrictMode>,
)
