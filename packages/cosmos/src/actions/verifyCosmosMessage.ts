import { createAdr36SignDoc } from './createAdr36SignDoc.ts'

export type VerifyCosmosMessageParameters = {
  /** The bech32 address that signed (any prefix). */
  address: string
  message: string | Uint8Array
  /** What `signMessage` returns (StdSignature JSON), or a bare base64 signature with `pubKey`. */
  signature: string
  /** Compressed secp256k1 public key (base64 or bytes); read from the signature JSON when absent. */
  pubKey?: string | Uint8Array | undefined
}
/** True only when the key is the address's and the signature is over this message. */
export type VerifyCosmosMessageReturnType = boolean
export type VerifyCosmosMessageErrorType = never

/**
 * Verifies an ADR-36 signature (Keplr's `signArbitrary`) with CosmJS alone: the public key must
 * hash to the address (same prefix), and the secp256k1 signature must cover the amino sign doc
 * `sign/MsgSignData { signer: address, data: base64(message) }` with empty chain id, zero account
 * number and sequence, zero fee and empty memo. Malformed input verifies as false.
 */
export async function verifyCosmosMessage(
  parameters: VerifyCosmosMessageParameters,
): Promise<VerifyCosmosMessageReturnType> {
  const [{ rawSecp256k1PubkeyToRawAddress, serializeSignDoc }, crypto, encoding] =
    await Promise.all([
      import('@cosmjs/amino'),
      import('@cosmjs/crypto'),
      import('@cosmjs/encoding'),
    ])
  const { fromBase64, fromBech32, toBase64, toBech32, toUtf8 } = encoding
  try {
    const { address, message } = parameters
    const parsed = parseSignature(parameters.signature)
    const given = parameters.pubKey ?? parsed.pubKey
    if (given === undefined) return false
    const pubKey = typeof given === 'string' ? fromBase64(given) : given
    if (parsed.pubKey !== undefined && parsed.pubKey !== toBase64(pubKey)) return false
    const { prefix } = fromBech32(address, 90)
    if (toBech32(prefix, rawSecp256k1PubkeyToRawAddress(pubKey)) !== address) return false
    const data = typeof message === 'string' ? toUtf8(message) : message
    const signDoc = createAdr36SignDoc({ signer: address, data: toBase64(data) })
    return crypto.Secp256k1.verifySignature(
      crypto.Secp256k1Signature.fromFixedLength(fromBase64(parsed.signature)),
      crypto.sha256(serializeSignDoc(signDoc)),
      pubKey,
    )
  } catch {
    return false
  }
}

function parseSignature(signature: string): { signature: string; pubKey?: string | undefined } {
  if (!signature.trimStart().startsWith('{')) return { signature }
  const parsed = JSON.parse(signature) as { signature?: unknown; pub_key?: { value?: unknown } }
  if (typeof parsed.signature !== 'string') throw new TypeError('No signature in the JSON.')
  const pubKey = parsed.pub_key?.value
  return { signature: parsed.signature, pubKey: typeof pubKey === 'string' ? pubKey : undefined }
}
