import { type Adapter, type ChainNamespace, type Connector, PAIRING_LIFETIME_MS } from '@foyer/core'
import {
  createWalletConnectBitcoinConnector,
  type WalletConnectBitcoinConnector,
} from './createWalletConnectBitcoinConnector.ts'
import {
  createWalletConnectConnector,
  type WalletConnectConnector,
} from './createWalletConnectConnector.ts'
import {
  createWalletConnectCosmosConnector,
  type WalletConnectCosmosConnector,
} from './createWalletConnectCosmosConnector.ts'
import {
  createWalletConnectPolkadotConnector,
  type WalletConnectPolkadotConnector,
} from './createWalletConnectPolkadotConnector.ts'
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
   * Connector id (default 'walletConnect'). With networks of other namespaces configured, their
   * connectors of the same session are `<id>:solana`, `<id>:bip122`, `<id>:polkadot` and
   * `<id>:cosmos`; all share the group `<id>`.
   */
  id?: string | undefined
  name?: string | undefined
  icon?: string | undefined
}

/** A connector of one namespace of the adapter's session. */
export type WalletConnectNamespaceConnector =
  | WalletConnectConnector
  | WalletConnectSolanaConnector
  | WalletConnectBitcoinConnector
  | WalletConnectPolkadotConnector
  | WalletConnectCosmosConnector

export type WalletConnectAdapter = Adapter & {
  namespace: 'eip155'
  namespaces: readonly ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos']
  getConnectors(): readonly WalletConnectNamespaceConnector[]
}

/** The other namespaces' connectors, created only when the app has networks of them. */
const namespaceConnectors = {
  solana: createWalletConnectSolanaConnector,
  bip122: createWalletConnectBitcoinConnector,
  polkadot: createWalletConnectPolkadotConnector,
  cosmos: createWalletConnectCosmosConnector,
} satisfies Partial<Record<ChainNamespace, unknown>>

const WALLETCONNECT_ICON =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"%3E%3Crect width="24" height="24" rx="6" fill="%233396ff"/%3E%3Cpath d="M7 10c2.8-2.7 7.2-2.7 10 0M9 12.5c1.7-1.6 4.3-1.6 6 0" fill="none" stroke="%23fff" stroke-width="1.6" stroke-linecap="round"/%3E%3C/svg%3E'

/**
 * WalletConnect v2 (QR code and deep links) for eip155, and for solana, bip122, polkadot and cosmos
 * when the app has networks of them: one session, one connector per namespace (`walletConnect`,
 * `walletConnect:solana`, `walletConnect:bip122`, …), sharing a group so that connecting one
 * records every namespace the wallet approved. This module is tiny: the official
 * `@walletconnect/universal-provider` (and each chain's code) is fetched with `import()` only when
 * the visitor picks WalletConnect or a stored WalletConnect session is restored.
 */
export function walletConnectAdapter(
  parameters: WalletConnectAdapterParameters,
): WalletConnectAdapter {
  let connectors: readonly WalletConnectNamespaceConnector[] = []
  return {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos'],
    setup({ networks, onConnectorsChange }) {
      const id = parameters.id ?? 'walletConnect'
      const name = parameters.name ?? 'WalletConnect'
      const icon = parameters.icon ?? WALLETCONNECT_ICON
      const others = (
        Object.keys(namespaceConnectors) as (keyof typeof namespaceConnectors)[]
      ).filter((namespace) => networks.some((network) => network.chainNamespace === namespace))
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
      const shared = { session, name, icon, networks, group: others.length ? id : undefined }
      connectors = [
        createWalletConnectConnector({ ...shared, id }),
        ...others.map((namespace) =>
          namespaceConnectors[namespace]({ ...shared, id: `${id}:${namespace}` }),
        ),
      ]
      onConnectorsChange(connectors as readonly Connector[])
      return () => {
        connectors = []
        void session.destroy()
      }
    },
    getConnectors: () => connectors,
  }
}
