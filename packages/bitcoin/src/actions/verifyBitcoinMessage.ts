import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import { OutScript, p2pkh, p2sh, p2wpkh, RawWitness } from '@scure/btc-signer'
import { equalBytes, hash160 } from '@scure/btc-signer/utils.js'
import { parseAnyBitcoinAddress } from '../internal/addresses.ts'
import { createToSign } from '../internal/bip322.ts'
import { fromLegacyHeader, legacyMessageHash } from '../internal/legacyMessage.ts'

export type VerifyBitcoinMessageParameters = {
  /** The address that claims to have signed, on any network (its prefix tells which). */
  address: string
  message: string | Uint8Array
  /** Base64: a BIP-322 simple signature, or a 65-byte legacy / BIP-137 one. */
  signature: string
}
export type VerifyBitcoinMessageReturnType = boolean
export type VerifyBitcoinMessageErrorType = never

const SIGHASH_DEFAULT = 0x00
const SIGHASH_ALL = 0x01

/**
 * Whether `signature` signs `message` for `address`. Understands BIP-322 simple signatures for
 * P2WPKH, P2SH-P2WPKH and key-path P2TR, and legacy `signmessage` signatures (P2PKH, and BIP-137
 * for P2WPKH / P2SH-P2WPKH). Everything else, including malformed input, is `false`: a verifier
 * without a script interpreter cannot vouch for other scripts.
 */
export function verifyBitcoinMessage(
  parameters: VerifyBitcoinMessageParameters,
): VerifyBitcoinMessageReturnType {
  try {
    const message =
      typeof parameters.message === 'string'
        ? new TextEncoder().encode(parameters.message)
        : parameters.message
    const { type, script } = parseAnyBitcoinAddress(parameters.address)
    const bytes = base64.decode(parameters.signature)
    // A simple signature is a serialised witness stack, never 65 bytes long; a legacy one always is.
    if (bytes.length === 65) return verifyLegacy(message, script, bytes)
    if (type === 'p2pkh') return false
    const witness = RawWitness.decode(bytes)
    if (type === 'p2tr') return verifyTaprootKeyPath(message, script, witness)
    if (type === 'p2wpkh' || type === 'p2sh') return verifySegwitV0(message, script, witness)
    return false
  } catch {
    return false
  }
}

function verifyLegacy(message: Uint8Array, script: Uint8Array, signature: Uint8Array): boolean {
  const header = fromLegacyHeader(signature[0]!)
  if (!header) return false
  const recovered = Uint8Array.of(header.recovery, ...signature.subarray(1))
  const point = secp256k1.Signature.fromBytes(recovered, 'recovered').recoverPublicKey(
    legacyMessageHash(message),
  )
  const compressed = point.toBytes(true)
  // The header names the script the key pays to; the address must be that script of that key.
  const expected = {
    'p2pkh-uncompressed': () => p2pkh(point.toBytes(false)).script,
    p2pkh: () => p2pkh(compressed).script,
    'p2sh-p2wpkh': () => p2sh(p2wpkh(compressed)).script,
    p2wpkh: () => p2wpkh(compressed).script,
  }[header.kind]()
  return equalBytes(expected, script)
}

function verifySegwitV0(message: Uint8Array, script: Uint8Array, witness: Uint8Array[]): boolean {
  if (witness.length !== 2) return false
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
  if (publicKey.length !== 33 || signature.at(-1) !== SIGHASH_ALL) return false
  const payment = p2wpkh(publicKey)
  const keyScript = payment.script
  const nested = !equalBytes(script, keyScript)
  if (nested && !equalBytes(script, p2sh(payment).script)) return false
  const toSign = createToSign(message, script, nested ? { redeemScript: keyScript } : {})
  // BIP-143 signs P2WPKH with the P2PKH script of the key hash as its script code.
  const scriptCode = OutScript.encode({ type: 'pkh', hash: hash160(publicKey) })
  const sighash = toSign.preimageWitnessV0(0, scriptCode, SIGHASH_ALL, 0n)
  return secp256k1.verify(signature.subarray(0, -1), sighash, publicKey, {
    prehash: false,
    format: 'der',
  })
}

function verifyTaprootKeyPath(
  message: Uint8Array,
  script: Uint8Array,
  witness: Uint8Array[],
): boolean {
  if (witness.length !== 1) return false
  const [signature] = witness as [Uint8Array]
  // 64 bytes: SIGHASH_DEFAULT; 65: an explicit hash type, which BIP-322 requires to be ALL.
  if (signature.length === 65 && signature[64] !== SIGHASH_ALL) return false
  if (signature.length !== 64 && signature.length !== 65) return false
  const hashType = signature.length === 64 ? SIGHASH_DEFAULT : SIGHASH_ALL
  const outputKey = OutScript.decode(script)
  if (outputKey.type !== 'tr') return false
  const sighash = createToSign(message, script).preimageWitnessV1(0, [script], hashType, [0n])
  return schnorr.verify(signature.subarray(0, 64), sighash, outputKey.pubkey)
}
