import { createStore, type StoreApi } from 'zustand/vanilla'
import { getPreferredAccountType, isAccountTypeOf } from './account/preferredAccountType.ts'
import type { Analytics } from './analytics/startAnalytics.ts'
import {
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_LOCALE,
  DEFAULT_THEME_MODE,
  DEFAULT_WALLET_FEATURES_ORDER,
} from './defaults.ts'
import { InvalidAccountTypeError } from './errors/account.ts'
import { initialSendState } from './send/initialSendState.ts'
import type { SiwxConfig } from './siwx/types.ts'
import { createStorage, getDefaultStorage, type Storage } from './storage/createStorage.ts'
import type { StorageKey } from './storage/keys.ts'
import type {
  AccountTypes,
  ConnectMethod,
  ConnectorTypeOrderEntry,
  Features,
  FoyerConfig,
  Metadata,
  ThemeMode,
  ThemeVariables,
  WalletFeature,
} from './types/config.ts'
import type { Adapter, AdapterAppContext, Connector } from './types/connector.ts'
import type { FoyerEvent, FoyerEventWithTimestamp } from './types/events.ts'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './types/network.ts'
import type { AccountState, FoyerState } from './types/state.ts'
import { findNetwork } from './utils/findNetwork.ts'
import { toCaipNetwork } from './utils/toCaipNetwork.ts'

/** `FoyerConfig` with every default filled in and networks normalised. */
export type ResolvedFoyerConfig = {
  networks: readonly [CaipNetwork, ...CaipNetwork[]]
  adapters: readonly Adapter[]
  metadata: Metadata | undefined
  /** Every feature with its default filled in; `getFeatures` adds the project's server settings. */
  features: Features
  /** Only the features the app set, so the project's server settings can replace the defaults. */
  appFeatures: Partial<Features>
  connectMethodsOrder: readonly ConnectMethod[]
  walletFeaturesOrder: readonly WalletFeature[]
  connectorTypeOrder: readonly ConnectorTypeOrderEntry[]
  featuredWalletIds: readonly string[]
  includeWalletIds: readonly string[]
  excludeWalletIds: readonly string[]
  allowUnsupportedChain: boolean
  siwx: SiwxConfig | undefined
  /** Preferred account type per namespace when the visitor chose none: the config's over SPEC §6's. */
  defaultAccountTypes: AccountTypes
  /** The locale the app chose, if any (the state's `locale` has the default filled in). */
  locale: string | undefined
  termsConditionsUrl: string | undefined
  privacyPolicyUrl: string | undefined
  projectId: string | undefined
  serverUrl: string | undefined
}

export type FoyerEventListener = (event: FoyerEventWithTimestamp) => void

export type Foyer = {
  readonly config: ResolvedFoyerConfig
  readonly store: StoreApi<FoyerState>
  readonly storage: Storage
  getState(): FoyerState
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  subscribe(listener: (state: FoyerState, previousState: FoyerState) => void): () => void
  /** Integrator events (MODAL_OPEN, CONNECT_SUCCESS, …); returns the unsubscribe function. */
  subscribeEvents(listener: FoyerEventListener): () => void
  /** Connector by id across every adapter. */
  getConnector(connectorId: string): Connector | undefined
  /** Stops discovery and timers (tests, hot reload). */
  destroy(): void
  /** For actions only; not part of the public contract. */
  readonly _internal: FoyerInternal
}

export type FoyerInternal = {
  emit(event: FoyerEvent): void
  /** Ends the connect in flight with 'Modal closed'; set by `connect`, called by `close`. */
  pendingConnect?: { connectorId: string; close: () => void } | undefined
  /** Unsubscribes core from a connector's events, by connector id. */
  connectorListeners: Map<string, () => void>
  timers: {
    shake?: ReturnType<typeof setTimeout>
    toast?: ReturnType<typeof setTimeout>
    reconnect?: ReturnType<typeof setTimeout>
  }
  /**
   * Stored connections whose wallet has not announced itself yet, by namespace; `reconnect`
   * restores each one when its connector appears. Kept in storage until then.
   */
  pendingReconnects: Partial<Record<ChainNamespace, string[]>>
  /** Stops `reconnect` from waiting for those wallets (set while it waits). */
  stopReconnect?: (() => void) | undefined
  /** Remembered wallets `reconnect` is asking for their accounts right now. */
  restoring: number
  /** Set once `restoreDisconnectedConnections` has put the stored disconnected ones in the state. */
  disconnectedRestored?: boolean | undefined
  /** The analytics `startAnalytics` started, if any. */
  analytics?: Analytics | undefined
  /** Events (with the state they were emitted in) waiting for `startAnalytics`. */
  untrackedEvents: [FoyerEventWithTimestamp, FoyerState][]
  /** Resolves when the toast gap in progress ends; replacing toasts chain on it. */
  toastQueue: Promise<void>
  balanceCache: Map<string, { fetchedAt: number; value: bigint; decimals: number; symbol: string }>
  balanceFailedAt: Map<string, number>
  nextId(): number
}

export const initialAccountState: AccountState = {
  caipAddress: undefined,
  address: undefined,
  balance: undefined,
  balanceSymbol: undefined,
  balanceLoading: false,
  profileName: undefined,
  profileImage: undefined,
  user: undefined,
  tokenBalance: [],
  smartAccountDeployed: false,
  addressLabels: {},
  preferredAccountType: undefined,
  socialProvider: undefined,
  farcasterUrl: undefined,
  connectedWalletInfo: undefined,
}

export type CreateFoyerParameters = FoyerConfig
export type CreateFoyerReturnType = Foyer

/**
 * Creates one Foyer instance: its own store, storage and adapter discovery. Safe to call during a
 * server render (no DOM access unless an adapter finds a `window`).
 */
export function createFoyer(parameters: CreateFoyerParameters): CreateFoyerReturnType {
  const networks = parameters.networks.map(toCaipNetwork) as [CaipNetwork, ...CaipNetwork[]]
  const config: ResolvedFoyerConfig = {
    networks,
    adapters: parameters.adapters ?? [],
    metadata: parameters.metadata,
    features: { ...DEFAULT_FEATURES, ...parameters.features },
    appFeatures: { ...parameters.features },
    connectMethodsOrder: parameters.connectMethodsOrder ?? DEFAULT_CONNECT_METHODS_ORDER,
    walletFeaturesOrder: parameters.walletFeaturesOrder ?? DEFAULT_WALLET_FEATURES_ORDER,
    connectorTypeOrder: parameters.connectorTypeOrder ?? DEFAULT_CONNECTOR_TYPE_ORDER,
    featuredWalletIds: parameters.featuredWalletIds ?? [],
    includeWalletIds: parameters.includeWalletIds ?? [],
    excludeWalletIds: parameters.excludeWalletIds ?? [],
    allowUnsupportedChain: parameters.allowUnsupportedChain ?? false,
    siwx: parameters.siwx,
    defaultAccountTypes: { ...DEFAULT_ACCOUNT_TYPES },
    locale: parameters.locale,
    termsConditionsUrl: parameters.termsConditionsUrl,
    privacyPolicyUrl: parameters.privacyPolicyUrl,
    projectId: parameters.projectId,
    serverUrl: parameters.serverUrl,
  }
  for (const [namespace, accountType] of Object.entries(parameters.defaultAccountTypes ?? {})) {
    if (accountType === undefined) continue
    if (!isAccountTypeOf(namespace as ChainNamespace, accountType))
      throw new InvalidAccountTypeError({ accountType, namespace })
    ;(config.defaultAccountTypes as Record<string, string>)[namespace] = accountType
  }
  const storage = parameters.storage ?? createStorage({ storage: getDefaultStorage() })

  // Restore the stored network choice so a reload lands where the visitor left.
  const storedNamespace = storage.getItem<ChainNamespace>('activeNamespace' satisfies StorageKey)
  const storedNetworkIds =
    storage.getItem<Partial<Record<ChainNamespace, CaipNetworkId>>>(
      'activeNetworkByNamespace' satisfies StorageKey,
    ) ?? {}
  const networkByNamespace: Partial<Record<ChainNamespace, CaipNetwork>> = {}
  for (const [namespace, caipNetworkId] of Object.entries(storedNetworkIds)) {
    const network = caipNetworkId ? findNetwork(networks, caipNetworkId) : undefined
    if (network) networkByNamespace[namespace as ChainNamespace] = network
  }
  const activeNetwork =
    (storedNamespace && networkByNamespace[storedNamespace]) ||
    networks.find((network) => network.chainNamespace === storedNamespace) ||
    networks[0]

  const store = createStore<FoyerState>()(() => ({
    dialog: {
      open: false,
      view: 'Connect',
      data: undefined,
      history: [],
      loading: false,
      shake: false,
    },
    status: 'disconnected',
    connectors: [],
    // Live wallets come back with `reconnect`; the ones the visitor left (ProfileWallets lists
    // them) with the connection code or the dialog (`restoreDisconnectedConnections`), which a
    // page's first load does not carry.
    connections: {},
    activeNamespace: activeNetwork.chainNamespace,
    networkByNamespace: { ...networkByNamespace, [activeNetwork.chainNamespace]: activeNetwork },
    activeNetwork,
    unsupportedNetwork: false,
    switchingNamespace: false,
    account: {
      ...initialAccountState,
      addressLabels: { ...parameters.addressLabels },
      preferredAccountType: getPreferredAccountType(
        { config, storage },
        activeNetwork.chainNamespace,
      ),
    },
    toast: undefined,
    alerts: [],
    themeMode: parameters.themeMode ?? (DEFAULT_THEME_MODE as ThemeMode),
    themeVariables: parameters.themeVariables ?? ({} as ThemeVariables),
    locale: parameters.locale ?? DEFAULT_LOCALE,
    send: initialSendState,
    reconnectingConnectors: [],
    pendingTransactions: [],
    onRampCheckouts: [],
    remoteFeatures: undefined,
    siwx: { status: 'signed-out', session: undefined },
  }))

  const eventListeners = new Set<FoyerEventListener>()
  let id = 0
  const internal: FoyerInternal = {
    emit(event) {
      const stamped = { ...event, timestamp: Date.now() } as FoyerEventWithTimestamp
      for (const listener of [...eventListeners]) listener(stamped)
      const state = store.getState()
      const waiting = internal.untrackedEvents
      if (internal.analytics) internal.analytics.track(stamped, state)
      // Until `startAnalytics` runs (the dialog's first render), the session's events since the
      // first dialog open or wallet pick wait here, bounded; page-load events are never kept.
      else if (
        config.features.analytics &&
        config.serverUrl &&
        waiting.length < 100 &&
        (waiting.length > 0 || event.type === 'MODAL_OPEN' || event.type === 'SELECT_WALLET')
      )
        waiting.push([stamped, state])
    },
    untrackedEvents: [],
    connectorListeners: new Map(),
    timers: {},
    pendingReconnects: {},
    restoring: 0,
    toastQueue: Promise.resolve(),
    balanceCache: new Map(),
    balanceFailedAt: new Map(),
    nextId: () => ++id,
  }

  const connectorsByAdapter = new Map<Adapter, readonly Connector[]>()
  const publishConnectors = () =>
    store.setState({ connectors: [...connectorsByAdapter.values()].flat() })
  const app: AdapterAppContext = {
    metadata: config.metadata,
    getThemeMode: () => store.getState().themeMode,
    watchThemeMode: (listener) =>
      store.subscribe((state, previous) => {
        if (state.themeMode !== previous.themeMode) listener(state.themeMode)
      }),
  }
  const teardowns = config.adapters.map((adapter) => {
    const teardown = adapter.setup({
      app,
      networks: networks.filter((network) =>
        (adapter.namespaces ?? [adapter.namespace]).includes(network.chainNamespace),
      ),
      onConnectorsChange(connectors) {
        connectorsByAdapter.set(adapter, connectors)
        publishConnectors()
      },
    })
    connectorsByAdapter.set(adapter, adapter.getConnectors())
    return teardown
  })
  publishConnectors()

  const foyer: Foyer = {
    config,
    store,
    storage,
    getState: store.getState,
    subscribe: store.subscribe,
    subscribeEvents(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    getConnector(connectorId) {
      return store.getState().connectors.find((connector) => connector.id === connectorId)
    },
    destroy() {
      for (const teardown of teardowns) teardown()
      internal.stopReconnect?.()
      internal.pendingReconnects = {}
      for (const unwatch of internal.connectorListeners.values()) unwatch()
      internal.connectorListeners.clear()
      for (const timer of Object.values(internal.timers)) clearTimeout(timer)
      eventListeners.clear()
      void internal.analytics?.stop()
    },
    _internal: internal,
  }
  return foyer
}
