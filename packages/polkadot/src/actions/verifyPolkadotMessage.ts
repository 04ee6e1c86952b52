import { loadUtil, loadUtilCrypto } from '../lazy.ts'

export type VerifyPolkadotMessageParameters = {
  /** SS58 address of the signer, any chain's format. */
  address: string
  /** What was signed: the text or bytes before wrapping. */
  message: string | Uint8Array
  /** `0x…` hex, as `signMessage` returns it. */
  signature: string
}
export type VerifyPolkadotMessageReturnType = boolean
export type VerifyPolkadotMessageErrorType = never

/**
 * Whether `signature` is the address's signature of `<Bytes>message</Bytes>` (sr25519, ed25519
 * or ecdsa), what extensions sign for `signRaw`. False for anything malformed, never a throw.
 */
export async function verifyPolkadotMessage(
  parameters: VerifyPolkadotMessageParameters,
): Promise<VerifyPolkadotMessageReturnType> {
  const { address, message, signature } = parameters
  const [{ signatureVerify }, { u8aWrapBytes }] = await Promise.all([loadUtilCrypto(), loadUtil()])
  try {
    return signatureVerify(u8aWrapBytes(message), signature, address).isValid
  } catch {
    return false
  }
}
