import type { Adapter, CaipNetwork } from '@foyer/core'
import { getWallets } from '@wallet-standard/app'
import { getSolBalance } from './actions/getSolBalance.ts'
import { createWalletStandardConnector, isSolanaWallet } from './createWalletStandardConnector.ts'
import type { SolanaConnector, SolanaWallet } from './types.ts'

export type SolanaAdapterParameters = {
  /** Extra wallets to list, e.g. one the app creates itself (shown as announced). */
  wallets?: readonly SolanaWallet[] | undefined
  /** Discover wallet-standard wallets in the browser (default true). */
  discover?: boolean | undefined
}

export type SolanaAdapter = Adapter & {
  namespace: 'solana'
  getConnectors(): readonly SolanaConnector[]
}

/**
 * The Solana chain adapter: wallet-standard discovery (`getWallets()`, subscribed per adapter
 * instance and only in the browser), one connector per wallet that can connect and sign on a
 * Solana chain, and SOL balances through each network's RPC.
 */
export function solanaAdapter(parameters: SolanaAdapterParameters = {}): SolanaAdapter {
  const { discover = true } = parameters
  let connectors: readonly SolanaConnector[] = []
  // Connectors keep their identity across re-discovery so core's event listeners stay attached.
  const byWallet = new Map<SolanaWallet, SolanaConnector>()

  return {
    namespace: 'solana',

    setup({ networks, onConnectorsChange }) {
      const solanaNetworks = networks.filter((network) => network.chainNamespace === 'solana')
      const registry = typeof window !== 'undefined' && discover ? getWallets() : undefined

      const rebuild = () => {
        const seen = new Set<string>()
        const next: SolanaConnector[] = []
        for (const wallet of [...(parameters.wallets ?? []), ...(registry?.get() ?? [])]) {
          if (!isSolanaWallet(wallet)) continue
          let connector = byWallet.get(wallet)
          if (!connector) {
            connector = createWalletStandardConnector({ wallet, networks: solanaNetworks })
            byWallet.set(wallet, connector)
          }
          // Two registrations of one wallet (e.g. an extension injected twice) list once.
          if (seen.has(connector.id)) continue
          seen.add(connector.id)
          next.push(connector)
        }
        connectors = next
        onConnectorsChange(connectors)
      }
      const unsubscribes = registry
        ? [registry.on('register', rebuild), registry.on('unregister', rebuild)]
        : []
      rebuild()
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe()
      }
    },

    getConnectors: () => connectors,

    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      const value = await getSolBalance({ address, network })
      return {
        value,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
  }
}
