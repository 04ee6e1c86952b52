import type { ACCOUNT_TYPES_BY_NAMESPACE } from '../constants.ts'
import type { SiwxConfig } from '../siwx/types.ts'
import type { Storage } from '../storage/createStorage.ts'
import type { Adapter } from './connector.ts'
import type { ChainNamespace, NetworkInput } from './network.ts'

export type Metadata = {
  name: string
  description?: string | undefined
  url?: string | undefined
  icons?: readonly string[] | undefined
}

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** The social list shown by default (SPEC §1), farcaster included. */
export type SocialOption = SocialProvider | 'farcaster'

export type Features = {
  email: boolean
  /** `false` hides social login; a list chooses and orders the providers. */
  socials: false | readonly SocialOption[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  multiWallet: boolean
  send: boolean
  receive: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  branding: boolean
}

export type ConnectMethod = 'email' | 'social' | 'wallet'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
export type ConnectorTypeOrderEntry =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'

export type ThemeMode = 'light' | 'dark'

/** An account type (SPEC §3) per namespace, each one of the types that namespace has. */
export type AccountTypes = {
  [namespace in ChainNamespace]: (typeof ACCOUNT_TYPES_BY_NAMESPACE)[namespace][number]
}
/** CSS custom properties the dialog reads, e.g. `{ '--foyer-accent': '#47a1ff' }`. */
export type ThemeVariables = Record<`--foyer-${string}`, string | number>

export type FoyerConfig = {
  /** At least one. The first is the default network. */
  networks: readonly [NetworkInput, ...NetworkInput[]]
  adapters?: readonly Adapter[] | undefined
  metadata?: Metadata | undefined
  features?: Partial<Features> | undefined
  connectMethodsOrder?: readonly ConnectMethod[] | undefined
  walletFeaturesOrder?: readonly WalletFeature[] | undefined
  connectorTypeOrder?: readonly ConnectorTypeOrderEntry[] | undefined
  themeMode?: ThemeMode | undefined
  /** BCP 47 locale that balances and other numbers are formatted for with `Intl` (default 'en-US'). */
  locale?: string | undefined
  themeVariables?: ThemeVariables | undefined
  featuredWalletIds?: readonly string[] | undefined
  includeWalletIds?: readonly string[] | undefined
  excludeWalletIds?: readonly string[] | undefined
  /**
   * Preferred account type per namespace, over SPEC §6's defaults (smartAccount on EVM, eoa on
   * Solana and Polkadot, payment on Bitcoin). The visitor's own choice (`setPreferredAccountType`)
   * wins over it.
   */
  defaultAccountTypes?: Partial<AccountTypes> | undefined
  /** Keep the session usable when the wallet sits on a network not in `networks`. */
  allowUnsupportedChain?: boolean | undefined
  /**
   * Sign in with the wallet after connecting (SIWX: EIP-4361 on EVM, Sign In With Solana on
   * Solana), checked by the Foyer server's verifier unless the app brings its own.
   */
  siwx?: SiwxConfig | undefined
  /** Defaults to localStorage in the browser and memory on the server. */
  storage?: Storage | undefined
  /** Identifies this app to its Foyer server (the server API client lands in a later step). */
  projectId?: string | undefined
  /** Base URL of the app's own Foyer server, e.g. `http://127.0.0.1:4400`. */
  serverUrl?: string | undefined
}
