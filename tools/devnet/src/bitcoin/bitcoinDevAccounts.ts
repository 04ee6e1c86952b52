import { pbkdf2Sync } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { anvilMnemonic } from '../accounts.ts'
import type { BitcoinDevAccount, BitcoinDevKey } from './types.ts'

/** Bitcoin Core's regtest parameters, in the shape `@scure/btc-signer` takes (`bcrt`, testnet base58). */
export const regtestNetwork = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }

export type DeriveBitcoinDevAccountsParameters = {
  /** How many accounts, from index `start`. */
  count: number
  start?: number | undefined
  mnemonic?: string | undefined
}

/**
 * Derives Bitcoin dev accounts from the dev mnemonic (BIP-39 seed): the payment key on BIP-84
 * `m/84'/1'/0'/0/i` (P2WPKH) and the ordinal key on BIP-86 `m/86'/1'/0'/0/i` (P2TR, key path only).
 * Coin type 1: every Bitcoin test network, regtest included.
 */
export function deriveBitcoinDevAccounts(
  parameters: DeriveBitcoinDevAccountsParameters,
): BitcoinDevAccount[] {
  const { count, start = 0, mnemonic = anvilMnemonic } = parameters
  const root = HDKey.fromMasterSeed(mnemonicSeed(mnemonic))
  return Array.from({ length: count }, (_, offset) => {
    const index = start + offset
    return {
      index,
      payment: paymentKey(root, `m/84'/1'/0'/0/${index}`),
      ordinal: ordinalKey(root, `m/86'/1'/0'/0/${index}`),
    }
  })
}

/**
 * The key the devnet mines to and funds from: index 1000 of the payment path, far from the
 * accounts a wallet shows, so the dev accounts' balances are exactly what was sent to them.
 */
export function bitcoinMinerKey(mnemonic: string = anvilMnemonic): BitcoinDevKey {
  return paymentKey(HDKey.fromMasterSeed(mnemonicSeed(mnemonic)), `m/84'/1'/0'/0/1000`)
}

function mnemonicSeed(mnemonic: string): Uint8Array {
  // BIP-39 seed with node's native PBKDF2, as `deriveDevAccounts` does.
  return pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
}

function derive(root: HDKey, path: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const { privateKey, publicKey } = root.derive(path)
  if (!privateKey || !publicKey) throw new Error(`BIP-32 derivation of ${path} produced no key`)
  return { privateKey, publicKey }
}

function paymentKey(root: HDKey, derivationPath: string): BitcoinDevKey {
  const { privateKey, publicKey } = derive(root, derivationPath)
  return {
    address: p2wpkh(publicKey, regtestNetwork).address!,
    publicKey: hex(publicKey),
    privateKey: hex(privateKey),
    derivationPath,
  }
}

function ordinalKey(root: HDKey, derivationPath: string): BitcoinDevKey {
  const { privateKey, publicKey } = derive(root, derivationPath)
  // The x-only internal key: the compressed key without its parity byte.
  const internalKey = publicKey.subarray(1)
  return {
    address: p2tr(internalKey, undefined, regtestNetwork).address!,
    publicKey: hex(internalKey),
    privateKey: hex(privateKey),
    derivationPath,
  }
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}
