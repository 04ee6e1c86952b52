import { base64, hex } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { PsbtNotSignedError } from '../errors.ts'

export type FinalizeTransactionParameters = {
  /** The signed PSBT, bytes or base64, finalized or not. */
  psbt: Uint8Array | string
}
export type FinalizeTransactionReturnType = {
  /** Raw transaction, hex, for `POST /tx`. */
  transaction: string
  txid: string
  /** Virtual size of the signed transaction. */
  vsize: number
}
export type FinalizeTransactionErrorType = PsbtNotSignedError

/**
 * Turns a signed PSBT into the raw transaction to broadcast: finalizes the inputs the wallet left
 * signed but not finalized (some wallets finalize, some do not) and extracts the transaction.
 * Rejects with 'The wallet did not sign the transaction' when an input has no signature.
 */
export function finalizeTransaction(
  parameters: FinalizeTransactionParameters,
): FinalizeTransactionReturnType {
  const bytes =
    typeof parameters.psbt === 'string' ? base64.decode(parameters.psbt) : parameters.psbt
  try {
    const transaction = Transaction.fromPSBT(bytes)
    for (let index = 0; index < transaction.inputsLength; index++) {
      const input = transaction.getInput(index)
      if (!input.finalScriptWitness && !input.finalScriptSig) transaction.finalizeIdx(index)
    }
    // extract() also checks every input is final and the outputs do not spend more than the inputs.
    const raw = transaction.extract()
    return { transaction: hex.encode(raw), txid: transaction.id, vsize: transaction.vsize }
  } catch (error) {
    throw new PsbtNotSignedError({ cause: error })
  }
}
