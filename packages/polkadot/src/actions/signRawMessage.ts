import { ExtensionNotSupportedError, type UserRejectedRequestError } from '../errors.ts'
import { loadUtil } from '../lazy.ts'
import type { InjectedSigner } from '../types.ts'
import { toWalletError } from './toWalletError.ts'

export type SignRawMessageParameters = {
  signer: InjectedSigner
  address: string
  /** Text (UTF-8) or bytes. */
  message: string | Uint8Array
}
/** The signature, `0x…` hex (sr25519: 64 bytes). */
export type SignRawMessageReturnType = string
export type SignRawMessageErrorType = ExtensionNotSupportedError | UserRejectedRequestError

/**
 * Has the extension sign a message with `signRaw`. The bytes are wrapped in `<Bytes>…</Bytes>`
 * first, as extensions do themselves (wrapping twice changes nothing), so the signature can
 * never pass for an extrinsic's; `verifyPolkadotMessage` checks it the same way.
 */
export async function signRawMessage(
  parameters: SignRawMessageParameters,
): Promise<SignRawMessageReturnType> {
  const { signer, address, message } = parameters
  if (!signer.signRaw) throw new ExtensionNotSupportedError({ feature: 'signRaw' })
  const { u8aToHex, u8aWrapBytes } = await loadUtil()
  try {
    const { signature } = await signer.signRaw({
      address,
      data: u8aToHex(u8aWrapBytes(message)),
      type: 'bytes',
    })
    return signature
  } catch (error) {
    throw toWalletError(error)
  }
}
