import { createHash } from 'node:crypto'
import { decodeBase58 } from '../onramp/checkDestinationWallets.ts'

const checksumPrefix = Buffer.from('SS58PRE')

/**
 * A Polkadot-SDK account address: SS58 of a 32-byte account id in any chain's format (a 1-byte
 * prefix below 64, or a 2-byte one), with its 2-byte checksum, the start of
 * BLAKE2b-512("SS58PRE" ‖ prefix ‖ account id), checked. Hex public keys and the shorter SS58
 * forms of indices are not accounts a wallet signs in with.
 */
export function isPolkadotAddress(text: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(text)) return false
  const bytes = decodeBase58(text)
  if (!bytes?.length) return false
  // SS58: a first byte of 0–63 is the whole prefix; 64–127 starts a 2-byte prefix.
  const prefixLength = bytes[0]! < 64 ? 1 : bytes[0]! < 128 ? 2 : 0
  if (prefixLength === 0 || bytes.length !== prefixLength + 32 + 2) return false
  const payload = bytes.subarray(0, prefixLength + 32)
  const hash = createHash('blake2b512').update(checksumPrefix).update(payload).digest()
  return hash[0] === bytes[prefixLength + 32] && hash[1] === bytes[prefixLength + 33]
}
