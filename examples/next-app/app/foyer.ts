import {
  type BaseStorage,
  cookieStorage,
  createFoyer,
  createStorage,
  parseCookie,
} from '@foyer/core'
import { base, mainnet } from '@foyer/core/networks'
import { evmAdapter } from '@foyer/evm'

/**
 * Foyer's storage in cookies: in the browser `document.cookie`, during the server render the
 * request's `Cookie` header (read-only), so both renders start from the same remembered network.
 */
function requestCookieStorage(cookie: string | undefined): BaseStorage {
  if (typeof document !== 'undefined') return cookieStorage
  return {
    getItem: (key) => parseCookie(cookie ?? '', key),
    setItem: () => {},
    removeItem: () => {},
  }
}

/** A Foyer instance per render root: one per request on the server, one in the browser. */
export function createAppFoyer(cookie: string | undefined) {
  return createFoyer({
    networks: [mainnet, base],
    adapters: [evmAdapter()],
    metadata: {
      name: 'Foyer example',
      description: 'Foyer with the Next.js App Router',
      url: 'http://localhost:3000',
      icons: [],
    },
    storage: createStorage({ storage: requestCookieStorage(cookie) }),
    // With your own Foyer server (`npx foyer-server serve`): balances, activity, the wallet list,
    // email and social login. Without one, browser wallets still connect.
    // serverUrl: 'https://foyer.example.com',
    // projectId: 'my-app',
  })
}
