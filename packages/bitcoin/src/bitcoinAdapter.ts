import type { Adapter, CaipNetwork } from '@foyer/core'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { createSatsConnectConnector, getSatsConnectWallets } from './createSatsConnectConnector.ts'
import { createWalletStandardConnector, isBitcoinWallet } from './createWalletStandardConnector.ts'
import type { BitcoinConnector, BitcoinWallet, SatsConnectProvider } from './types.ts'
import { SatsConnectFeature } from './walletStandardFeatures.ts'

export type BitcoinAdapterParameters = {
  /**
   * Extra wallets to list, e.g. one the app creates itself (shown as announced): sats-connect
   * wallets (`{ id, name, icon, provider }`) or Bitcoin wallet-standard wallets.
   */
  wallets?: readonly BitcoinWallet[] | undefined
  /** Discover wallets in the browser (`window.btc_providers` and wallet-standard; default true). */
  discover?: boolean | undefined
}

export type BitcoinAdapter = Adapter & {
  namespace: 'bip122'
  getConnectors(): readonly BitcoinConnector[]
}

/**
 * Extensions inject `window.btc_providers` from content scripts that may run after the app
 * starts, and announce nothing when they do: look again a few times after setup.
 */
const LATE_PROVIDER_CHECKS_MS = [200, 600, 1500] as const

type Candidate = { key: object; create: (networks: readonly CaipNetwork[]) => BitcoinConnector }

function toCandidate(wallet: BitcoinWallet): Candidate | undefined {
  if ('provider' in wallet && typeof wallet.provider?.request === 'function')
    return {
      key: wallet.provider,
      create: (networks) => createSatsConnectConnector({ wallet, networks }),
    }
  if (!('features' in wallet)) return undefined
  if (isBitcoinWallet(wallet))
    return {
      key: wallet,
      create: (networks) => createWalletStandardConnector({ wallet, networks }),
    }
  // Xverse also registers with the wallet standard, handing out its sats-connect provider.
  const provider = (wallet.features[SatsConnectFeature] as { provider?: SatsConnectProvider })
    ?.provider
  if (typeof provider?.request !== 'function') return undefined
  return {
    key: provider,
    create: (networks) =>
      createSatsConnectConnector({
        wallet: { id: wallet.name, name: wallet.name, icon: wallet.icon, provider },
        networks,
      }),
  }
}

/**
 * The Bitcoin chain adapter (namespace bip122). In the browser it finds wallets the two ways
 * Bitcoin wallets announce themselves: sats-connect providers listed in `window.btc_providers`
 * (Xverse and others) and Bitcoin wallet-standard wallets (`getWallets()`). One connector per
 * wallet, by name, sats-connect first; connectors keep their identity across re-discovery.
 * Balances come from each network's Esplora API, in satoshis.
 */
export function bitcoinAdapter(parameters: BitcoinAdapterParameters = {}): BitcoinAdapter {
  const { discover = true } = parameters
  let connectors: readonly BitcoinConnector[] = []
  // Connectors keep their identity across re-discovery so core's event listeners stay attached.
  const byKey = new WeakMap<object, BitcoinConnector>()

  return {
    namespace: 'bip122',

    setup({ networks, onConnectorsChange }) {
      const bitcoinNetworks = networks.filter((network) => network.chainNamespace === 'bip122')
      const browser = discover && typeof window !== 'undefined'
      const registry = browser ? getWallets() : undefined

      const rebuild = (announce = false) => {
        const wallets: BitcoinWallet[] = [
          ...(parameters.wallets ?? []),
          ...(browser ? getSatsConnectWallets(window) : []),
          ...((registry?.get() ?? []) as Wallet[]),
        ]
        const seen = new Set<string>()
        const next: BitcoinConnector[] = []
        for (const wallet of wallets) {
          const candidate = toCandidate(wallet)
          if (!candidate) continue
          let connector = byKey.get(candidate.key)
          if (!connector) {
            connector = candidate.create(bitcoinNetworks)
            byKey.set(candidate.key, connector)
          }
          // One wallet found both ways (e.g. Xverse) lists once.
          if (seen.has(connector.id)) continue
          seen.add(connector.id)
          next.push(connector)
        }
        const changed =
          next.length !== connectors.length ||
          next.some((connector, index) => connector !== connectors[index])
        connectors = next
        if (changed || announce) onConnectorsChange(connectors)
      }

      const unsubscribes = registry
        ? [registry.on('register', () => rebuild()), registry.on('unregister', () => rebuild())]
        : []
      const timers = browser
        ? LATE_PROVIDER_CHECKS_MS.map((delay) => setTimeout(() => rebuild(), delay))
        : []
      rebuild(true)
      return () => {
        for (const timer of timers) clearTimeout(timer)
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
    },

    getConnectors: () => connectors,

    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      // Lazy: address decoding pulls in btc-signer, which listing wallets does not need.
      const { getBitcoinBalance } = await import('./actions/getBitcoinBalance.ts')
      const value = await getBitcoinBalance({ address, network })
      return {
        value,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
  }
}
