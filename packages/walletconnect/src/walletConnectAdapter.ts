import { type Adapter, PAIRING_LIFETIME_MS } from '@foyer/core'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
  type WalletConnectMetadata,
} from './createWalletConnectConnector.ts'
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
  /** Connector id (default 'walletConnect'). */
  id?: string | undefined
  name?: string | undefined
  icon?: string | undefined
}

export type WalletConnectAdapter = Adapter & {
  namespace: 'eip155'
  getConnectors(): readonly WalletConnectConnector[]
}

const WALLETCONNECT_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%233396ff"/%3E%3Cpath d="M7 10c2.8-2.7 7.2-2.7 10 0M9 12.5c1.7-1.6 4.3-1.6 6 0" fill="none" stroke="%23fff" stroke-width="1.6" stroke-linecap="round"/%3E%3C/svg%3E'

/**
 * WalletConnect v2 (QR code and deep links) for eip155. This module is tiny: the official
 * `@walletconnect/universal-provider` is fetched with `import()` only when the visitor picks
 * WalletConnect or a stored WalletConnect session is restored.
 */
export function walletConnectAdapter(
  parameters: WalletConnectAdapterParameters,
): WalletConnectAdapter {
  let connectors: readonly WalletConnectConnector[] = []
  return {
    namespace: 'eip155',
    setup({ networks, onConnectorsChange }) {
      const connector = createWalletConnectConnector({
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
        id: parameters.id ?? 'walletConnect',
        name: parameters.name ?? 'WalletConnect',
        icon: parameters.icon ?? WALLETCONNECT_ICON,
      })
      connectors = [connector]
      onConnectorsChange(connectors)
      return () => {
        connectors = []
        void connector.destroy()
      }
    },
    getConnectors: () => connectors,
  }
}
