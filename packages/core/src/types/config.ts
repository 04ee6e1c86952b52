import type { ACCOUNT_TYPES_BY_NAMESPACE } from '../defaults.ts'
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
  /**
   * SPEC §6, off by default: the Connect view asks the visitor to agree to `termsConditionsUrl`
   * and `privacyPolicyUrl` before any connect method can be used.
   */
  legalCheckbox: boolean
  smartSessions: boolean
  /** SPEC §6, on by default: the "Powered by Foyer" line at the foot of the dialog. */
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

/** 'system' follows the visitor's `prefers-color-scheme`, live. */
export type ThemeMode = 'light' | 'dark' | 'system'
/** The theme the dialog is drawn in once 'system' is resolved. */
export type ResolvedThemeMode = Exclude<ThemeMode, 'system'>

/** An account type (SPEC §3) per namespace, each one of the types that namespace has. */
export type AccountTypes = {
  [namespace in ChainNamespace]: (typeof ACCOUNT_TYPES_BY_NAMESPACE)[namespace][number]
}
/**
 * CSS custom properties the dialog reads, e.g. `{ '--foyer-accent': '#47a1ff' }`. The named ones
 * are SPEC §9's; any other `--foyer-*` property of the stylesheet is accepted too. A number means
 * pixels for the lengths (radius, width) and is unitless for the z-index.
 */
export type ThemeVariables = {
  /** Buttons, focus ring, selection. Default: dark hsla(230,100%,67%,1), light hsla(231,100%,70%,1). */
  '--foyer-accent'?: string | undefined
  /** The dialog's background. Default: dark #121313, light #fff. */
  '--foyer-background'?: string | undefined
  /** Text colour. Default per theme. */
  '--foyer-foreground'?: string | undefined
  /** Corner radius of the card (rows and buttons scale with it). Default 16px. */
  '--foyer-border-radius'?: string | number | undefined
  /** Default: the system UI font stack. */
  '--foyer-font-family'?: string | undefined
  /** Stacking order of the dialog over the page. Default 999. */
  '--foyer-z-index'?: string | number | undefined
  /** Width of the card (a bottom sheet below 430 px). Default 360px. */
  '--foyer-modal-width'?: string | number | undefined
} & { readonly [name: `--foyer-${string}`]: string | number | undefined }

export type FoyerConfig = {
  /**
   * At least one. The first is the default network. Network objects: viem chains, or CaipNetworks
   * such as `@foyer/core/networks`' (`import { mainnet, solana } from '@foyer/core/networks'`).
   */
  networks: readonly [NetworkInput, ...NetworkInput[]]
  adapters?: readonly Adapter[] | undefined
  metadata?: Metadata | undefined
  features?: Partial<Features> | undefined
  connectMethodsOrder?: readonly ConnectMethod[] | undefined
  walletFeaturesOrder?: readonly WalletFeature[] | undefined
  connectorTypeOrder?: readonly ConnectorTypeOrderEntry[] | undefined
  /** 'dark' (default, SPEC §9), 'light', or 'system' to follow `prefers-color-scheme`. */
  themeMode?: ThemeMode | undefined
  /**
   * BCP 47 locale of the dialog's texts (`@foyer/react` ships ar, de, en, es, fr, he, hi, id, ja,
   * ko, pt, ru, tr, zh-CN; others show English) and of the numbers formatted with `Intl`. Unset:
   * the React provider adopts the visitor's browser language when it has texts for it, else 'en-US'.
   */
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
  /**
   * Names the app gives addresses (SPEC §3 `addressLabels`), address → label, e.g. `{ '0xf39F…':
   * 'Treasury' }`; the dialog shows them next to the wallet's accounts.
   */
  addressLabels?: Readonly<Record<string, string>> | undefined
  /** Keep the session usable when the wallet sits on a network not in `networks`. */
  allowUnsupportedChain?: boolean | undefined
  /**
   * Sign in with the wallet after connecting (SIWX: EIP-4361 on EVM, Sign In With Solana on
   * Solana), checked by the Foyer server's verifier unless the app brings its own.
   */
  siwx?: SiwxConfig | undefined
  /** Defaults to localStorage in the browser and memory on the server. */
  storage?: Storage | undefined
  /** The app's terms of service, linked from the legal checkbox (`features.legalCheckbox`). */
  termsConditionsUrl?: string | undefined
  /** The app's privacy policy, linked from the legal checkbox (`features.legalCheckbox`). */
  privacyPolicyUrl?: string | undefined
  /** Identifies this app to its Foyer server (the server API client lands in a later step). */
  projectId?: string | undefined
  /** Base URL of the app's own Foyer server, e.g. `http://127.0.0.1:4400`. */
  serverUrl?: string | undefined
}
