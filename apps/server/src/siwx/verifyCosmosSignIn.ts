import { InvalidSiwxSignatureError, SiwxSignatureMismatchError } from './errors.ts'

export type VerifyCosmosSignInParameters = {
  /** The CAIP-122 text as signed (ADR-36 signs its UTF-8 bytes, base64, in an amino doc). */
  text: string
  /** The message's bech32 address. */
  address: string
  /**
   * What the wallet's `signMessage` returns: the `StdSignature` as JSON,
   * `{"pub_key":{"type":"tendermint/PubKeySecp256k1","value":…},"signature":…}`.
   */
  signature: string
}
export type VerifyCosmosSignInReturnType = undefined
export type VerifyCosmosSignInErrorType = InvalidSiwxSignatureError | SiwxSignatureMismatchError

/**
 * Checks a Cosmos wallet's ADR-36 signature (Keplr's `signArbitrary`) of a CAIP-122 message with
 * `@foyer/cosmos`' `verifyCosmosMessage`: the signature's public key must hash to the address,
 * and its secp256k1 signature must cover the amino `sign/MsgSignData` doc of the text. The key
 * travels with the signature because a Cosmos address is only its hash. The adapter (and CosmJS)
 * is loaded on the first Cosmos sign-in only. Throws `InvalidSiwxSignatureError` /
 * `SiwxSignatureMismatchError`.
 */
export async function verifyCosmosSignIn(
  parameters: VerifyCosmosSignInParameters,
): Promise<VerifyCosmosSignInReturnType> {
  const { text, address, signature } = parameters
  if (!isStdSignature(signature))
    throw new InvalidSiwxSignatureError(
      'must be the ADR-36 StdSignature as JSON: {"pub_key":{"type":"tendermint/PubKeySecp256k1","value":<base64 of 33 bytes>},"signature":<base64 of 64 bytes>}',
    )
  const { verifyCosmosMessage } = await import('@foyer/cosmos')
  if (!(await verifyCosmosMessage({ address, message: text, signature })))
    throw new SiwxSignatureMismatchError()
}

/** A JSON `StdSignature` of a compressed secp256k1 key and a 64-byte (r ‖ s) signature. */
function isStdSignature(text: string): boolean {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return false
  }
  const { pub_key: key, signature } = isObject(value) ? value : {}
  return (
    isObject(key) &&
    key.type === 'tendermint/PubKeySecp256k1' &&
    isBase64Of(key.value, 33) &&
    isBase64Of(signature, 64)
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isBase64Of(value: unknown, length: number): boolean {
  return (
    typeof value === 'string' &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(value) &&
    value.length % 4 === 0 &&
    Buffer.from(value, 'base64').length === length
  )
}
