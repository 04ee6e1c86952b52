const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

/**
 * A Cosmos account address as wallets write it: lower-case bech32 (BIP-173, checksum checked,
 * 90 characters at most) with a prefix of letters (`cosmos`, `osmo`, …) over 20 bytes (a key's
 * account) or 32 (a module or contract account). The prefix names the chain's address format,
 * which the sign-in's signature (ADR-36) covers, so any prefix is read here. Upper-case bech32
 * is valid BIP-173 but never what a Cosmos wallet signs with, so it is refused.
 */
export function isCosmosAddress(text: string): boolean {
  const match = /^([a-z]{1,83})1([02-9ac-hj-np-z]{38,})$/.exec(text)
  if (!match || text.length > 90) return false
  const [, prefix, data] = match as unknown as [string, string, string]
  const values = [...data].map((character) => charset.indexOf(character))
  if (polymod([...expandPrefix(prefix), ...values]) !== 1) return false
  const bytes = fromWords(values.slice(0, -6))
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32)
}

function expandPrefix(prefix: string): number[] {
  const codes = [...prefix].map((character) => character.charCodeAt(0))
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)]
}

function polymod(values: readonly number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generators[bit]!
  }
  return checksum
}

/** 5-bit groups to bytes; undefined when the padding is longer than 4 bits or not zero. */
function fromWords(words: readonly number[]): Uint8Array | undefined {
  const bytes: number[] = []
  let accumulator = 0
  let bits = 0
  for (const word of words) {
    accumulator = (accumulator << 5) | word
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((accumulator >>> bits) & 0xff)
    }
    accumulator &= (1 << bits) - 1
  }
  if (bits >= 5 || accumulator !== 0) return undefined
  return Uint8Array.from(bytes)
}
