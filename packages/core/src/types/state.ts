import type { PriceSource, ProjectFeatures } from '@foyer/protocol'
import type { OnRampCheckout } from '../onramp/types.ts'
import type { PendingTransaction, SendState } from '../send/types.ts'
import type { SiwxState } from '../siwx/types.ts'
import type { View } from '../views.ts'
import type { SocialProvider, ThemeMode, ThemeVariables } from './config.ts'
import type { AccountType, Connector } from './connector.ts'
import type { CaipAddress, CaipNetwork, ChainNamespace } from './network.ts'

export type DialogRoute = { view: View; data?: ViewData | undefined }

/** Parameters a view needs, set by `navigate`/`open`. */
export type ViewData = {
  connectorId?: string | undefined
  network?: CaipNetwork | undefined
  email?: string | undefined
  socialProvider?: SocialProvider | undefined
  [key: string]: unknown
}

export type DialogState = {
  open: boolean
  view: View
  data: ViewData | undefined
  /** Routes visited since opening; the last entry is the current view. */
  history: readonly DialogRoute[]
  loading: boolean
  /** True for 500 ms after `shakeDialog` (SPEC §4). */
  shake: boolean
}

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'

/** Status of one stored connection (SPEC §4). */
export const CONNECTION_STATUSES = ['connected', 'active', 'disconnected'] as const
export type StoredConnectionStatus = (typeof CONNECTION_STATUSES)[number]

export type ConnectionAccount = {
  address: string
  type: AccountType
  /** A smart account: whether it exists on chain yet (`account.smartAccountDeployed`). */
  deployed?: boolean | undefined
}

export type Connection = {
  connectorId: string
  accounts: readonly ConnectionAccount[]
  status: StoredConnectionStatus
  /** Name of the auth method (email, google, …) for embedded-wallet connections. */
  authName?: string | undefined
  /** The address an email login (`authName: 'email'`) signed in with: its rerun starts with it. */
  email?: string | undefined
}

export type TokenBalance = {
  name: string
  symbol: string
  chainId: string
  /** Absent for the native token. */
  address?: string | undefined
  /** quantity × price in USD; 0 when there is no price (see `priceSource`). */
  value: number
  /** USD per whole token; 0 when there is no price (see `priceSource`). */
  price: number
  /**
   * Where `price` comes from, as the server says: `unavailable` means no price source for the
   * token's network (or no server: balances read by RPC), so a 0 `price`/`value` is not a real
   * valuation. Absent where nobody said (token lists the send form reads from the chain).
   */
  priceSource?: PriceSource | undefined
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export type AccountState = {
  caipAddress: CaipAddress | undefined
  address: string | undefined
  /** Native balance formatted to 3 decimals (SPEC §9). */
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  profileName: string | undefined
  profileImage: string | undefined
  user: { accounts: readonly ConnectionAccount[] } | undefined
  tokenBalance: readonly TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Readonly<Record<string, string>>
  preferredAccountType: AccountType | undefined
  socialProvider: SocialProvider | undefined
  farcasterUrl: string | undefined
  connectedWalletInfo: { name: string; icon?: string | undefined; connectorId: string } | undefined
}

export type ToastVariant = 'loading' | 'success' | 'error'
export type Toast = {
  id: number
  variant: ToastVariant
  message: string
  /** The error an error toast tells about; a UI may show its own text for it instead of `message`. */
  error?: Error | undefined
}

export type AlertVariant = 'error' | 'warning' | 'info'
export type Alert = {
  id: number
  code: string
  shortMessage: string
  longMessage: string
  variant: AlertVariant
}

export type FoyerState = {
  dialog: DialogState
  status: ConnectionStatus
  connectors: readonly Connector[]
  connections: Readonly<Partial<Record<ChainNamespace, readonly Connection[]>>>
  activeNamespace: ChainNamespace | undefined
  /** Per-namespace chosen network; the active one is `activeNetwork`. */
  networkByNamespace: Readonly<Partial<Record<ChainNamespace, CaipNetwork>>>
  activeNetwork: CaipNetwork
  /** True while the wallet sits on a network missing from `networks`. */
  unsupportedNetwork: boolean
  /** True while `switchNetwork` moves to another namespace (SPEC §4). */
  switchingNamespace: boolean
  account: AccountState
  toast: Toast | undefined
  alerts: readonly Alert[]
  themeMode: ThemeMode
  themeVariables: ThemeVariables
  /** BCP 47 locale of formatted numbers such as `account.balance` (default 'en-US'). */
  locale: string
  /** The send form (SPEC §3); reset when the active namespace changes (SPEC §4). */
  send: SendState
  /**
   * Connected connectors whose link to their wallet dropped and is being re-established
   * (WalletConnect: the relay). Requests through them wait until it is back (see `linkChanged`).
   */
  reconnectingConnectors: readonly string[]
  /** Transactions this app sent, newest first, at most 99 (SPEC §9). */
  pendingTransactions: readonly PendingTransaction[]
  /** On-ramp checkouts this app opened, newest first: Activity follows their purchases. */
  onRampCheckouts: readonly OnRampCheckout[]
  /** The project's features on its server, once `loadRemoteConfig` has read them. */
  remoteFeatures: ProjectFeatures | undefined
  /** The sign-in session (SIWX) when `siwx` is configured. */
  siwx: SiwxState
}
