import { schnorr } from '@noble/curves/secp256k1.js'
import { RawTx, Transaction } from '@scure/btc-signer'
import { concatBytes, sha256x2 } from '@scure/btc-signer/utils.js'

/** BIP-322 `message_hash`: the BIP-340 tagged hash of the message bytes as they are. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  return schnorr.utils.taggedHash('BIP0322-signed-message', message)
}

const OP_RETURN = Uint8Array.of(0x6a)

/**
 * The txid (display byte order, as `@scure/btc-signer` takes it) of BIP-322's virtual `to_spend`
 * transaction: it "pays" `scriptPubKey` from an input that commits to the message hash.
 */
export function toSpendTxid(message: Uint8Array, scriptPubKey: Uint8Array): Uint8Array {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        // OP_0 PUSH32 message_hash
        finalScriptSig: concatBytes(Uint8Array.of(0x00, 0x20), bip322MessageHash(message)),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: scriptPubKey }],
    witnesses: [],
    lockTime: 0,
  })
  return sha256x2(raw).reverse()
}

/**
 * BIP-322's virtual `to_sign` transaction (version 0, no locktime), spending `to_spend` to a bare
 * OP_RETURN; a "simple" signature is the witness that satisfies its only input.
 */
export function createToSign(
  message: Uint8Array,
  scriptPubKey: Uint8Array,
  input: { redeemScript?: Uint8Array | undefined; tapInternalKey?: Uint8Array | undefined } = {},
): Transaction {
  const transaction = new Transaction({ version: 0, allowUnknownOutputs: true })
  transaction.addInput({
    txid: toSpendTxid(message, scriptPubKey),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: scriptPubKey, amount: 0n },
    ...(input.redeemScript ? { redeemScript: input.redeemScript } : {}),
    ...(input.tapInternalKey ? { tapInternalKey: input.tapInternalKey } : {}),
  })
  transaction.addOutput({ script: OP_RETURN, amount: 0n })
  return transaction
}
