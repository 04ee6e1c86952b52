import type { Adapter, CaipNetwork, Connector } from '@foyer/core'
import { createStore as createMipdStore } from 'mipd'
import { createInjectedConnector } from './createInjectedConnector.ts'
import { loadViem } from './loadViem.ts'
import type { Eip1193Provider, ProviderDetail } from './types.ts'

export type EvmAdapterParameters = {
  /** Extra wallets to list, e.g. a provider the app creates itself (shown as announced). */
  providers?: readonly ProviderDetail[] | undefined
  /** Discover EIP-6963 wallets in the browser (default true). */
  discover?: boolean | undefined
  /** Offer `window.ethereum` when no wallet announced itself over EIP-6963 (default true). */
  legacyInjected?: boolean | undefined
}

export type EvmAdapter = Adapter & { namespace: 'eip155' }

const LEGACY_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%23596080"/%3E%3Cpath d="M6 9h12v8H6z" fill="none" stroke="%23fff" stroke-width="2"/%3E%3Cpath d="M8 9V7h8v2" fill="none" stroke="%23fff" stroke-width="2"/%3E%3C/svg%3E'

/**
 * The EVM chain adapter: EIP-6963 discovery (a `mipd` store per adapter instance, created only in
 * the browser), a legacy `window.ethereum` fallback, and native balances through viem.
 */
export function evmAdapter(parameters: EvmAdapterParameters = {}): EvmAdapter {
  const { discover = true, legacyInjected = true } = parameters
  let connectors: readonly Connector[] = []
  // Connectors keep their identity across re-discovery so core's event listeners stay attached.
  const byProvider = new Map<Eip1193Provider, Connector>()

  return {
    namespace: 'eip155',

    setup({ networks, onConnectorsChange }) {
      const hasWindow = typeof window !== 'undefined'
      const store = hasWindow && discover ? createMipdStore() : undefined

      const connectorFor = (detail: ProviderDetail, type: 'announced' | 'injected') => {
        let connector = byProvider.get(detail.provider)
        if (!connector) {
          connector = createInjectedConnector({ ...detail, type, networks })
          byProvider.set(detail.provider, connector)
        }
        return connector
      }
      const rebuild = () => {
        const announced = [
          ...(parameters.providers ?? []),
          ...((store?.getProviders() ?? []) as unknown as ProviderDetail[]),
        ]
        const seen = new Set<string>()
        const next: Connector[] = []
        for (const detail of announced) {
          if (seen.has(detail.info.rdns)) continue
          seen.add(detail.info.rdns)
          next.push(connectorFor(detail, 'announced'))
        }
        const legacy = hasWindow
          ? (window as unknown as { ethereum?: Eip1193Provider }).ethereum
          : undefined
        if (legacyInjected && legacy && !(store?.getProviders().length ?? 0))
          next.push(
            connectorFor(
              {
                info: { name: 'Browser Wallet', icon: LEGACY_ICON, rdns: 'injected' },
                provider: legacy,
              },
              'injected',
            ),
          )
        connectors = next
        onConnectorsChange(connectors)
      }
      const unsubscribe = store?.subscribe(rebuild)
      rebuild()
      return () => {
        unsubscribe?.()
        store?.destroy()
      }
    },

    getConnectors: () => connectors,

    async getBalance({ address, network }) {
      const { createPublicClient, getAddress, http } = await loadViem()
      const client = createPublicClient({
        chain: toViemChain(network),
        transport: http(network.rpcUrls.default.http[0]),
      })
      const value = await client.getBalance({ address: getAddress(address) })
      return {
        value,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
  }
}

function toViemChain(network: CaipNetwork) {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
  }
}
