import type { CaipNetwork } from '@foyer/core'
import type { EsploraRequestError } from '../errors.ts'
import {
  type CreateTransferPsbtErrorType,
  type CreateTransferPsbtReturnType,
  createTransferPsbt,
} from './createTransferPsbt.ts'
import { getFeeRate } from './getFeeRate.ts'
import { getUtxos } from './getUtxos.ts'
import { parseBitcoinAddress } from './parseBitcoinAddress.ts'

export type BuildTransferPsbtParameters = {
  network: CaipNetwork
  from: string
  /** The sender's public key as the wallet reported it (needed for P2TR and P2SH-P2WPKH). */
  publicKey?: string | Uint8Array | undefined
  to: string
  /** Satoshis. */
  amount: bigint
  /** Satoshis per virtual byte; default the network's 6-block estimate (at least 1). */
  feeRate?: bigint | undefined
}
export type BuildTransferPsbtReturnType = CreateTransferPsbtReturnType & {
  /** The fee rate it was built for. */
  feeRate: bigint
}
export type BuildTransferPsbtErrorType = CreateTransferPsbtErrorType | EsploraRequestError

/**
 * The unsigned PSBT of a BTC transfer on `network`: the receiver is checked first (nothing is read
 * for an invalid address), then the sender's coins and the fee rate come from the network's
 * Esplora API, and {@link createTransferPsbt} chooses coins and change.
 */
export async function buildTransferPsbt(
  parameters: BuildTransferPsbtParameters,
): Promise<BuildTransferPsbtReturnType> {
  const { network, from, to } = parameters
  parseBitcoinAddress({ address: to, network })
  const [utxos, feeRate] = await Promise.all([
    getUtxos({ network, address: from }),
    parameters.feeRate ?? getFeeRate({ network }),
  ])
  return { ...createTransferPsbt({ ...parameters, utxos, feeRate }), feeRate }
}
