import { pbkdf2Sync } from 'node:crypto'
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'
import { Secp256k1, Slip10, Slip10Curve, Slip10RawIndex } from '@cosmjs/crypto'
import { toBase64, toBech32, toHex } from '@cosmjs/encoding'
import { anvilMnemonic } from '../accounts.ts'
import type { CosmosDevAccount } from './types.ts'

export type DeriveCosmosDevAccountsParameters = {
  count: number
  start?: number | undefined
  mnemonic?: string | undefined
  /** Default `cosmos`. */
  bech32Prefix?: string | undefined
}

/**
 * Derives Cosmos dev accounts from a mnemonic on the Cosmos Hub path `m/44'/118'/0'/0/i`, the one
 * Keplr and Leap use, so importing the dev mnemonic into a wallet shows the same addresses.
 */
export function deriveCosmosDevAccounts(
  parameters: DeriveCosmosDevAccountsParameters,
): CosmosDevAccount[] {
  const { count, start = 0, mnemonic = anvilMnemonic, bech32Prefix = 'cosmos' } = parameters
  // BIP-39 seed with node's native PBKDF2 (cosmjs' pure-JS one takes a second per call).
  const seed = pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
  return Array.from({ length: count }, (_, offset) => {
    const index = start + offset
    const path = [
      Slip10RawIndex.hardened(44),
      Slip10RawIndex.hardened(118),
      Slip10RawIndex.hardened(0),
      Slip10RawIndex.normal(0),
      Slip10RawIndex.normal(index),
    ]
    const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, path)
    const publicKey = Secp256k1.compressPubkey(Secp256k1.makeKeypair(privkey).pubkey)
    return {
      index,
      address: toBech32(bech32Prefix, rawSecp256k1PubkeyToRawAddress(publicKey)),
      publicKey: toBase64(publicKey),
      privateKey: toHex(privkey),
    }
  })
}
