import { type Adapter, type Connector, PAIRING_LIFETIME_MS } from '@foyer/core'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
} from './createWalletConnectConnector.ts'
import {
  createWalletConnectSession,
  type WalletConnectMetadata,
} from './createWalletConnectSession.ts'
import {
  createWalletConnectSolanaConnector,
  type WalletConnectSolanaConnector,
} from './createWalletConnectSolanaConnector.ts'
import { loadUniversalProvider } from './loadUniversalProvider.ts'

/** The public WalletConnect relay; the local world points `relayUrl` at tools/dev-relay instead. */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'

export type WalletConnectAdapterParameters = {
  /** Default: the public relay `wss://relay.walletconnect.org`. */
  relayUrl?: string | undefined
  /**
   * Use WalletConnect's hosted Verify service (domain attestation, scam warnings in wallets).
   * Off by default: Foyer makes no third-party request the operator did not choose.
   */
  verify?: boolean | undefined
  /** Needed by the public relay; any relay of your own can do without. */
  projectId?: string | undefined
  /** Shown to the visitor by their wallet when it asks to approve the connection. */
  metadata: WalletConnectMetadata
  /** How long a pairing URI is offered before it is replaced (default 4 minutes, SPEC §9). */
  pairingLifetimeMs?: number | undefined
  /** Prefix of the SDK's storage keys; distinct per app sharing an origin (or per test client). */
  storagePrefix?: string | undefined
  /** The SDK's key-value storage options (browser: IndexedDB by default; Node: `{ database: file }`). */
  storageOptions?: Record<string, unknown> | undefined
  /** The SDK's log level (default 'silent'). */
  logger?: string | undefined
  /**
   * Connector id (default 'walletConnect'). With solana networks configured, the solana connector
   * of the same session is `<id>:solana`; both share the group `<id>`.
   */
  id?: string | undefined
  name?: string | undefined
  icon?: string | undefined
}

export type WalletConnectAdapter = Adapter & {
  namespace: 'eip155'
  namespaces: readonly ['eip155', 'solana']
  getConnectors(): readonly (WalletConnectConnector | WalletConnectSolanaConnector)[]
}

const WALLETCONNECT_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%233396ff"/%3E%3Cpath d="M7 10c2.8-2.7 7.2-2.7 10 0M9 12.5c1.7-1.6 4.3-1.6 6 0" fill="none" stroke="%23fff" stroke-width="1.6" stroke-linecap="round"/%3E%3C/svg%3E'

/**
 * WalletConnect v2 (QR code and deep links) for eip155, and for solana when the app has solana
 * networks: one session, one connector per namespace (`walletConnect`, `walletConnect:solana`),
 * sharing a group so that connecting one records both. This module is tiny: the official
 * `@walletconnect/universal-provider` (and the Solana code) is fetched with `import()` only when the
 * visitor picks WalletConnect or a stored WalletConnect session is restored.
 */
export function walletConnectAdapter(
  parameters: WalletConnectAdapterParameters,
): WalletConnectAdapter {
  let connectors: readonly (WalletConnectConnector | WalletConnectSolanaConnector)[] = []
  return {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana'],
    setup({ networks, onConnectorsChange }) {
      const id = parameters.id ?? 'walletConnect'
      const name = parameters.name ?? 'WalletConnect'
      const icon = parameters.icon ?? WALLETCONNECT_ICON
      const hasSolana = networks.some((network) => network.chainNamespace === 'solana')
      const session = createWalletConnectSession({
        networks,
        relayUrl: parameters.relayUrl ?? DEFAULT_RELAY_URL,
        verify: parameters.verify ?? false,
        // The SDK requires a value; relays other than the public one ignore it.
        projectId: parameters.projectId ?? 'foyer',
        metadata: parameters.metadata,
        pairingLifetimeMs: parameters.pairingLifetimeMs ?? PAIRING_LIFETIME_MS,
        storagePrefix: parameters.storagePrefix,
        storageOptions: parameters.storageOptions,
        logger: parameters.logger ?? 'silent',
        loadProvider: loadUniversalProvider,
      })
      const shared = { session, name, icon, group: hasSolana ? id : undefined }
      const evm = createWalletConnectConnector({ ...shared, networks, id })
      connectors = hasSolana
        ? [evm, createWalletConnectSolanaConnector({ ...shared, networks, id: `${id}:solana` })]
        : [evm]
      onConnectorsChange(connectors as readonly Connector[])
      return () => {
        connectors = []
        void session.destroy()
      }
    },
    getConnectors: () => connectors,
  }
}
