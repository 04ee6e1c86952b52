import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { OutScript, p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { hash160, pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js'
import { describe, expect, it } from 'vitest'
import { type BitcoinTestWalletKey, signPsbtInputs } from './signPsbtInputs.ts'

const regtest = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const paymentKey = new Uint8Array(32).fill(11)
const ordinalKey = new Uint8Array(32).fill(12)
const payment = p2wpkh(pubECDSA(paymentKey), regtest)
const ordinal = p2tr(pubSchnorr(ordinalKey), undefined, regtest)
const stranger = p2wpkh(pubECDSA(new Uint8Array(32).fill(13)), regtest)
const keys: BitcoinTestWalletKey[] = [
  { address: payment.address!, script: payment.script, privateKey: paymentKey },
  {
    address: ordinal.address!,
    script: ordinal.script,
    privateKey: ordinalKey,
    tapInternalKey: pubSchnorr(ordinalKey),
  },
]

/** A PSBT spending one coin each of the payment address, the ordinals address and a stranger. */
function psbt() {
  const transaction = new Transaction()
  for (const [index, script] of [payment.script, ordinal.script, stranger.script].entries())
    transaction.addInput({
      txid: new Uint8Array(32).fill(index + 1),
      index: 0,
      witnessUtxo: { script, amount: 10_000n },
    })
  transaction.addOutput({ script: stranger.script, amount: 25_000n })
  return transaction.toPSBT()
}

describe("the test wallet's PSBT signing", () => {
  it('signs the inputs asked for with valid signatures: ECDSA for payment, Schnorr for Taproot', () => {
    const signed = Transaction.fromPSBT(
      signPsbtInputs({
        psbt: psbt(),
        keys,
        signInputs: { [payment.address!]: [0], [ordinal.address!]: [1] },
      }),
    )
    const [[publicKey, signature]] = signed.getInput(0).partialSig as [[Uint8Array, Uint8Array]]
    const scriptCode = OutScript.encode({ type: 'pkh', hash: hash160(publicKey) })
    const sighash = signed.preimageWitnessV0(0, scriptCode, 1, 10_000n)
    expect(
      secp256k1.verify(signature.subarray(0, -1), sighash, publicKey, {
        prehash: false,
        format: 'der',
      }),
    ).toBe(true)

    // The Taproot input had no internal key in the PSBT: the wallet filled it in to sign.
    const { tapKeySig } = signed.getInput(1)
    const scripts = [payment.script, ordinal.script, stranger.script]
    const taprootHash = signed.preimageWitnessV1(1, scripts, 0, [10_000n, 10_000n, 10_000n])
    const outputKey = OutScript.decode(ordinal.script) as { pubkey: Uint8Array }
    expect(schnorr.verify(tapKeySig!, taprootHash, outputKey.pubkey)).toBe(true)
    expect(signed.getInput(2).partialSig).toBeUndefined()
  })

  it('signs every input of its own when not told which, and no other', () => {
    const signed = Transaction.fromPSBT(signPsbtInputs({ psbt: psbt(), keys }))
    expect(signed.getInput(0).partialSig).toHaveLength(1)
    expect(signed.getInput(1).tapKeySig).toBeDefined()
    expect(signed.getInput(2).partialSig).toBeUndefined()
  })

  it('refuses (-32602) an input the address does not own, saying which, and signs nothing', () => {
    for (const index of [1, 2])
      expect(() =>
        signPsbtInputs({ psbt: psbt(), keys, signInputs: { [payment.address!]: [0, index] } }),
      ).toThrowError(
        expect.objectContaining({
          code: -32602,
          message: expect.stringContaining(`Input ${index} is not spent by ${payment.address}`),
        }),
      )
  })

  it("refuses (-32602) an address that is not the wallet's, a missing input, and what is no PSBT", () => {
    for (const signInputs of [{ [stranger.address!]: [2] }, { [payment.address!]: [7] }])
      expect(() => signPsbtInputs({ psbt: psbt(), keys, signInputs })).toThrowError(
        expect.objectContaining({ code: -32602 }),
      )
    expect(() => signPsbtInputs({ psbt: new Uint8Array([1, 2, 3]), keys })).toThrowError(
      expect.objectContaining({ code: -32602 }),
    )
  })
})
