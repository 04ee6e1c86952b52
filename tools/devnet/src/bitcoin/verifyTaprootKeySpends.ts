import { schnorr } from '@noble/curves/secp256k1.js'
import { Transaction } from '@scure/btc-signer'
import { BitcoinTransactionRejectedError } from './errors.ts'

export type VerifyTaprootKeySpendsParameters = {
  /** The serialized transaction. */
  raw: Uint8Array
  /** The output each input spends, in input order. */
  prevouts: readonly { script: Uint8Array; value: bigint }[]
}
export type VerifyTaprootKeySpendsErrorType = BitcoinTransactionRejectedError

const annexTag = 0x50

/**
 * Checks the inputs bcoin 1.0.2 cannot: it predates taproot, so it would take any witness for a
 * witness-v1 output (an unknown version to it). Key-path spends of P2TR outputs are verified here
 * (BIP-341 signature hash, BIP-340 Schnorr signature against the output key); script-path spends
 * and outputs of later witness versions are refused, so no transaction the real network would
 * reject is mined. Other inputs are left to bcoin.
 */
export function verifyTaprootKeySpends(parameters: VerifyTaprootKeySpendsParameters): void {
  const { raw, prevouts } = parameters
  const versions = prevouts.map(({ script }) => witnessVersion(script))
  if (versions.every((version) => version === undefined || version === 0)) return

  const tx = Transaction.fromRaw(raw, {
    allowUnknownInputs: true,
    allowUnknownOutputs: true,
    disableScriptCheck: true,
  })
  const scripts = prevouts.map(({ script }) => script)
  const values = prevouts.map(({ value }) => value)
  versions.forEach((version, index) => {
    if (version === undefined || version === 0) return
    const { script } = prevouts[index]!
    if (version !== 1 || script.length !== 34)
      throw new BitcoinTransactionRejectedError({
        code: -26,
        reason: `input ${index} spends a witness version ${version} output, which this regtest devnet cannot verify`,
      })
    let stack = tx.getInput(index).finalScriptWitness ?? []
    const last = stack[stack.length - 1]
    const annex = stack.length >= 2 && last?.[0] === annexTag ? last : undefined
    if (annex) stack = stack.slice(0, -1)
    if (stack.length !== 1)
      throw new BitcoinTransactionRejectedError({
        code: -26,
        reason: `input ${index} is a taproot script-path spend: bcoin 1.0.2 has no tapscript, this regtest devnet takes key-path spends only`,
      })
    const signature = stack[0]!
    const hashType = signature.length === 65 ? signature[64]! : 0
    if (!(signature.length === 64 || (signature.length === 65 && isTaprootHashType(hashType))))
      throw new BitcoinTransactionRejectedError({
        code: -26,
        reason: `mandatory-script-verify-flag-failed (Invalid Schnorr signature size or hash type, input ${index})`,
      })
    const message = tx.preimageWitnessV1(
      index,
      scripts,
      hashType,
      values,
      undefined,
      undefined,
      undefined,
      annex,
    )
    if (!schnorr.verify(signature.subarray(0, 64), message, script.subarray(2)))
      throw new BitcoinTransactionRejectedError({
        code: -26,
        reason: `mandatory-script-verify-flag-failed (Invalid Schnorr signature, input ${index})`,
      })
  })
}

/** The witness version of a witness-program output script (BIP-141), undefined for other scripts. */
function witnessVersion(script: Uint8Array): number | undefined {
  const [opcode, push] = script
  if (opcode === undefined || push === undefined) return undefined
  if (script.length < 4 || script.length > 42 || push !== script.length - 2) return undefined
  if (opcode === 0x00) return 0
  if (opcode >= 0x51 && opcode <= 0x60) return opcode - 0x50
  return undefined
}

/** BIP-341: an explicit hash type is ALL, NONE or SINGLE, optionally with ANYONECANPAY. */
function isTaprootHashType(hashType: number): boolean {
  return [0x01, 0x02, 0x03, 0x81, 0x82, 0x83].includes(hashType)
}
