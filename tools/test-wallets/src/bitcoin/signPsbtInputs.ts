import { Transaction } from '@scure/btc-signer'
import { equalBytes } from '@scure/btc-signer/utils.js'
import { invalidParams } from './errors.ts'

/** One key of the wallet with the address it pays to. */
export type BitcoinTestWalletKey = {
  address: string
  /** The output script of `address`. */
  script: Uint8Array
  privateKey: Uint8Array
  /** For Taproot: the x-only internal key, filled in where a PSBT input lacks it. */
  tapInternalKey?: Uint8Array | undefined
}

export type SignPsbtInputsParameters = {
  psbt: Uint8Array
  keys: readonly BitcoinTestWalletKey[]
  /** Input indexes per address; absent: every input one of the keys can spend. */
  signInputs?: Readonly<Record<string, readonly number[]>> | undefined
}

/**
 * Signs the PSBT inputs asked for, as a wallet does: each must be spent by the wallet's key for
 * the address it is listed under (its `witnessUtxo` pays that address), else the wallet refuses
 * (-32602) and signs nothing. Returns the PSBT signed, not finalized.
 */
export function signPsbtInputs(parameters: SignPsbtInputsParameters): Uint8Array {
  const { keys, signInputs } = parameters
  let transaction: Transaction
  try {
    transaction = Transaction.fromPSBT(parameters.psbt)
  } catch (error) {
    throw invalidParams(`Not a PSBT: ${(error as Error).message}`)
  }
  const scriptOf = (index: number) => {
    if (!Number.isInteger(index) || index < 0 || index >= transaction.inputsLength)
      throw invalidParams(`The PSBT has no input ${index}.`)
    return transaction.getInput(index).witnessUtxo?.script
  }
  const plan: [number, BitcoinTestWalletKey][] = []
  if (signInputs) {
    for (const [address, indexes] of Object.entries(signInputs)) {
      const key = keys.find((candidate) => candidate.address === address)
      if (!key) throw invalidParams(`${address} is not an address of this wallet.`)
      for (const index of indexes) {
        const script = scriptOf(index)
        // Signing an input the listed address does not own could spend someone else's coins.
        if (!script || !equalBytes(script, key.script))
          throw invalidParams(`Input ${index} is not spent by ${address}.`)
        plan.push([index, key])
      }
    }
  } else {
    for (let index = 0; index < transaction.inputsLength; index++) {
      const script = scriptOf(index)
      const key = script && keys.find((candidate) => equalBytes(candidate.script, script))
      if (key) plan.push([index, key])
    }
  }
  if (!plan.length) throw invalidParams('The PSBT has no input this wallet can sign.')
  for (const [index, key] of plan) {
    if (key.tapInternalKey && !transaction.getInput(index).tapInternalKey)
      transaction.updateInput(index, { tapInternalKey: key.tapInternalKey })
    try {
      transaction.signIdx(key.privateKey, index)
    } catch (error) {
      throw invalidParams(`Cannot sign input ${index}: ${(error as Error).message}`)
    }
  }
  return transaction.toPSBT()
}
