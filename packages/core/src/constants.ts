// The defaults `createFoyer` fills in are declared in ./defaults.ts: a page loads them with
// `createFoyer`, and the rest of this file only with the code that uses it.
export {
  ACCOUNT_TYPES_BY_NAMESPACE,
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  DEFAULT_FEATURES,
  DEFAULT_LOCALE,
  DEFAULT_SOCIALS,
  DEFAULT_THEME_MODE,
  DEFAULT_WALLET_FEATURES_ORDER,
} from './defaults.ts'

// Limits and defaults of SPEC §9 (times in milliseconds).
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000
export const BALANCE_CACHE_MS = 30_000
export const NATIVE_BALANCE_CACHE_MS = 30_000
export const IDENTITY_CACHE_MS = 5 * 60_000
export const BALANCE_RETRY_BLOCK_MS = 30_000
export const PAIRING_LIFETIME_MS = 4 * 60_000
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const RECENT_WALLETS_LIMIT = 2
export const RECOMMENDED_WALLETS_LIMIT = 4
export const WALLET_PAGE_SIZE = 40
export const WALLET_SEARCH_LIMIT = 100
export const PENDING_TRANSACTIONS_LIMIT = 99
export const FRAME_LOAD_TIMEOUT_MS = 20_000
export const FRAME_REQUEST_TIMEOUT_MS = 120_000
export const SIGN_OUT_TIMEOUT_MS = 3_000
export const FRAME_READY_DELAY_MS = 500
export const LOG_BUFFER_BYTES = 1_024_000
export const SOCIAL_POPUP_WIDTH = 600
export const SOCIAL_POPUP_HEIGHT = 800
export const POPUP_CLOSED_POLL_MS = 1_000
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const SOCIAL_DISPLAY_NAME_MAX_LENGTH = 30
export const HEADER_TEXT_ANIMATION_MS = 120
export const MODAL_HEIGHT_ANIMATION_MS = 150
export const VIEW_TRANSITION_MS = 150
export const DIALOG_SHAKE_MS = 500
export const TOAST_REPLACE_GAP_MS = 150
export const ERROR_REPORTS_PER_MINUTE = 5
export const BALANCE_DECIMALS = 3
export const FIAT_DECIMALS = 2
export const HISTORY_AMOUNT_DECIMALS = 3
export const MODAL_WIDTH_PX = 360
export const DEFAULT_Z_INDEX = 999

export const ONRAMP_FALLBACK_LIMITS = {
  card: { min: '10.00', max: '7500.00' },
  achBankAccount: { min: '10.00', max: '25000.00' },
} as const
export const ONRAMP_FALLBACK_CURRENCIES = ['USD', 'EUR'] as const
export const ONRAMP_PROVIDER_FEE_RANGE = { min: 0.01, max: 0.02 } as const

export const THEME_COLORS = {
  light: { accent: 'hsla(231,100%,70%,1)', background: '#fff' },
  dark: { accent: 'hsla(230,100%,67%,1)', background: '#121313' },
} as const

/** Namespaces where embedded-wallet login works (SPEC §6). */
export const EMBEDDED_WALLET_NAMESPACES = ['eip155', 'solana'] as const
/** Namespaces where send and on-ramp work (SPEC §6). */
export const SEND_NAMESPACES = ['eip155', 'solana'] as const
/**
 * Namespaces whose network is the app's choice, not the wallet's: a Solana wallet has no current
 * cluster, a Bitcoin wallet signs for whichever network the app builds for, a Keplr-style wallet
 * enables the chain id it is asked for; so switching never prompts and a reload restores the
 * stored one.
 */
export const APP_CHOSEN_NETWORK_NAMESPACES = ['solana', 'bip122', 'cosmos', 'polkadot'] as const
/** Namespaces where activity and names work (SPEC §6). */
export const ACTIVITY_NAMESPACES = ['eip155'] as const

/** Timezones where the hosted features are restricted (SPEC §6). */
export const RESTRICTED_TIMEZONES = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
] as const
