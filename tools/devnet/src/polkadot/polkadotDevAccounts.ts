import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { anvilMnemonic } from '../accounts.ts'
import type { PolkadotDevAccount } from './types.ts'

export type DerivePolkadotDevAccountsParameters = {
  /** How many accounts, from `//start` on. */
  count: number
  start?: number | undefined
  mnemonic?: string | undefined
  /** SS58 prefix of the addresses. Default 42 (generic Substrate). */
  ss58Prefix?: number | undefined
}
export type DerivePolkadotDevAccountsReturnType = {
  account: PolkadotDevAccount
  pair: KeyringPair
}[]

/**
 * Derives sr25519 dev accounts as `mnemonic//i` (hard derivation `//i`, what an extension's
 * "derive account" with path `//0` gives), so the funded accounts can be imported into
 * polkadot{.js}, Talisman or SubWallet from the public anvil mnemonic.
 */
export async function derivePolkadotDevAccounts(
  parameters: DerivePolkadotDevAccountsParameters,
): Promise<DerivePolkadotDevAccountsReturnType> {
  const { count, start = 0, mnemonic = anvilMnemonic, ss58Prefix = 42 } = parameters
  // sr25519 lives in wasm: it must be loaded before the keyring derives anything.
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: ss58Prefix })
  return Array.from({ length: count }, (_, offset) => {
    const index = start + offset
    const derivationPath = `//${index}`
    const pair = keyring.addFromUri(`${mnemonic}${derivationPath}`)
    return {
      account: {
        index,
        address: pair.address,
        publicKey: u8aToHex(pair.publicKey),
        mnemonic,
        derivationPath,
      },
      pair,
    }
  })
}
