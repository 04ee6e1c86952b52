// The frame's side of the custody model, built from `@foyer/frame`'s primitives, so the server's
// tests speak the HTTP contract without the frame's own flows: a wallet split 2-of-3, its recovery
// share AES-GCM-encrypted under a per-wallet recovery key, that key wrapped by a password (scrypt)
// or sealed to a new device's one-time key.
import { scryptSync } from 'node:crypto'
import {
  type AuthApiBody,
  createSealingKeyPair,
  createWalletSecret,
  deriveWalletKeys,
  openSealedBox,
  type SealedBox,
  sealToPublicKey,
  shareSetMessage,
  splitSecret,
  type WalletAddresses,
  withSigner,
} from '@foyer/frame'
import { bytesToHex, type Hex, hexToBytes } from 'viem'

export type EncryptedBlob = AuthApiBody<'putAuthShares'>['encryptedRecoveryShare']
export type WrappedKey = AuthApiBody<'addRecoveryMethod'>['wrappedKey']

/** The scrypt cost the tests wrap passwords with: the server's floor. */
export const testScrypt = { N: 2 ** 14, r: 8, p: 1 } as const

/** A fresh 32-byte recovery key: made in the frame, never sent in the clear. */
export const createRecoveryKey = () => crypto.getRandomValues(new Uint8Array(32))

const aesKey = (key: Uint8Array, usage: KeyUsage) =>
  crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [usage])

export async function encryptBlob(key: Uint8Array, plaintext: Uint8Array): Promise<EncryptedBlob> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await aesKey(key, 'encrypt'),
    plaintext as Uint8Array<ArrayBuffer>,
  )
  return { version: 1, iv: bytesToHex(iv), ciphertext: bytesToHex(new Uint8Array(ciphertext)) }
}

/** Throws unless `key` is the key the blob was encrypted under (AES-GCM authenticates). */
export async function decryptBlob(
  key: Uint8Array,
  blob: { iv: Hex; ciphertext: Hex },
): Promise<Uint8Array> {
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: hexToBytes(blob.iv) as Uint8Array<ArrayBuffer> },
      await aesKey(key, 'decrypt'),
      hexToBytes(blob.ciphertext) as Uint8Array<ArrayBuffer>,
    ),
  )
}

const scryptKey = (password: string, kdf: { salt: Hex; N: number; r: number; p: number }) =>
  new Uint8Array(
    scryptSync(password.normalize('NFKC'), hexToBytes(kdf.salt), 32, {
      N: kdf.N,
      r: kdf.r,
      p: kdf.p,
      maxmem: 256 * kdf.N * kdf.r,
    }),
  )

/** The recovery key wrapped by a recovery password (a `password` recovery method). */
export async function wrapWithPassword(
  recoveryKey: Uint8Array,
  password: string,
  cost: { N: number; r: number; p: number } = testScrypt,
): Promise<WrappedKey> {
  const kdf = {
    name: 'scrypt' as const,
    salt: bytesToHex(crypto.getRandomValues(new Uint8Array(16))),
    ...cost,
  }
  const { iv, ciphertext } = await encryptBlob(scryptKey(password, kdf), recoveryKey)
  return { version: 1, kdf, iv, ciphertext }
}

export async function unwrapWithPassword(wrapped: WrappedKey, password: string) {
  if (wrapped.kdf.name !== 'scrypt') throw new Error('not a password method')
  return decryptBlob(scryptKey(password, wrapped.kdf), wrapped)
}

export type ShareSetMaterial = {
  addresses: WalletAddresses
  deviceShare: Uint8Array
  authShare: Uint8Array
  recoveryShare: Uint8Array
  /** The `putAuthShares` body of this device's share set. */
  body: AuthApiBody<'putAuthShares'>
}

/**
 * Splits `entropy` (a new wallet when absent) for `deviceId`: the recovery share encrypted under
 * `recoveryKey`, and sealed to `operatorPublicKey` too in operator-recovery mode.
 */
export async function createShareSet(parameters: {
  deviceId: string
  recoveryKey: Uint8Array
  entropy?: Uint8Array | undefined
  operatorPublicKey?: Hex | undefined
}): Promise<ShareSetMaterial & { entropy: Uint8Array }> {
  const entropy = parameters.entropy ?? createWalletSecret().entropy
  const { addresses } = deriveWalletKeys(entropy)
  const { deviceShare, authShare, recoveryShare } = await splitSecret(entropy)
  const unsigned = {
    shareSetId: `set-${crypto.randomUUID()}`,
    deviceId: parameters.deviceId,
    authShare: bytesToHex(authShare),
    encryptedRecoveryShare: await encryptBlob(parameters.recoveryKey, recoveryShare),
  }
  // Signed by the wallet's key, as the frame does.
  const signature = await withSigner([deviceShare, authShare], ({ eip155 }) =>
    eip155.signMessage({ message: shareSetMessage(unsigned) }),
  )
  return {
    entropy,
    addresses,
    deviceShare,
    authShare,
    recoveryShare,
    body: {
      ...unsigned,
      signature,
      ...(parameters.operatorPublicKey
        ? {
            operatorSealedRecoveryShare: await sealToPublicKey(
              recoveryShare,
              parameters.operatorPublicKey,
            ),
          }
        : {}),
      addresses,
    },
  }
}

/** The addresses two shares rebuild, checked against `expected` by `withSigner`. */
export const rebuildAddresses = (
  shares: readonly [Uint8Array, Uint8Array],
  expected: WalletAddresses,
) =>
  withSigner(
    shares,
    (accounts) => ({
      eip155: accounts.eip155.address,
      solana: accounts.solana.address,
    }),
    { expectedAddresses: expected },
  )

/** A new device's one-time key pair for a device request. */
export const createDeviceKeyPair = createSealingKeyPair

export const sealKey = (key: Uint8Array, publicKey: Hex): Promise<SealedBox> =>
  sealToPublicKey(key, publicKey)
export const openKey = (box: SealedBox, secretKey: Hex) => openSealedBox(box, secretKey)
