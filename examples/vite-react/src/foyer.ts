import { createFoyer } from '@foyer/core'
import { base, mainnet } from '@foyer/core/networks'
import { evmAdapter } from '@foyer/evm'

/** One Foyer instance for the whole app: its networks, its wallets (EIP-6963 browser wallets). */
export const foyer = createFoyer({
  networks: [mainnet, base],
  adapters: [evmAdapter()],
  metadata: {
    name: 'Foyer example',
    description: 'Foyer with Vite and React',
    url: window.location.origin,
    icons: [],
  },
  // With your own Foyer server (`npx foyer-server serve`): balances, activity, the wallet list,
  // email and social login. Without one, browser wallets still connect.
  // serverUrl: 'https://foyer.example.com',
  // projectId: 'my-app',
})
