import type {
  AccountTypes,
  ConnectMethod,
  ConnectorTypeOrderEntry,
  Features,
  SocialOption,
  ThemeMode,
  WalletFeature,
} from './types/config.ts'
import type { AccountType } from './types/connector.ts'
import type { ChainNamespace } from './types/network.ts'

// The defaults `createFoyer` fills in (SPEC §9): in a module of their own, so a page's first load
// has them without the limits and timings of ./constants.ts, which only lazily loaded code uses.

export const DEFAULT_THEME_MODE: ThemeMode = 'dark'
/** The locale when neither the app nor the visitor's browser chose one. */
export const DEFAULT_LOCALE = 'en-US'

export const DEFAULT_SOCIALS: readonly SocialOption[] = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
]

export const DEFAULT_FEATURES: Features = {
  email: true,
  socials: DEFAULT_SOCIALS,
  swaps: true,
  onramp: true,
  activity: true,
  multiWallet: false,
  send: true,
  receive: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  branding: true,
}

export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
export const DEFAULT_WALLET_FEATURES_ORDER: readonly WalletFeature[] = [
  'onramp',
  'swaps',
  'receive',
  'send',
]
export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorTypeOrderEntry[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

/**
 * The account types of SPEC §3 each namespace has: smart accounts exist on EVM only (SPEC §6),
 * payment and ordinal accounts on Bitcoin only.
 */
export const ACCOUNT_TYPES_BY_NAMESPACE = {
  eip155: ['eoa', 'smartAccount'],
  solana: ['eoa'],
  polkadot: ['eoa'],
  bip122: ['payment', 'ordinal'],
  cosmos: ['eoa'],
} as const satisfies Record<ChainNamespace, readonly AccountType[]>

/**
 * Default preferred account type per namespace (SPEC §6: smartAccount on EVM, eoa on Solana and
 * Polkadot, payment on Bitcoin; eoa on cosmos, where nothing else exists). Config
 * `defaultAccountTypes` overrides it per namespace.
 */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
  cosmos: 'eoa',
} as const satisfies AccountTypes
