import { ConnectButton, FoyerProvider, useAccount } from '@foyer/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { foyer } from './foyer.ts'

function Status() {
  const { address, isConnected } = useAccount()
  return <p>{isConnected ? `Connected: ${address}` : 'Not connected'}</p>
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FoyerProvider foyer={foyer}>
      <main>
        <h1>Foyer with Vite and React</h1>
        {/* The button is all the first load carries; the dialog loads when it opens. */}
        <ConnectButton />
        <Status />
      </main>
    </FoyerProvider>
  </StrictMode>,
)
