import { Address, NETWORK, TEST_NETWORK } from '@scure/btc-signer'
import type { BitcoinChainConfig } from './types.ts'

/** The kinds of Bitcoin network whose addresses differ: by bech32 prefix, and base58 versions. */
export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

const regtest = { ...TEST_NETWORK, bech32: 'bcrt' }
const genesisPrefixes: Record<string, BitcoinNetworkKind> = {
  '000000000019d6689c085ae165831e93': 'mainnet',
  // Every regtest chain shares its genesis block.
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'regtest',
}

/**
 * The network kinds a Bitcoin address is valid on (checksum, witness version and program
 * checked); empty when it is not a Bitcoin address. Base58 test addresses (`m`, `n`, `2`) are
 * valid on testnets and regtest alike.
 */
export function bitcoinAddressNetworks(address: string): BitcoinNetworkKind[] {
  if (decodes(address, NETWORK)) return ['mainnet']
  if (decodes(address, TEST_NETWORK))
    return looksLikeBech32BitcoinAddress(address) ? ['testnet'] : ['testnet', 'regtest']
  if (decodes(address, regtest)) return ['regtest']
  return []
}

/** Mainnet, regtest (by genesis hash), or a test network (testnet3, testnet4, signets). */
export function bitcoinChainNetwork(chain: BitcoinChainConfig): BitcoinNetworkKind {
  return genesisPrefixes[chain.caipNetworkId.slice('bip122:'.length)] ?? 'testnet'
}

/**
 * Whether the string has the shape of a bech32 Bitcoin address (prefix, bech32 alphabet, one
 * case), valid or not. Base58 keys (Solana) never have it: they mix cases or use `b`, `i`, `o`.
 */
export function looksLikeBech32BitcoinAddress(address: string): boolean {
  return /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{6,87}|(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{6,87})$/.test(address)
}

/** Bech32 addresses are case-insensitive: the lower-case form is the one explorers index. */
export function normalizeBitcoinAddress(address: string): string {
  return looksLikeBech32BitcoinAddress(address) ? address.toLowerCase() : address
}

function decodes(address: string, network: typeof NETWORK): boolean {
  try {
    Address(network).decode(address)
    return true
  } catch {
    return false
  }
}
