import { pbkdf2Sync } from 'node:crypto'
import { type Address, bytesToHex, type Hex } from 'viem'
import { HDKey, privateKeyToAddress } from 'viem/accounts'

/** The mnemonic anvil derives its default dev accounts from. Public: never use it for real funds. */
export const anvilMnemonic = 'test test test test test test test test test test test junk'

export type DevAccount = { address: Address; privateKey: Hex }

export type DeriveDevAccountsParameters = {
  /** How many accounts, from index `start` of `m/44'/60'/0'/0/i`. */
  count: number
  start?: number | undefined
  mnemonic?: string | undefined
}

/** Derives dev accounts the way anvil does (BIP-39 seed, BIP-44 path `m/44'/60'/0'/0/i`). */
export function deriveDevAccounts(parameters: DeriveDevAccountsParameters): DevAccount[] {
  const { count, start = 0, mnemonic = anvilMnemonic } = parameters
  // BIP-39 seed with node's native PBKDF2: one derivation for all accounts instead of one each.
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  const root = HDKey.fromMasterSeed(seed)
  return Array.from({ length: count }, (_, offset) => {
    const key = root.derive(`m/44'/60'/0'/0/${start + offset}`).privateKey
    if (!key) throw new Error('BIP-32 derivation produced no private key')
    const privateKey = bytesToHex(key)
    return { address: privateKeyToAddress(privateKey), privateKey }
  })
}

/** anvil's 10 default accounts, each funded with 10000 ETH by anvil. */
export function anvilDevAccounts(): DevAccount[] {
  return deriveDevAccounts({ count: 10 })
}

/**
 * The account that deploys the world and provides pool liquidity. It is not one of the 10 dev
 * accounts, so those start with round balances and nonce 0.
 */
export function devnetDeployer(): DevAccount {
  return deriveDevAccounts({ count: 1, start: 10 })[0]!
}
