import { base58 } from '@scure/base'
import { bytesToHex, type Hex } from 'viem'
import { deriveWalletKeys } from '../custody/deriveWalletKeys.ts'
import type { DeviceShareStore } from '../custody/deviceShareStore.ts'
import {
  deviceRequestCode,
  MIN_RECOVERY_PASSWORD_LENGTH,
  unwrapWithPassword,
  withFirstUnwrapped,
  wrapWithPassword,
} from '../custody/recoveryKey.ts'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from '../custody/sealedBox.ts'
import { combineShares } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { BaseError, FrameRequestError, WrongRecoveryFactorError } from '../errors.ts'
import type { AuthApiResponse } from '../protocol/auth-api.ts'
import type { AuthApi } from './authApi.ts'
import { type CustodyParameters, loadSignerShares, recoverWallet } from './ensureWallet.ts'

export type DeviceRequest = AuthApiResponse<'listDeviceRequests'>['requests'][number]

/** The recovery key this device keeps; only a device that created or recovered the wallet has it. */
async function keptRecoveryKey(parameters: { deviceShareStore: DeviceShareStore; userId: string }) {
  const key = await parameters.deviceShareStore.getRecoveryKey(parameters.userId)
  if (!key) throw new FrameRequestError('Recover your wallet on this device first', { code: 4100 })
  return key
}

export type AddPasswordMethodParameters = CustodyParameters & {
  password: string
  kdfParameters?: { N: number; r: number; p: number }
}

/** Wraps the wallet's recovery key under a recovery password and stores it as a method. */
export async function addPasswordMethod(parameters: AddPasswordMethodParameters) {
  if (parameters.password.length < MIN_RECOVERY_PASSWORD_LENGTH)
    throw new FrameRequestError(
      `Use at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters for your recovery password`,
    )
  const recoveryKey = await keptRecoveryKey(parameters)
  try {
    const wrappedKey = await wrapWithPassword({
      recoveryKey,
      password: parameters.password,
      ...(parameters.kdfParameters ? { kdfParameters: parameters.kdfParameters } : {}),
    })
    return await parameters.authApi.addRecoveryMethod({ kind: 'password', wrappedKey })
  } finally {
    recoveryKey.fill(0)
  }
}

/**
 * On a new device: opens the recovery key with the visitor's password (any of the password
 * methods) and recovers the wallet here. `WrongRecoveryFactorError` for a wrong password.
 */
export async function recoverWithPassword(parameters: CustodyParameters & { password: string }) {
  const { wallet } = await parameters.authApi.getAuthShares()
  if (!wallet) throw new FrameRequestError('There is no wallet to recover')
  const methods = wallet.recoveryMethods.filter((method) => method.kind === 'password')
  if (methods.length === 0) throw new WrongRecoveryFactorError('No recovery password is set')
  const opened = await withFirstUnwrapped(
    methods.reverse().map((method) => method.wrappedKey),
    (wrapped) => unwrapWithPassword(wrapped, parameters.password),
    (recoveryKey) => recoverWallet({ ...parameters, recoveryKey, wallet }),
  )
  if (!opened) throw new WrongRecoveryFactorError('Wrong recovery password')
  return opened.result
}

/** Checks a recovery password without changing anything (re-authentication before key export). */
export async function verifyRecoveryPassword(parameters: {
  authApi: AuthApi
  password: string
}): Promise<void> {
  const { wallet } = await parameters.authApi.getAuthShares()
  const opened = await withFirstUnwrapped(
    (wallet?.recoveryMethods ?? []).filter((m) => m.kind === 'password').map((m) => m.wrappedKey),
    (wrapped) => unwrapWithPassword(wrapped, parameters.password),
    async () => undefined,
  )
  if (!opened) throw new WrongRecoveryFactorError('Wrong recovery password')
}

export type DeviceTransfer = {
  /** Shown on both devices, so the visitor can tell the request on the other device is this one. */
  code: string
  requestId: string
  /** Resolves once the other device approved and this device holds the wallet. */
  completed: Promise<void>
  cancel: () => void
}

/**
 * On a new device: asks the visitor's other devices for the recovery key. The server relays a box
 * sealed to this device's one-time X25519 key; both devices show a code derived from that key, so
 * a key swapped on the way shows a different code.
 */
export async function requestFromOtherDevice(
  parameters: CustodyParameters & { pollIntervalMs?: number },
): Promise<DeviceTransfer> {
  const keyPair = createSealingKeyPair()
  const { request } = await parameters.authApi.createDeviceRequest({ publicKey: keyPair.publicKey })
  let cancelled = false
  const completed = (async () => {
    for (;;) {
      if (cancelled) throw new FrameRequestError('Device approval cancelled')
      const status = await parameters.authApi.getDeviceRequest({ requestId: request.requestId })
      if (status.status === 'expired')
        throw new FrameRequestError('The request expired. Try again.')
      if (status.status === 'approved' && status.sealedKey) {
        const recoveryKey = await openSealedBox(status.sealedKey, keyPair.secretKey)
        try {
          await recoverWallet({ ...parameters, recoveryKey })
          return
        } finally {
          recoveryKey.fill(0)
        }
      }
      await new Promise((resolve) => setTimeout(resolve, parameters.pollIntervalMs ?? 2_000))
    }
  })()
  return {
    code: deviceRequestCode(keyPair.publicKey),
    requestId: request.requestId,
    completed,
    cancel: () => {
      cancelled = true
    },
  }
}

/** On an existing device, after the visitor compared the code and approved: seals the recovery key to the new device. */
export async function approveOtherDevice(
  parameters: CustodyParameters & { request: DeviceRequest },
): Promise<void> {
  const recoveryKey = await keptRecoveryKey(parameters)
  try {
    const sealedKey = await sealToPublicKey(recoveryKey, parameters.request.publicKey)
    await parameters.authApi.approveDeviceRequest({
      requestId: parameters.request.requestId,
      sealedKey,
    })
  } finally {
    recoveryKey.fill(0)
  }
}

export const deviceRequestCodeOf = (request: { publicKey: Hex }) =>
  deviceRequestCode(request.publicKey)

export type ExportedKeys = {
  /** secp256k1 private key of the eip155 account (hex), as wallets import it. */
  eip155PrivateKey: Hex
  /** Solana keypair (64 bytes: seed then public key) in base58, as Phantom and Solflare import it. */
  solanaSecretKey: string
}

/** The wallet's keys for export, rebuilt from this device's shares and checked against its addresses. */
export async function exportWalletKeys(parameters: {
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  userId: string
}): Promise<ExportedKeys> {
  const { shares, addresses } = await loadSignerShares(parameters)
  try {
    // withSigner proves the shares rebuild this wallet before anything is revealed.
    await withSigner(shares, () => undefined, { expectedAddresses: addresses })
    const entropy = await combineShares(shares)
    const keys = deriveWalletKeys(entropy)
    entropy.fill(0)
    try {
      const solana = new Uint8Array(64)
      solana.set(keys.solanaPrivateKey, 0)
      solana.set(keys.solanaPublicKey, 32)
      const solanaSecretKey = base58.encode(solana)
      solana.fill(0)
      return {
        eip155PrivateKey: bytesToHex(keys.eip155PrivateKey),
        solanaSecretKey,
      }
    } finally {
      keys.eip155PrivateKey.fill(0)
      keys.solanaPrivateKey.fill(0)
    }
  } catch (error) {
    if (error instanceof BaseError) throw error
    throw new BaseError('The key could not be exported', { cause: error })
  } finally {
    shares[0].fill(0)
    shares[1].fill(0)
  }
}
