import { x25519 } from '@noble/curves/ed25519.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, concatBytes, type Hex, hexToBytes } from 'viem'
import { SealedBoxOpenError } from '../errors.ts'

const HKDF_INFO = new TextEncoder().encode('foyer/sealed-box/v1')

/** An X25519 + HKDF-SHA256 + AES-256-GCM box (ECIES): only the holder of the secret key opens it. */
export type SealedBox = {
  version: 1
  ephemeralPublicKey: Hex
  iv: Hex
  ciphertext: Hex
}

export type SealingKeyPair = { publicKey: Hex; secretKey: Hex }

/** A fresh X25519 key pair, e.g. the operator's recovery key (keep `secretKey` offline). */
export function createSealingKeyPair(): SealingKeyPair {
  const { secretKey, publicKey } = x25519.keygen()
  return { publicKey: bytesToHex(publicKey), secretKey: bytesToHex(secretKey) }
}

async function deriveAesKey(
  sharedSecret: Uint8Array,
  ephemeralPublicKey: Uint8Array,
  recipientPublicKey: Uint8Array,
): Promise<CryptoKey> {
  // Binding both public keys into the salt ties the key to this exact exchange.
  const keyBytes = hkdf(
    sha256,
    sharedSecret,
    concatBytes([ephemeralPublicKey, recipientPublicKey]),
    HKDF_INFO,
    32,
  )
  try {
    return await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt'])
  } finally {
    keyBytes.fill(0)
    sharedSecret.fill(0)
  }
}

/** Encrypts `plaintext` to `publicKey` with a one-time ephemeral key. */
export async function sealToPublicKey(plaintext: Uint8Array, publicKey: Hex): Promise<SealedBox> {
  const recipientPublicKey = hexToBytes(publicKey)
  const ephemeralSecretKey = x25519.utils.randomSecretKey()
  const ephemeralPublicKey = x25519.getPublicKey(ephemeralSecretKey)
  const sharedSecret = x25519.getSharedSecret(ephemeralSecretKey, recipientPublicKey)
  ephemeralSecretKey.fill(0)
  const key = await deriveAesKey(sharedSecret, ephemeralPublicKey, recipientPublicKey)
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext as Uint8Array<ArrayBuffer>),
  )
  return {
    version: 1,
    ephemeralPublicKey: bytesToHex(ephemeralPublicKey),
    iv: bytesToHex(iv),
    ciphertext: bytesToHex(ciphertext),
  }
}

/** Decrypts a box sealed to the public key of `secretKey`; throws `SealedBoxOpenError` otherwise. */
export async function openSealedBox(box: SealedBox, secretKey: Hex): Promise<Uint8Array> {
  const secretKeyBytes = hexToBytes(secretKey)
  try {
    const ephemeralPublicKey = hexToBytes(box.ephemeralPublicKey)
    const recipientPublicKey = x25519.getPublicKey(secretKeyBytes)
    const sharedSecret = x25519.getSharedSecret(secretKeyBytes, ephemeralPublicKey)
    const key = await deriveAesKey(sharedSecret, ephemeralPublicKey, recipientPublicKey)
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: hexToBytes(box.iv) as Uint8Array<ArrayBuffer> },
        key,
        hexToBytes(box.ciphertext) as Uint8Array<ArrayBuffer>,
      ),
    )
  } catch (cause) {
    throw new SealedBoxOpenError({ cause })
  } finally {
    secretKeyBytes.fill(0)
  }
}
