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
