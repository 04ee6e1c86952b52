/** Stable storage keys (SPEC §3). Changing one forgets every visitor's stored session. */
export const STORAGE_KEYS = {
  recentWallets: 'recentWallets',
  connectedConnectors: 'connectedConnectors',
  activeNamespace: 'activeNamespace',
  activeNetworkByNamespace: 'activeNetworkByNamespace',
  deepLinkChoice: 'deepLinkChoice',
  connections: 'connections',
  socialProvider: 'socialProvider',
  preferredAccountTypes: 'preferredAccountTypes',
  /** The terms and privacy policy the visitor agreed to (`features.legalCheckbox`). */
  legalConsent: 'legalConsent',
} as const

/**
 * A storage key. Modules of a page's first load (`createFoyer`, `reconnectRemembered`…) write the
 * key itself, `'activeNamespace' satisfies StorageKey`, so that the object above stays with the
 * code loaded later.
 */
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
