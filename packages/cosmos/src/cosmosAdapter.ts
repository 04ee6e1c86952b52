import type { Adapter, BaseStorage, CaipNetwork } from '@foyer/core'
import { getCosmosBalance } from './actions/getCosmosBalance.ts'
import { createKeplrConnector } from './createKeplrConnector.ts'
import { type CosmosNetwork, cosmosHub, getCosmosChainInfo, isCosmosNetwork } from './networks.ts'
import type { CosmosConnector } from './types.ts'

export type CosmosAdapterParameters = {
  /**
   * Cosmos networks whose chain details (prefix, denom, gas price) the adapter should know, for
   * networks that reach it without them (e.g. restored as plain CAIP networks). The app's
   * `networks` made with `createCosmosNetwork` carry their own. `cosmosHub` is always known.
   */
  chains?: readonly CosmosNetwork[] | undefined
  /** Discover Keplr-style wallets in the browser (default true). */
  discover?: boolean | undefined
  /**
   * Where connectors remember the chains the visitor enabled, for a silent reconnect after a
   * reload. Default `localStorage` in the browser.
   */
  storage?: BaseStorage | undefined
}

export type CosmosAdapter = Adapter & {
  namespace: 'cosmos'
  getConnectors(): readonly CosmosConnector[]
}

/** The globals Keplr-style wallets inject, with the event each fires when its key changes. */
const INJECTED_WALLETS = [
  { walletKey: 'keplr', name: 'Keplr', keystoreEvent: 'keplr_keystorechange' },
  { walletKey: 'leap', name: 'Leap', keystoreEvent: 'leap_keystorechange' },
] as const

const isKeplrStyle = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  ['enable', 'getKey', 'getOfflineSigner', 'signArbitrary'].every(
    (method) => typeof (value as Record<string, unknown>)[method] === 'function',
  )

function defaultStorage(): CosmosAdapterParameters['storage'] {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Sandboxed frames throw on reading localStorage.
    return undefined
  }
}

/**
 * The Cosmos chain adapter: Keplr-style injected wallets (`window.keplr`, `window.leap`), one
 * connector per wallet, and balances through each network's CometBFT RPC. Extensions inject their
 * global while the page loads (Keplr sometimes only after `load`), so the adapter looks at setup,
 * on `load` and on the wallets' `…_keystorechange` events. Nothing touches `window` on the server.
 */
export function cosmosAdapter(parameters: CosmosAdapterParameters = {}): CosmosAdapter {
  const { discover = true } = parameters
  const known = [...(parameters.chains ?? []), cosmosHub]
  let connectors: readonly CosmosConnector[] = []

  return {
    namespace: 'cosmos',

    setup({ networks, onConnectorsChange }) {
      const cosmosNetworks = networks.flatMap((network): CosmosNetwork[] => {
        if (network.chainNamespace !== 'cosmos') return []
        if (isCosmosNetwork(network)) return [network]
        try {
          return [
            { ...network, chainNamespace: 'cosmos', cosmos: getCosmosChainInfo(network, known) },
          ]
        } catch {
          return [] // a Cosmos network nobody described: it cannot be enabled in a wallet
        }
      })
      const target = typeof window !== 'undefined' && discover ? window : undefined
      if (!target) {
        onConnectorsChange(connectors)
        return () => {}
      }
      const storage = parameters.storage ?? defaultStorage()
      const byKey = new Map<string, CosmosConnector>()
      let announced = false
      const scan = () => {
        const seen = new Set<unknown>()
        const next: CosmosConnector[] = []
        for (const entry of INJECTED_WALLETS) {
          const wallet = (target as unknown as Record<string, unknown>)[entry.walletKey]
          // A wallet injected under both names (Leap can stand in for Keplr) is listed once.
          if (!isKeplrStyle(wallet) || seen.has(wallet)) continue
          seen.add(wallet)
          let connector = byKey.get(entry.walletKey)
          if (!connector) {
            connector = createKeplrConnector({
              ...entry,
              target,
              networks: cosmosNetworks,
              storage,
            })
            byKey.set(entry.walletKey, connector)
          }
          next.push(connector)
        }
        const changed =
          next.length !== connectors.length ||
          next.some((entry, index) => entry !== connectors[index])
        connectors = next
        if (changed || !announced) onConnectorsChange(connectors)
        announced = true
      }
      const events = ['load', ...INJECTED_WALLETS.map((entry) => entry.keystoreEvent)]
      for (const event of events) target.addEventListener(event, scan)
      scan()
      return () => {
        for (const event of events) target.removeEventListener(event, scan)
      }
    },

    getConnectors: () => connectors,

    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      const chain = getCosmosChainInfo(network, known)
      const value = await getCosmosBalance({ chain, address })
      return { value, decimals: chain.decimals, symbol: chain.displayDenom }
    },
  }
}
