import type { ChainNamespace } from '@foyer/core'

/**
 * The short names of the namespaces a wallet serves, marked on its row. Ecosystem names, the same
 * in every language (as the social providers' names are).
 */
export const namespaceNames: Record<ChainNamespace, string> = {
  eip155: 'EVM',
  solana: 'Solana',
  bip122: 'Bitcoin',
  polkadot: 'Polkadot',
  cosmos: 'Cosmos',
}
