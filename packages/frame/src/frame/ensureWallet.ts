import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import type { WalletAddresses } from '../custody/deriveWalletKeys.ts'
import type { DeviceShareStore } from '../custody/deviceShareStore.ts'
import {
  createRecoveryKey,
  decryptRecoveryShare,
  encryptRecoveryShare,
  type RecoveryKey,
} from '../custody/recoveryKey.ts'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from '../custody/sealedBox.ts'
import { shareSetMessage } from '../custody/shareSetMessage.ts'
import { combineShares, splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { AuthApiError, ShareMismatchError, WrongRecoveryFactorError } from '../errors.ts'
import type { AuthApiResponse } from '../protocol/auth-api.ts'
import type { AuthApi } from './authApi.ts'

export type CustodyParameters = {
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  userId: string
  /**
   * Operator-recovery mode only: the operator's X25519 key. New share sets then also seal their
   * recovery share to it, and a device approved by email gets the wallet back through the operator.
   */
  operatorRecoveryPublicKey?: Hex | undefined
}

export type ServerWallet = NonNullable<AuthApiResponse<'getAuthShares'>['wallet']>

export type EnsureWalletParameters = CustodyParameters

export type EnsureWalletReturnType = {
  addresses: WalletAddresses
  created: boolean
  /** This device holds no share yet: it cannot sign until the visitor recovers the wallet here. */
  locked: boolean
  wallet: ServerWallet | null
}

/**
 * After login: makes the user's wallet on first login (with a fresh recovery key kept on this
 * device); on a device with its own share, nothing to do. A device without a share stays locked
 * until the visitor recovers the wallet with a factor only they hold (`recoverWallet`), except in
 * operator-recovery mode, where the operator's key holder re-seals the recovery share to it.
 */
export async function ensureWallet(
  parameters: EnsureWalletParameters,
): Promise<EnsureWalletReturnType> {
  const { authApi, deviceShareStore, userId } = parameters
  const deviceId = await deviceShareStore.getDeviceId()
  const { wallet } = await authApi.getAuthShares()

  if (!wallet) {
    const secret = createWalletSecret()
    const recoveryKey = createRecoveryKey()
    try {
      await storeShareSet({
        ...parameters,
        deviceId,
        entropy: secret.entropy,
        addresses: secret.addresses,
        recoveryKey,
      })
      return { addresses: secret.addresses, created: true, locked: false, wallet: null }
    } finally {
      secret.entropy.fill(0)
      recoveryKey.fill(0)
    }
  }

  const own = wallet.shareSets.findLast((set) => set.deviceId === deviceId)
  const deviceShare = own ? await deviceShareStore.getShare(userId) : null
  if (own && deviceShare) {
    deviceShare.fill(0)
    return { addresses: wallet.addresses, created: false, locked: false, wallet }
  }

  // A device that kept the recovery key (its share was lost) rebuilds on its own.
  const kept = await deviceShareStore.getRecoveryKey(userId)
  if (kept) {
    try {
      await recoverWallet({ ...parameters, recoveryKey: kept, wallet })
      return { addresses: wallet.addresses, created: false, locked: false, wallet }
    } catch (error) {
      if (!(error instanceof WrongRecoveryFactorError)) throw error
    } finally {
      kept.fill(0)
    }
  }

  if (wallet.operatorRecovery && parameters.operatorRecoveryPublicKey) {
    const recovered = await recoverThroughOperator({ ...parameters, wallet, deviceId })
    if (recovered) return { addresses: wallet.addresses, created: false, locked: false, wallet }
  }
  return { addresses: wallet.addresses, created: false, locked: true, wallet }
}

export type RecoverWalletParameters = CustodyParameters & {
  recoveryKey: RecoveryKey
  /** The wallet as the server describes it; fetched when absent. */
  wallet?: ServerWallet | undefined
}

/**
 * Rebuilds the wallet on this device from the server's auth share and the recovery share the
 * recovery key opens, checks it is the wallet the server knows, and gives this device a share set
 * of its own (keeping the recovery key here too). `WrongRecoveryFactorError` when the key opens no
 * share set of the wallet.
 */
export async function recoverWallet(
  parameters: RecoverWalletParameters,
): Promise<{ addresses: WalletAddresses }> {
  const wallet = parameters.wallet ?? (await parameters.authApi.getAuthShares()).wallet
  if (!wallet) throw new ShareMismatchError({ details: 'There is no wallet to recover' })
  const deviceId = await parameters.deviceShareStore.getDeviceId()
  for (const set of [...wallet.shareSets].reverse()) {
    let recoveryShare: Uint8Array
    try {
      recoveryShare = await decryptRecoveryShare(
        parameters.recoveryKey,
        set.encryptedRecoveryShare,
        set.shareSetId,
      )
    } catch {
      continue
    }
    const authShare = hexToBytes(set.authShare)
    const entropy = await combineShares([authShare, recoveryShare])
    try {
      // Proves the rebuilt entropy is this wallet's before splitting it again.
      await withSigner([authShare, recoveryShare], () => undefined, {
        expectedAddresses: wallet.addresses,
      })
      await storeShareSet({
        ...parameters,
        deviceId,
        entropy,
        addresses: wallet.addresses,
        recoveryKey: parameters.recoveryKey,
      })
      return { addresses: wallet.addresses }
    } finally {
      entropy.fill(0)
      recoveryShare.fill(0)
      authShare.fill(0)
    }
  }
  throw new WrongRecoveryFactorError('The recovery key does not open this wallet')
}

async function recoverThroughOperator(
  parameters: CustodyParameters & { wallet: ServerWallet; deviceId: string },
): Promise<boolean> {
  const { wallet } = parameters
  const source = wallet.shareSets.at(-1)
  if (!source) return false
  const frameKey = createSealingKeyPair()
  let sealedShare: Awaited<ReturnType<AuthApi['releaseRecoveryShare']>>['sealedShare']
  try {
    ;({ sealedShare } = await parameters.authApi.releaseRecoveryShare({
      shareSetId: source.shareSetId,
      framePublicKey: frameKey.publicKey,
    }))
  } catch (error) {
    // Not approved by email in this login: the visitor recovers with a factor instead.
    if (error instanceof AuthApiError && error.status === 403) return false
    throw error
  }
  const recoveryShare = await openSealedBox(sealedShare, frameKey.secretKey)
  const authShare = hexToBytes(source.authShare)
  const entropy = await combineShares([authShare, recoveryShare])
  try {
    await withSigner([authShare, recoveryShare], () => undefined, {
      expectedAddresses: wallet.addresses,
    })
    // The operator's recovery gives no recovery key: this device starts a new one, and methods
    // added from now on wrap it (older share sets stay openable by the older key).
    const recoveryKey = createRecoveryKey()
    try {
      await storeShareSet({
        ...parameters,
        entropy,
        addresses: wallet.addresses,
        recoveryKey,
      })
    } finally {
      recoveryKey.fill(0)
    }
    return true
  } finally {
    entropy.fill(0)
    recoveryShare.fill(0)
    authShare.fill(0)
  }
}

async function storeShareSet(
  parameters: CustodyParameters & {
    deviceId: string
    entropy: Uint8Array
    addresses: WalletAddresses
    recoveryKey: RecoveryKey
  },
) {
  const shares = await splitSecret(parameters.entropy)
  const shareSetId = crypto.randomUUID()
  try {
    const encryptedRecoveryShare = await encryptRecoveryShare(
      parameters.recoveryKey,
      shares.recoveryShare,
      shareSetId,
    )
    const operatorSealedRecoveryShare = parameters.operatorRecoveryPublicKey
      ? await sealToPublicKey(shares.recoveryShare, parameters.operatorRecoveryPublicKey)
      : undefined
    const authShare = bytesToHex(shares.authShare)
    // Signed with the key the new shares rebuild (checked against the addresses first).
    const signature = await withSigner(
      [shares.deviceShare, shares.authShare],
      ({ eip155 }) =>
        eip155.signMessage({
          message: shareSetMessage({
            shareSetId,
            deviceId: parameters.deviceId,
            authShare,
            encryptedRecoveryShare,
          }),
        }),
      { expectedAddresses: parameters.addresses },
    )
    await parameters.deviceShareStore.setShare(parameters.userId, shares.deviceShare)
    await parameters.deviceShareStore.setRecoveryKey(parameters.userId, parameters.recoveryKey)
    await parameters.authApi.putAuthShares({
      shareSetId,
      deviceId: parameters.deviceId,
      authShare,
      encryptedRecoveryShare,
      ...(operatorSealedRecoveryShare ? { operatorSealedRecoveryShare } : {}),
      addresses: parameters.addresses,
      signature,
    })
  } finally {
    shares.deviceShare.fill(0)
    shares.authShare.fill(0)
    shares.recoveryShare.fill(0)
  }
}

/** This device's share and its auth share, fetched for one operation. */
export async function loadSignerShares(parameters: {
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  userId: string
}): Promise<{ shares: [Uint8Array, Uint8Array]; addresses: WalletAddresses }> {
  const deviceId = await parameters.deviceShareStore.getDeviceId()
  const { wallet } = await parameters.authApi.getAuthShares()
  const own = wallet?.shareSets.findLast((set) => set.deviceId === deviceId)
  const deviceShare = await parameters.deviceShareStore.getShare(parameters.userId)
  if (!wallet || !own || !deviceShare)
    throw new ShareMismatchError({ details: 'This device holds no share of the wallet' })
  return { shares: [deviceShare, hexToBytes(own.authShare)], addresses: wallet.addresses }
}
