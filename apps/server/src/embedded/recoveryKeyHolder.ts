import { openSealedBox, type SealedBox, sealToPublicKey } from '@foyer/frame'
import { x25519 } from '@noble/curves/ed25519.js'
import { bytesToHex, type Hex, hexToBytes } from 'viem'

/**
 * Holds the recovery private key. It opens a sealed recovery share and seals it again to a new
 * frame's one-time key, so the share never crosses the network in the clear. In production this
 * belongs in a separate service (or KMS): with the auth share and this key, a wallet can be rebuilt.
 */
export type RecoveryKeyHolder = {
  /** X25519 public key (hex) the frame seals recovery shares to. */
  publicKey: Hex
  reseal: (parameters: { sealedShare: SealedBox; framePublicKey: Hex }) => Promise<SealedBox>
}

/** The in-process holder configured by `FOYER_RECOVERY_SECRET_KEY` (32-byte X25519 key, hex). */
export function createLocalRecoveryKeyHolder(secretKey: Hex): RecoveryKeyHolder {
  const publicKey = bytesToHex(x25519.getPublicKey(hexToBytes(secretKey)))
  return {
    publicKey,
    async reseal({ sealedShare, framePublicKey }) {
      const share = await openSealedBox(sealedShare, secretKey)
      try {
        return await sealToPublicKey(share, framePublicKey)
      } finally {
        share.fill(0)
      }
    },
  }
}
