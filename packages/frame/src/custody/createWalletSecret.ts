import { deriveWalletKeys, type WalletAddresses } from './deriveWalletKeys.ts'

export type CreateWalletSecretParameters = {
  /** Entropy bits: 128 (12 words) or 256 (24 words). Default 256. */
  strength?: 128 | 256
}

export type CreateWalletSecretReturnType = {
  /** BIP-39 entropy: the one secret the shares split. Zero it once split. */
  entropy: Uint8Array
  mnemonic: string
  addresses: WalletAddresses
}

/** Makes a new wallet from fresh WebCrypto entropy and derives its eip155 and solana addresses. */
export function createWalletSecret(
  parameters: CreateWalletSecretParameters = {},
): CreateWalletSecretReturnType {
  const entropy = crypto.getRandomValues(new Uint8Array((parameters.strength ?? 256) / 8))
  const keys = deriveWalletKeys(entropy)
  keys.eip155PrivateKey.fill(0)
  keys.solanaPrivateKey.fill(0)
  return { entropy, mnemonic: keys.mnemonic, addresses: keys.addresses }
}
