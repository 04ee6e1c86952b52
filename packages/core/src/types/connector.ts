import type { Metadata, ThemeMode } from './config.ts'
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from './network.ts'

/** Account types of SPEC §3. */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/**
 * How a connector was found. `announced`: EIP-6963 / wallet-standard; `injected`: legacy global
 * (`window.ethereum`); the rest are explicit kinds the dialog lists in their own sections.
 */
export type ConnectorType =
  | 'announced'
  | 'injected'
  | 'walletConnect'
  | 'auth'
  | 'external'
  | 'custom'

export type ConnectorAccount = {
  address: string
  type: AccountType
  /** A smart account: whether it exists on chain yet (its address is known before, SPEC §3). */
  deployed?: boolean | undefined
}

export type ConnectResult = {
  accounts: readonly ConnectorAccount[]
  caipNetworkId: CaipNetworkId
}

/** Events every connector emits; payloads are namespace-neutral. */
export type ConnectorEventMap = {
  accountsChanged: { accounts: readonly ConnectorAccount[] }
  chainChanged: { caipNetworkId: CaipNetworkId }
  disconnect: Record<string, never>
  /**
   * The link to a still connected wallet dropped (`reconnecting`) or came back (`connected`).
   * Only connectors that reach their wallet through a relay (WalletConnect) emit it.
   */
  linkChanged: { status: WalletLinkStatus }
}
/** Whether a connected wallet can be reached right now (see `FoyerState.reconnectingConnectors`). */
export type WalletLinkStatus = 'connected' | 'reconnecting'
export type ConnectorEventName = keyof ConnectorEventMap
export type ConnectorEventListener<name extends ConnectorEventName> = (
  data: ConnectorEventMap[name],
) => void

export type RequestArguments = { method: string; params?: readonly unknown[] | object | undefined }

export type SignMessageParameters = { message: string; address: string }
export type SendTransactionParameters = {
  to: string
  value?: bigint | undefined
  data?: string | undefined
  from: string
}
/** A transfer in the network's own terms, for connectors that build transfers themselves. */
export type ConnectorTransferParameters = {
  from: string
  to: string
  /** Base units: lamports for SOL, the token's smallest unit otherwise. */
  amount: bigint
  /** Token (SPL mint); the native currency when absent. */
  mint?: string | undefined
  /** Wait until the network confirms the transaction (default true). */
  confirm?: boolean | undefined
}
export type GetBalanceParameters = { address: string; network: CaipNetwork }
export type GetBalanceResult = { value: bigint; decimals: number; symbol: string }

/**
 * The small contract every chain adapter's connectors implement. Optional abilities
 * (`signMessage`, `sendTransaction`) exist only where the chain and wallet support them.
 */
export type Connector = {
  id: string
  name: string
  /** Image URL or `data:` URI. */
  icon?: string | undefined
  type: ConnectorType
  namespace: ChainNamespace
  /** Reverse-DNS id (EIP-6963), when the wallet announced one. */
  rdns?: string | undefined
  /**
   * Connectors of one wallet session across namespaces (WalletConnect, the embedded wallet) share a
   * group: connecting one also records the others the wallet approved, and disconnecting one
   * forgets them all, since the session they share is gone.
   */
  group?: string | undefined

  /** Prompts the wallet. Rejects with the wallet's own error (code 4001 for a refusal). */
  connect(parameters?: { network?: CaipNetwork | undefined }): Promise<ConnectResult>
  disconnect(): Promise<void>
  /** Silent: never prompts. Empty when the wallet has not authorised this site. */
  getAccounts(): Promise<readonly ConnectorAccount[]>
  getCaipNetworkId(): Promise<CaipNetworkId>
  switchNetwork(parameters: { network: CaipNetwork }): Promise<void>
  request(arguments_: RequestArguments): Promise<unknown>
  on<name extends ConnectorEventName>(event: name, listener: ConnectorEventListener<name>): void
  off<name extends ConnectorEventName>(event: name, listener: ConnectorEventListener<name>): void

  signMessage?(parameters: SignMessageParameters): Promise<string>
  sendTransaction?(parameters: SendTransactionParameters): Promise<string>
  /**
   * Builds, signs and sends a native or token transfer and resolves with its signature (once the
   * network confirms it, unless `confirm: false`). Solana connectors have it: their transfers are built from the chain's
   * programs, which core does not know.
   */
  sendTransfer?(parameters: ConnectorTransferParameters): Promise<string>
}

export type AdapterSetupParameters = {
  networks: readonly CaipNetwork[]
  /** Called whenever the adapter's connector list changes (e.g. a wallet announces itself). */
  onConnectorsChange: (connectors: readonly Connector[]) => void
  /** The app as adapters with UI of their own (the embedded wallet's frame) present it. */
  app?: AdapterAppContext | undefined
}

/** The app's identity and look, for adapters that draw their own UI (`createFoyer` gives it). */
export type AdapterAppContext = {
  /** The app's `metadata` option (name, description, url, icons). */
  metadata: Metadata | undefined
  /** The theme mode the app set ('system': the visitor's `prefers-color-scheme`). */
  getThemeMode: () => ThemeMode
  /** Calls `listener` on every change of the theme mode; returns the unsubscribe. */
  watchThemeMode: (listener: (themeMode: ThemeMode) => void) => () => void
}

/**
 * A chain adapter (`evmAdapter()`, …). `setup` runs once per Foyer instance, in the browser only
 * when discovery needs the DOM; it returns a teardown.
 */
export type Adapter = {
  namespace: ChainNamespace
  /** Every namespace the adapter serves, when more than `namespace` (its connectors share a session). */
  namespaces?: readonly ChainNamespace[] | undefined
  setup(parameters: AdapterSetupParameters): () => void
  getConnectors(): readonly Connector[]
  getBalance?(parameters: GetBalanceParameters): Promise<GetBalanceResult>
  /**
   * For an adapter whose code loads later (`createLazyAdapter`): loads it now and resolves once
   * its connectors are set up. The dialog calls it before showing wallets.
   */
  load?(): Promise<void>
}
