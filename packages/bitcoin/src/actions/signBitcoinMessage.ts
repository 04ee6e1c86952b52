import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import { p2pkh, p2sh, p2tr, p2wpkh, RawWitness } from '@scure/btc-signer'
import { concatBytes, equalBytes, pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js'
import { InvalidBitcoinAddressError, UnsupportedAddressTypeError } from '../errors.ts'
import { parseAnyBitcoinAddress } from '../internal/addresses.ts'
import { createToSign } from '../internal/bip322.ts'
import {
  type LegacyHeaderKind,
  legacyMessageHash,
  toLegacyHeader,
} from '../internal/legacyMessage.ts'

export type SignBitcoinMessageParameters = {
  /** 32 bytes, or their hex. */
  privateKey: Uint8Array | string
  /** The key's address that signs: P2WPKH, P2TR, P2SH-P2WPKH or P2PKH, on any network. */
  address: string
  /** UTF-8 text, or bytes as they are. */
  message: string | Uint8Array
  /**
   * `bip322` (default): a BIP-322 simple signature. `legacy`: Bitcoin Core's `signmessage` format,
   * with BIP-137 headers for SegWit v0 addresses; always used for P2PKH, never for P2TR.
   */
  protocol?: 'bip322' | 'legacy' | undefined
}
/** Base64, as wallets return it and `verifyBitcoinMessage` takes it. */
export type SignBitcoinMessageReturnType = string
export type SignBitcoinMessageErrorType = InvalidBitcoinAddressError | UnsupportedAddressTypeError

/**
 * Signs a message with a private key, as a wallet does: BIP-322 simple (the witness that spends
 * the virtual `to_spend` output, base64) or, for P2PKH, the legacy `signmessage` format. Throws
 * when the key does not own the address.
 */
export function signBitcoinMessage(
  parameters: SignBitcoinMessageParameters,
): SignBitcoinMessageReturnType {
  const { address } = parameters
  const privateKey =
    typeof parameters.privateKey === 'string'
      ? hex.decode(parameters.privateKey.replace(/^0x/, ''))
      : parameters.privateKey
  const message =
    typeof parameters.message === 'string'
      ? new TextEncoder().encode(parameters.message)
      : parameters.message
  const { type, script } = parseAnyBitcoinAddress(address)
  const publicKey = pubECDSA(privateKey, true)
  const notOwned = () =>
    new InvalidBitcoinAddressError({ address, details: `The key does not own ${address}.` })

  const signLegacy = (kind: LegacyHeaderKind, compressed = true) => {
    const recovered = secp256k1.sign(legacyMessageHash(message), privateKey, {
      prehash: false,
      format: 'recovered',
    })
    // noble puts the recovery id first; the legacy format puts its header byte there instead.
    const header = toLegacyHeader(
      kind === 'p2pkh' && !compressed ? 'p2pkh-uncompressed' : kind,
      recovered[0]!,
    )
    return base64.encode(concatBytes(Uint8Array.of(header), recovered.subarray(1)))
  }
  const signBip322 = (input: Parameters<typeof createToSign>[2]) => {
    const toSign = createToSign(message, script, input)
    toSign.signIdx(privateKey, 0)
    toSign.finalizeIdx(0)
    return base64.encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness ?? []))
  }

  switch (type) {
    case 'p2pkh': {
      if (equalBytes(script, p2pkh(publicKey).script)) return signLegacy('p2pkh')
      if (equalBytes(script, p2pkh(pubECDSA(privateKey, false)).script))
        return signLegacy('p2pkh', false)
      throw notOwned()
    }
    case 'p2wpkh': {
      if (!equalBytes(script, p2wpkh(publicKey).script)) throw notOwned()
      return parameters.protocol === 'legacy' ? signLegacy('p2wpkh') : signBip322({})
    }
    case 'p2sh': {
      const redeem = p2wpkh(publicKey)
      if (!equalBytes(script, p2sh(redeem).script)) throw notOwned()
      return parameters.protocol === 'legacy'
        ? signLegacy('p2sh-p2wpkh')
        : signBip322({ redeemScript: redeem.script })
    }
    case 'p2tr': {
      const internalKey = pubSchnorr(privateKey)
      if (!equalBytes(script, p2tr(internalKey).script)) throw notOwned()
      if (parameters.protocol === 'legacy')
        throw new UnsupportedAddressTypeError({
          address,
          details: 'Taproot addresses sign with BIP-322 only.',
        })
      return signBip322({ tapInternalKey: internalKey })
    }
    default:
      throw new UnsupportedAddressTypeError({
        address,
        details: `${type} addresses have no single key to sign with.`,
      })
  }
}
