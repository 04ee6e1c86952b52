import { hex } from '@scure/base'
import { Address, OutScript, p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js'
import { describe, expect, it } from 'vitest'
import { BITCOIN_ADDRESS_FORMATS } from '../networks.ts'
import { createTransferPsbt } from './createTransferPsbt.ts'
import type { BitcoinUtxo } from './getUtxos.ts'

const format = BITCOIN_ADDRESS_FORMATS.regtest
const senderKey = new Uint8Array(32).fill(1)
const sender = p2wpkh(pubECDSA(senderKey), format).address!
const receiver = p2wpkh(pubECDSA(new Uint8Array(32).fill(2)), format).address!
const utxo = (byte: string, value: bigint, vout = 0): BitcoinUtxo => ({
  txid: byte.repeat(32),
  vout,
  value,
  confirmed: true,
})
const coins = [utxo('aa', 100_000n), utxo('bb', 50_000n, 1)]

/** Signs every input with the key and returns the broadcastable transaction. */
function signAndExtract(psbt: Uint8Array, key = senderKey) {
  const transaction = Transaction.fromPSBT(psbt)
  transaction.sign(key)
  transaction.finalize()
  return Transaction.fromRaw(transaction.extract())
}

/** The amounts a transaction pays to an address. */
const outputsTo = (transaction: Transaction, address: string) =>
  Array.from({ length: transaction.outputsLength }, (_, index) => transaction.getOutput(index))
    .filter((output) => Address(format).encode(OutScript.decode(output.script!)) === address)
    .map((output) => output.amount)

describe('createTransferPsbt with fixed coins', () => {
  it('pays the amount, returns the change, and pays the fee its signed size costs at the rate', () => {
    const built = createTransferPsbt({
      network: 'regtest',
      from: sender,
      to: receiver,
      amount: 120_000n,
      utxos: coins,
      feeRate: 3n,
    })
    expect(built.inputs).toHaveLength(2)
    expect(built.signInputs).toEqual({ [sender]: [0, 1] })
    const signed = signAndExtract(built.psbt)
    expect(outputsTo(signed, receiver)).toEqual([120_000n])
    expect(outputsTo(signed, sender)).toEqual([built.change])
    expect(150_000n - 120_000n - built.change).toBe(built.fee)
    // ECDSA signatures vary by a byte, so the estimate may exceed the real size a little.
    expect(built.fee).toBeGreaterThanOrEqual(3n * BigInt(signed.vsize))
    expect(built.fee).toBeLessThanOrEqual(3n * BigInt(signed.vsize + 2))
    expect(built.vsize).toBeGreaterThanOrEqual(signed.vsize)
  })

  it('spends one coin when one is enough', () => {
    const built = createTransferPsbt({
      network: 'regtest',
      from: sender,
      to: receiver,
      amount: 30_000n,
      utxos: coins,
      feeRate: 1n,
    })
    expect(built.inputs).toHaveLength(1)
    expect(built.change).toBe(built.inputs[0]!.value - 30_000n - built.fee)
  })

  it('adds no dust change: what is left under the dust limit goes to the fee', () => {
    // One input, one output at 1 sat/vB is 110 vB; 200 sats over that is dust as change.
    const built = createTransferPsbt({
      network: 'regtest',
      from: sender,
      to: receiver,
      amount: 10_000n - 110n - 200n,
      utxos: [utxo('cc', 10_000n)],
      feeRate: 1n,
    })
    expect(built.change).toBe(0n)
    expect(built.fee).toBe(310n)
    const signed = signAndExtract(built.psbt)
    expect(signed.outputsLength).toBe(1)
  })

  it("refuses with 'Insufficient funds' when the coins do not cover the amount plus the fee", () => {
    for (const amount of [200_000n, 150_000n])
      expect(() =>
        createTransferPsbt({
          network: 'regtest',
          from: sender,
          to: receiver,
          amount,
          utxos: coins,
          feeRate: 1n,
        }),
      ).toThrowError(
        expect.objectContaining({
          name: 'InsufficientFundsError',
          shortMessage: 'Insufficient funds',
          available: 150_000n,
        }),
      )
  })

  it('checks the receiver for the network before anything else', () => {
    expect(() =>
      createTransferPsbt({
        network: 'regtest',
        from: sender,
        to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        amount: 1_000n,
        utxos: [],
        feeRate: 1n,
      }),
    ).toThrowError(expect.objectContaining({ name: 'InvalidBitcoinAddressError' }))
  })

  it('refuses an amount below the dust limit of the receiver output', () => {
    expect(() =>
      createTransferPsbt({
        network: 'regtest',
        from: sender,
        to: receiver,
        amount: 293n,
        utxos: coins,
        feeRate: 1n,
      }),
    ).toThrowError(expect.objectContaining({ name: 'AmountBelowDustError', minimum: 294n }))
  })

  it("spends Taproot coins with the wallet's public key as the input's internal key", () => {
    const taprootKey = new Uint8Array(32).fill(3)
    const internalKey = pubSchnorr(taprootKey)
    const from = p2tr(internalKey, undefined, format).address!
    const built = createTransferPsbt({
      network: 'regtest',
      from,
      publicKey: hex.encode(internalKey),
      to: receiver,
      amount: 40_000n,
      utxos: coins,
      feeRate: 2n,
    })
    const psbt = Transaction.fromPSBT(built.psbt)
    expect(psbt.getInput(0).tapInternalKey).toEqual(internalKey)
    const signed = signAndExtract(built.psbt, taprootKey)
    expect(built.fee).toBeGreaterThanOrEqual(2n * BigInt(signed.vsize))
    expect(() =>
      createTransferPsbt({
        network: 'regtest',
        from,
        to: receiver,
        amount: 40_000n,
        utxos: coins,
        feeRate: 2n,
      }),
    ).toThrowError(expect.objectContaining({ name: 'UnsupportedAddressTypeError' }))
  })
})
