import type { CaipNetwork } from '@foyer/core'
import type { EsploraRequestError } from '../errors.ts'
import { requestEsplora } from './requestEsplora.ts'

export type GetFeeRateParameters = {
  network: CaipNetwork
  /** Confirmation target in blocks (default 6, about an hour). */
  target?: number | undefined
}
/** Whole satoshis per virtual byte, at least 1 (the default minimum relay fee). */
export type GetFeeRateReturnType = bigint
export type GetFeeRateErrorType = EsploraRequestError

/** The relay minimum, in sat/vB, and what is used when the node has no estimate (e.g. regtest). */
export const MIN_FEE_RATE = 1n

/**
 * The fee rate to confirm within `target` blocks, from Esplora's `/fee-estimates` (target →
 * sat/vB): the estimate for the nearest target not slower than asked, rounded up, never below
 * {@link MIN_FEE_RATE}.
 */
export async function getFeeRate(parameters: GetFeeRateParameters): Promise<GetFeeRateReturnType> {
  const { network, target = 6 } = parameters
  const estimates = (await requestEsplora({ network, path: '/fee-estimates' })) as Record<
    string,
    number
  >
  const targets = Object.keys(estimates)
    .map(Number)
    .filter((candidate) => Number.isFinite(candidate) && candidate <= target)
    .sort((a, b) => b - a)
  // The slowest target not slower than asked; without one, the fastest there is.
  const chosen = targets[0] ?? Math.min(...Object.keys(estimates).map(Number))
  const rate = estimates[String(chosen)]
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0) return MIN_FEE_RATE
  const rounded = BigInt(Math.ceil(rate))
  return rounded > MIN_FEE_RATE ? rounded : MIN_FEE_RATE
}
