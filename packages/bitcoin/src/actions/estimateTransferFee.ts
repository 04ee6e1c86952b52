import {
  type BuildTransferPsbtErrorType,
  type BuildTransferPsbtParameters,
  buildTransferPsbt,
} from './buildTransferPsbt.ts'

export type EstimateTransferFeeParameters = BuildTransferPsbtParameters
export type EstimateTransferFeeReturnType = {
  /** Satoshis the transfer pays the miners. */
  fee: bigint
  /** Satoshis per virtual byte it was priced at. */
  feeRate: bigint
  /** Virtual size of the signed transaction. */
  vsize: number
  /** Signatures it carries, one per coin spent (core's `TransferFeeEstimate` counts them). */
  signatures: number
}
export type EstimateTransferFeeErrorType = BuildTransferPsbtErrorType

/**
 * The fee of the transfer `buildTransferPsbt` would build right now: the same coins, rate and
 * change, so what the dialog shows is what the wallet is asked to sign.
 */
export async function estimateTransferFee(
  parameters: EstimateTransferFeeParameters,
): Promise<EstimateTransferFeeReturnType> {
  const { fee, feeRate, vsize, inputs } = await buildTransferPsbt(parameters)
  return { fee, feeRate, vsize, signatures: inputs.length }
}
