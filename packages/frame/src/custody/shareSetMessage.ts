import { type Hex, keccak256, stringToHex } from 'viem'
import type { EncryptedBlob } from './recoveryKey.ts'

export type ShareSetMessageParameters = {
  shareSetId: string
  deviceId: string
  authShare: Hex
  encryptedRecoveryShare: EncryptedBlob
}

/**
 * The text a new share set is signed over (EIP-191) with the wallet's own eip155 key: the server
 * stores a share set only with that signature, so a session alone (an inbox, a forged session)
 * cannot slip junk shares into a wallet and deny its recovery.
 */
export function shareSetMessage(parameters: ShareSetMessageParameters): string {
  const { encryptedRecoveryShare } = parameters
  return [
    'Foyer share set v1',
    `share set: ${parameters.shareSetId}`,
    `device: ${parameters.deviceId}`,
    `auth share: ${keccak256(parameters.authShare)}`,
    `recovery share: ${keccak256(stringToHex(`${encryptedRecoveryShare.iv}:${encryptedRecoveryShare.ciphertext}`))}`,
  ].join('\n')
}
