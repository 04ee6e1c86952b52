import type { Adapter, BaseStorage, CaipNetwork } from '@foyer/core'
import { createApiPool } from './actions/createApiPool.ts'
import { getFreeBalance } from './actions/getFreeBalance.ts'
import { createInjectedConnector } from './createInjectedConnector.ts'
import { createEnabledExtensions } from './enabledExtensions.ts'
import { describeExtension, readInjectedExtensions } from './extensions.ts'
import type { InjectedExtension, PolkadotConnector } from './types.ts'

export type PolkadotAdapterParameters = {
  /** The app's name, which extensions show in their authorisation popup (`enable(appName)`). */
  appName: string
  /** Discover extensions in `window.injectedWeb3` (default true). */
  discover?: boolean | undefined
  /** Extensions to list besides the discovered ones, by key, e.g. one the app injects itself. */
  extensions?: Readonly<Record<string, InjectedExtension>> | undefined
  /**
   * Where to remember which extensions the site was enabled in, for a silent reconnect after a
   * reload. Default `localStorage` (in memory where there is none, e.g. on a server).
   */
  storage?: BaseStorage | undefined
}

export type PolkadotAdapter = Adapter & {
  namespace: 'polkadot'
  getConnectors(): readonly PolkadotConnector[]
}

/**
 * Extensions inject `window.injectedWeb3` entries from content scripts that may run after the
 * page's scripts, so the list is read again on `load` and a little after it.
 */
const rediscoverAfter = [500, 2_000]

/**
 * The Polkadot chain adapter: polkadot-js extension discovery (polkadot{.js}, Talisman, SubWallet
 * and any extension of `@polkadot/extension-inject`'s protocol), one connector per extension, and
 * free balances through each network's node. `@polkadot/api` is loaded on first use only.
 */
export function polkadotAdapter(parameters: PolkadotAdapterParameters): PolkadotAdapter {
  const { appName, discover = true } = parameters
  const apis = createApiPool()
  let connectors: readonly PolkadotConnector[] = []
  // Connectors keep their identity across re-discovery so core's event listeners stay attached.
  const byExtension = new Map<InjectedExtension, PolkadotConnector>()
  const getStorage = (): BaseStorage | undefined => {
    if (parameters.storage) return parameters.storage
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage
    } catch {
      // Sandboxed frames throw on access.
      return undefined
    }
  }
  const enabled = createEnabledExtensions(getStorage)

  return {
    namespace: 'polkadot',

    setup({ networks, onConnectorsChange }) {
      const polkadotNetworks = networks.filter((network) => network.chainNamespace === 'polkadot')
      const page = discover && typeof window !== 'undefined' ? window : undefined

      let initialised = false
      const rebuild = () => {
        const seen = new Set<string>()
        const next: PolkadotConnector[] = []
        const entries = [
          ...Object.entries(parameters.extensions ?? {}),
          ...readInjectedExtensions(page as { injectedWeb3?: unknown } | undefined),
        ]
        for (const [key, extension] of entries) {
          let connector = byExtension.get(extension)
          if (!connector) {
            connector = createInjectedConnector({
              key,
              extension,
              description: describeExtension(
                key,
                extension,
                page as Parameters<typeof describeExtension>[2],
              ),
              appName,
              networks: polkadotNetworks,
              enabled,
              apis,
            })
            byExtension.set(extension, connector)
          }
          if (seen.has(connector.id)) continue
          seen.add(connector.id)
          next.push(connector)
        }
        const changed =
          next.length !== connectors.length ||
          next.some((connector, index) => connector !== connectors[index])
        connectors = next
        if (changed || !initialised) onConnectorsChange(connectors)
        initialised = true
      }

      const timers = new Set<ReturnType<typeof setTimeout>>()
      const scheduleRediscovery = () => {
        for (const delay of rediscoverAfter) {
          const timer = setTimeout(() => {
            timers.delete(timer)
            rebuild()
          }, delay)
          timers.add(timer)
        }
      }
      const onLoad = () => {
        rebuild()
        scheduleRediscovery()
      }
      if (page) {
        if (page.document?.readyState === 'complete') scheduleRediscovery()
        else page.addEventListener('load', onLoad, { once: true })
      }
      rebuild()

      return () => {
        page?.removeEventListener('load', onLoad)
        for (const timer of timers) clearTimeout(timer)
        timers.clear()
        void apis.disconnect()
      }
    },

    getConnectors: () => connectors,

    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      const value = await getFreeBalance({ api: await apis.get(network), address })
      return {
        value,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
  }
}
