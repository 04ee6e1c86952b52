// Alert texts of SPEC §8: apart from constants.ts so that a page showing only a button does not
// load them (bundlers split per module).

/** Alerts of SPEC §8, keyed by a stable code. */
export const ALERTS = {
  NETWORK_NOT_FOUND: {
    shortMessage: 'Network Not Found',
    longMessage: 'The network is not among the configured networks.',
  },
  ORIGIN_NOT_ALLOWED: {
    shortMessage: 'Origin Not Allowed',
    longMessage: "This origin is not on the project's allow-list.",
  },
  EMBEDDED_WALLET_LOAD_FAILED: {
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'The embedded wallet page did not load.',
  },
  EMBEDDED_WALLET_REQUEST_TIMEOUT: {
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time.',
  },
  UNVERIFIED_DOMAIN: {
    shortMessage: 'Unverified Domain',
    longMessage: 'This domain is not verified for the project.',
  },
  SESSION_EXPIRED: {
    shortMessage: 'Session Expired',
    longMessage: 'Sign in again to continue.',
  },
  INVALID_PROJECT_ID: {
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id is not known to the Foyer server.',
  },
  PROJECT_ID_NOT_CONFIGURED: {
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Set `projectId` in the Foyer config.',
  },
  SERVER_ERROR: {
    shortMessage: 'Server Error',
    longMessage: 'The Foyer server failed to answer.',
  },
  RATE_LIMITED: {
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests; try again shortly.',
  },
  MULTI_WALLET_NOT_ENABLED: {
    shortMessage: 'Multi-Wallet Not Enabled',
    longMessage: 'Enable `features.multiWallet` to connect several wallets.',
  },
  INVALID_APP_CONFIGURATION: {
    shortMessage: 'Invalid App Configuration',
    longMessage: 'The Foyer server refused this app (HTTP 403).',
  },
} as const
export type AlertCode = keyof typeof ALERTS

/** Server messages that map to alerts (SPEC §8). */
export const SERVER_MESSAGE_ALERTS: Readonly<Record<string, AlertCode>> = {
  'Unauthorized: origin not allowed': 'ORIGIN_NOT_ALLOWED',
  'JWT validation error: JWT Token is not yet valid': 'SESSION_EXPIRED',
  'Unauthorized: invalid key': 'INVALID_PROJECT_ID',
}
