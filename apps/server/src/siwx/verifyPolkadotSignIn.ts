import { InvalidSiwxSignatureError, SiwxSignatureMismatchError } from './errors.ts'

export type VerifyPolkadotSignInParameters = {
  /** The CAIP-122 text as signed: the wallet signed `<Bytes>` + its UTF-8 bytes + `</Bytes>`. */
  text: string
  /** The message's SS58 address (any chain's format). */
  address: string
  /** What the wallet's `signRaw` answers: 0x + hex. */
  signature: string
}
export type VerifyPolkadotSignInReturnType = undefined
export type VerifyPolkadotSignInErrorType = InvalidSiwxSignatureError | SiwxSignatureMismatchError

/**
 * Checks a Polkadot wallet's `signRaw` signature of a CAIP-122 message with `@foyer/polkadot`'s
 * `verifyPolkadotMessage`: sr25519, ed25519 or ecdsa over the `<Bytes>`-wrapped text (what every
 * extension signs for raw bytes, so the signature can never pass for an extrinsic's). The adapter
 * (and `@polkadot/util-crypto`'s wasm) is loaded on the first Polkadot sign-in only. Throws
 * `InvalidSiwxSignatureError` / `SiwxSignatureMismatchError`.
 */
export async function verifyPolkadotSignIn(
  parameters: VerifyPolkadotSignInParameters,
): Promise<VerifyPolkadotSignInReturnType> {
  const { text, address, signature } = parameters
  // 64 bytes (sr25519, ed25519), 65 (ecdsa), or either with a MultiSignature type byte.
  if (!/^0x(?:[0-9a-fA-F]{2}){64,66}$/.test(signature))
    throw new InvalidSiwxSignatureError(
      'must be 0x followed by the hex of an sr25519, ed25519 or ecdsa signature (64 or 65 bytes)',
    )
  const { verifyPolkadotMessage } = await import('@foyer/polkadot')
  if (!(await verifyPolkadotMessage({ address, message: text, signature })))
    throw new SiwxSignatureMismatchError()
}
