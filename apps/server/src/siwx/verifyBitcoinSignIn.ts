import { InvalidSiwxSignatureError, SiwxSignatureMismatchError } from './errors.ts'

export type VerifyBitcoinSignInParameters = {
  /** The CAIP-122 text as signed (its UTF-8 bytes are what the wallet signed). */
  text: string
  /** The message's Bitcoin address, of the message's chain (`parseSignInMessage` checked it). */
  address: string
  /** What the wallet's `signMessage` returns: base64. */
  signature: string
}
export type VerifyBitcoinSignInReturnType = undefined
export type VerifyBitcoinSignInErrorType = InvalidSiwxSignatureError | SiwxSignatureMismatchError

/** Standard base64, padded, as wallets return it. */
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/**
 * Checks a Bitcoin wallet's signature of a CAIP-122 message by its address with `@foyer/bitcoin`'s
 * `verifyBitcoinMessage`: BIP-322 simple for P2WPKH, P2SH-P2WPKH and key-path P2TR addresses,
 * the legacy `signmessage` format (and BIP-137) for P2PKH. Other scripts (P2WSH, Taproot script
 * paths) cannot be checked without a script interpreter and are refused as not matching. The
 * adapter is loaded on the first Bitcoin sign-in only. Throws `InvalidSiwxSignatureError` /
 * `SiwxSignatureMismatchError`.
 */
export async function verifyBitcoinSignIn(
  parameters: VerifyBitcoinSignInParameters,
): Promise<VerifyBitcoinSignInReturnType> {
  const { text, address, signature } = parameters
  // 65 bytes: a legacy signature; a BIP-322 witness is longer.
  if (!base64Pattern.test(signature) || Buffer.from(signature, 'base64').length < 65)
    throw new InvalidSiwxSignatureError(
      'must be a BIP-322 (or legacy signmessage) signature in base64',
    )
  const { verifyBitcoinMessage } = await import('@foyer/bitcoin')
  // Awaited although it answers at once today: were it to answer a promise, a bare `!` would
  // let every signature through.
  if (!(await verifyBitcoinMessage({ address, message: text, signature })))
    throw new SiwxSignatureMismatchError()
}
