import { CompactSize } from '@scure/btc-signer'
import { concatBytes, sha256x2 } from '@scure/btc-signer/utils.js'

const MAGIC = new TextEncoder().encode('Bitcoin Signed Message:\n')

/** The digest `signmessage` signs: double SHA-256 of the length-prefixed magic and message. */
export function legacyMessageHash(message: Uint8Array): Uint8Array {
  return sha256x2(
    concatBytes(
      CompactSize.encode(BigInt(MAGIC.length)),
      MAGIC,
      CompactSize.encode(BigInt(message.length)),
      message,
    ),
  )
}

/**
 * The key/address kind a 65-byte signature's header byte announces: 27–30 uncompressed P2PKH,
 * 31–34 compressed P2PKH (Bitcoin Core), 35–38 P2SH-P2WPKH and 39–42 P2WPKH (BIP-137).
 */
export type LegacyHeaderKind = 'p2pkh-uncompressed' | 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh'

const headerBase: Record<LegacyHeaderKind, number> = {
  'p2pkh-uncompressed': 27,
  p2pkh: 31,
  'p2sh-p2wpkh': 35,
  p2wpkh: 39,
}

export function toLegacyHeader(kind: LegacyHeaderKind, recovery: number): number {
  return headerBase[kind] + recovery
}

export function fromLegacyHeader(
  header: number,
): { kind: LegacyHeaderKind; recovery: number } | undefined {
  for (const [kind, base] of Object.entries(headerBase) as [LegacyHeaderKind, number][])
    if (header >= base && header < base + 4) return { kind, recovery: header - base }
  return undefined
}
