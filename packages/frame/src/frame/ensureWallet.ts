import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { createWalletSecret } from '../custody/createWalletSecret.ts'
import type { WalletAddresses } from '../custody/deriveWalletKeys.ts'
import type { DeviceShareStore } from '../custody/deviceShareStore.ts'
import { createSealingKeyPair, openSealedBox, sealToPublicKey } from '../custody/sealedBox.ts'
import { combineShares, splitSecret } from '../custody/splitSecret.ts'
import { withSigner } from '../custody/withSigner.ts'
import { ShareMismatchError } from '../errors.ts'
import type { AuthApi } from './authApi.ts'

export type EnsureWalletParameters = {
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  /** X25519 public key the recovery share is sealed to (hex). */
  recoveryPublicKey: Hex
  userId: string
}

export type EnsureWalletReturnType = { addresses: WalletAddresses; created: boolean }

/**
 * After login: makes the user's wallet on first login; on a device without its own share,
 * rebuilds the wallet from the auth and recovery shares and gives this device a share set of its
 * own. The rebuilt entropy is zeroed before returning.
 */
export async function ensureWallet(
  parameters: EnsureWalletParameters,
): Promise<EnsureWalletReturnType> {
  const { authApi, deviceShareStore, userId } = parameters
  const deviceId = await deviceShareStore.getDeviceId()
  const { wallet } = await authApi.getAuthShares()

  if (!wallet) {
    const secret = createWalletSecret()
    try {
      await storeShareSet({
        ...parameters,
        deviceId,
        entropy: secret.entropy,
        addresses: secret.addresses,
      })
      return { addresses: secret.addresses, created: true }
    } finally {
      secret.entropy.fill(0)
    }
  }

  const own = wallet.shareSets.findLast((set) => set.deviceId === deviceId)
  const deviceShare = own ? await deviceShareStore.getShare(userId) : null
  if (own && deviceShare) {
    deviceShare.fill(0)
    return { addresses: wallet.addresses, created: false }
  }

  // A new device (or a wiped one): the recovery key holder re-seals the recovery share to a
  // one-time key of this frame, so the share never crosses the network in the clear.
  const source = wallet.shareSets.at(-1)
  if (!source) throw new ShareMismatchError({ details: 'The wallet has no share set' })
  const frameKey = createSealingKeyPair()
  const { sealedShare } = await authApi.releaseRecoveryShare({
    shareSetId: source.shareSetId,
    framePublicKey: frameKey.publicKey,
  })
  const recoveryShare = await openSealedBox(sealedShare, frameKey.secretKey)
  const authShare = hexToBytes(source.authShare)
  const entropy = await combineShares([authShare, recoveryShare])
  try {
    // Proves the rebuilt entropy is this wallet's before splitting it again.
    await withSigner([authShare, recoveryShare], () => undefined, {
      expectedAddresses: wallet.addresses,
    })
    await storeShareSet({ ...parameters, deviceId, entropy, addresses: wallet.addresses })
    return { addresses: wallet.addresses, created: false }
  } finally {
    entropy.fill(0)
    recoveryShare.fill(0)
    authShare.fill(0)
  }
}

async function storeShareSet(
  parameters: EnsureWalletParameters & {
    deviceId: string
    entropy: Uint8Array
    addresses: WalletAddresses
  },
) {
  const shares = await splitSecret(parameters.entropy)
  try {
    const sealedRecoveryShare = await sealToPublicKey(
      shares.recoveryShare,
      parameters.recoveryPublicKey,
    )
    await parameters.deviceShareStore.setShare(parameters.userId, shares.deviceShare)
    await parameters.authApi.putAuthShares({
      shareSetId: crypto.randomUUID(),
      deviceId: parameters.deviceId,
      authShare: bytesToHex(shares.authShare),
      sealedRecoveryShare,
      addresses: parameters.addresses,
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
