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

/**
 * The treasury of the on-ramp sandbox (`@foyer/onramp-sandbox`): it sends what a visitor "buys"
 * in the local world. Index 11, next to the deployer, so it is none of the 10 dev accounts and
 * its deliveries never move their balances or nonces.
 */
export function devnetOnRampTreasury(): DevAccount {
  return deriveDevAccounts({ count: 1, start: 11 })[0]!
}

/**
 * The local bundler's keys (`@foyer/bundler`, alto): the executor sends the bundles
 * (`handleOps`) and the utility key deploys alto's simulation contracts and refills the executor.
 * Indexes 13 and 14: none of the 10 dev accounts, the deployer (10), the on-ramp treasury (11) or
 * the names gateway signer (12), so bundling never moves their balances or nonces. `deployWorld`
 * gives both Ether on every chain. Public keys: dev only.
 */
export function devnetBundlerAccounts(): { executor: DevAccount; utility: DevAccount } {
  const [executor, utility] = deriveDevAccounts({ count: 2, start: 13 }) as [DevAccount, DevAccount]
  return { executor, utility }
}

/**
 * The account the demo's gallery and the screenshot suite connect with. Index 20: none of the 10
 * dev accounts (every end-to-end file may move those), the deployer, the on-ramp treasury, the
 * names gateway signer or the bundler's keys, so no test ever sends from or to it and its
 * pictures hold in a whole run. `deployWorld` gives it what a dev account has (10,000 ETH,
 * 1,000,000 USDC and DAI) and an NFT. Public key: dev only.
 */
export function devnetGalleryAccount(): DevAccount {
  return deriveDevAccounts({ count: 1, start: 20 })[0]!
}
