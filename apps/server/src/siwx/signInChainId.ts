import type { SignInNamespace } from './parseSignInMessage.ts'

/**
 * Sign In With Solana names clusters (`mainnet`, `devnet`, `testnet`, optionally `solana:`
 * prefixed); CAIP-2 names them by the first 32 characters of their genesis hash.
 */
const solanaClusters: Record<string, string> = {
  mainnet: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'mainnet-beta': '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/**
 * The CAIP-2 id of a message's `Chain ID` line (already checked by `parseSignInMessage`):
 * eip155 `8453` → `eip155:8453`; solana `mainnet` / `solana:mainnet` → `solana:5eykt…`, a
 * reference (the local cluster's genesis prefix) or a whole CAIP-2 id → `solana:<reference>`;
 * bip122, cosmos and polkadot (CAIP-122: the reference, or the whole id) →
 * `<namespace>:<reference>`, e.g. `bip122:000000000019d6689c085ae165831e93`, `cosmos:cosmoshub-4`.
 */
export function signInChainId(namespace: SignInNamespace, chainId: string): string {
  if (namespace === 'eip155') return `eip155:${chainId}`
  const reference = chainId.startsWith(`${namespace}:`)
    ? chainId.slice(namespace.length + 1)
    : chainId
  if (namespace !== 'solana') return `${namespace}:${reference}`
  return `solana:${Object.hasOwn(solanaClusters, reference) ? solanaClusters[reference] : reference}`
}
