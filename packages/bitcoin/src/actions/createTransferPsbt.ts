import type { CaipNetwork } from '@foyer/core'
import { hex } from '@scure/base'
import { p2sh, p2tr, p2wpkh, selectUTXO } from '@scure/btc-signer'
import { equalBytes } from '@scure/btc-signer/utils.js'
import {
  AmountBelowDustError,
  InsufficientFundsError,
  type InvalidBitcoinAddressError,
  UnsupportedAddressTypeError,
} from '../errors.ts'
import { type BitcoinNetworkKind, toAddressFormat } from '../networks.ts'
import type { BitcoinUtxo } from './getUtxos.ts'
import { type BitcoinAddressType, parseBitcoinAddress } from './parseBitcoinAddress.ts'

export type CreateTransferPsbtParameters = {
  network: CaipNetwork | BitcoinNetworkKind
  /** Sender: pays the amount and the fee from its coins, and gets the change. */
  from: string
  /**
   * The sender's public key (hex or bytes), as the wallet reported it: spending from P2TR needs
   * it (the internal key) and from P2SH-P2WPKH (the redeem script); P2WPKH does not.
   */
  publicKey?: string | Uint8Array | undefined
  to: string
  /** Satoshis. */
  amount: bigint
  /** The sender's coins to choose from. */
  utxos: readonly BitcoinUtxo[]
  /** Satoshis per virtual byte. */
  feeRate: bigint
}
export type CreateTransferPsbtReturnType = {
  /** Unsigned PSBT (BIP-174) for the wallet to sign. */
  psbt: Uint8Array
  /** Satoshis the miners get (inputs minus outputs). */
  fee: bigint
  /** Virtual size once signed, as the fee was computed for. */
  vsize: number
  /** Satoshis back to the sender; 0n when the rest was dust and went to the fee. */
  change: bigint
  /** The coins spent. */
  inputs: BitcoinUtxo[]
  /** Which inputs the sender signs, as sats-connect's `signPsbt` takes them. */
  signInputs: Record<string, number[]>
}
export type CreateTransferPsbtErrorType =
  | InvalidBitcoinAddressError
  | AmountBelowDustError
  | UnsupportedAddressTypeError
  | InsufficientFundsError

/**
 * The smallest output Bitcoin Core relays per output type (its dust threshold at 3 sat/vB: the
 * cost of creating and later spending the output).
 */
export const DUST_LIMITS: Record<BitcoinAddressType, bigint> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n,
}

// Opts in to replace-by-fee (BIP-125), as wallets do, so a stuck transfer can be bumped.
const RBF_SEQUENCE = 0xfffffffd

/**
 * Builds the unsigned PSBT of a BTC transfer from given coins, with no network access: checks the
 * receiver's address for the network and the dust limit before anything else, chooses coins
 * (`@scure/btc-signer`'s `selectUTXO`) so they pay the amount and the fee at `feeRate`, and sends
 * the change back to the sender unless it would be dust. Inputs carry what signing needs:
 * `witnessUtxo`, plus `tapInternalKey` (P2TR) or `redeemScript` (P2SH-P2WPKH).
 */
export function createTransferPsbt(
  parameters: CreateTransferPsbtParameters,
): CreateTransferPsbtReturnType {
  const { network, amount, utxos, feeRate } = parameters
  const to = parseBitcoinAddress({ address: parameters.to, network })
  const minimum = DUST_LIMITS[to.type]
  if (amount < minimum) throw new AmountBelowDustError({ minimum })
  const from = parseBitcoinAddress({ address: parameters.from, network })
  const spend = spendingFields(from, parameters.publicKey)

  const candidates = utxos.map((utxo) => ({
    txid: hex.decode(utxo.txid),
    index: utxo.vout,
    sequence: RBF_SEQUENCE,
    witnessUtxo: { script: from.script, amount: utxo.value },
    ...spend,
  }))
  const selected = selectUTXO(candidates, [{ script: to.script, amount }], 'default', {
    feePerByte: feeRate,
    changeAddress: from.address,
    network: toAddressFormat(network),
    createTx: true,
  })
  if (!selected?.tx) {
    const available = utxos.reduce((sum, utxo) => sum + utxo.value, 0n)
    throw new InsufficientFundsError({ available, required: amount })
  }
  const { tx } = selected
  const inputs = selected.inputs.map((input) => {
    const txid = hex.encode(input.txid!)
    return utxos.find((utxo) => utxo.txid === txid && utxo.vout === input.index)!
  })
  const fee = selected.fee ?? 0n
  // What is neither sent nor paid as fee comes back; without a change output it went to the fee.
  const spent = inputs.reduce((sum, utxo) => sum + utxo.value, 0n)
  const change = selected.change ? spent - amount - fee : 0n
  return {
    psbt: tx.toPSBT(),
    fee,
    vsize: Math.ceil(selected.weight / 4),
    change,
    inputs,
    signInputs: { [from.address]: inputs.map((_, index) => index) },
  }
}

function spendingFields(
  from: ReturnType<typeof parseBitcoinAddress>,
  publicKey: string | Uint8Array | undefined,
): { tapInternalKey?: Uint8Array; redeemScript?: Uint8Array } {
  const key = typeof publicKey === 'string' ? hex.decode(publicKey.replace(/^0x/, '')) : publicKey
  const mismatch = (details: string) =>
    new UnsupportedAddressTypeError({ address: from.address, details })
  switch (from.type) {
    case 'p2wpkh':
      return {}
    case 'p2tr': {
      if (!key) throw mismatch('Spending from Taproot needs the public key the wallet reported.')
      // Wallets report a Taproot key x-only (32 bytes) or compressed (33).
      const internalKey = key.length === 33 ? key.subarray(1) : key
      if (!equalBytes(p2tr(internalKey).script, from.script))
        throw mismatch('The public key is not the internal key of this Taproot address.')
      return { tapInternalKey: internalKey }
    }
    case 'p2sh': {
      if (!key) throw mismatch('Spending from nested SegWit needs the public key of the address.')
      const redeem = p2wpkh(key)
      if (!equalBytes(p2sh(redeem).script, from.script))
        throw mismatch('Only P2SH-wrapped P2WPKH addresses of this public key can be spent.')
      return { redeemScript: redeem.script }
    }
    default:
      throw mismatch(`Sending from ${from.type} addresses is not supported.`)
  }
}
