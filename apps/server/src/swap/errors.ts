import { swapMessages } from '@foyer/protocol'
import { HttpError } from '../errors.ts'

/** 400 'Network not supported for Swaps' (or '… for Gas Price'): SPEC §8. */
export class SwapNetworkNotSupportedError extends HttpError {
  override name = 'SwapNetworkNotSupportedError'
  constructor(field: string, options: { gasPrice?: boolean } = {}) {
    super(
      400,
      'INVALID_INPUT',
      options.gasPrice
        ? swapMessages.gasPriceNetworkNotSupported
        : swapMessages.networkNotSupported,
      { field },
    )
  }
}

/** No path between the two tokens has liquidity (a quote answers `[]` instead). */
export class NoSwapRouteError extends HttpError {
  override name = 'NoSwapRouteError'
  constructor() {
    super(400, 'INVALID_INPUT', 'No swap route with liquidity between these tokens', {
      field: 'to',
    })
  }
}

/** The native currency is never approved. */
export class NativeApprovalError extends HttpError {
  override name = 'NativeApprovalError'
  constructor() {
    super(400, 'INVALID_INPUT', 'from: the native currency needs no approval', { field: 'from' })
  }
}

/** The node's gas estimate of the built transaction reverted; `reason` is the revert reason. */
export class SwapSimulationRevertedError extends HttpError {
  override name = 'SwapSimulationRevertedError'
  readonly reason: string
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(400, 'INVALID_INPUT', `The transaction would revert: ${reason}`, {
      cause: options.cause,
      details: reason,
    })
    this.reason = reason
  }
}

/** The swap API (0x) failed, answered an error status, or did not answer in time: 502. */
export class SwapApiError extends HttpError {
  override name = 'SwapApiError'
  /** The HTTP status, when the API answered. */
  readonly status: number | undefined
  constructor({ url, status, cause }: { url: string; status?: number; cause?: unknown }) {
    super(502, 'UPSTREAM_UNAVAILABLE', 'The swap provider did not answer', {
      cause,
      details: status === undefined ? url : `${url} answered HTTP ${status}`,
    })
    this.status = status
  }
}

/** The swap API refused this trade (invalid amount, a token or account it does not serve): 400. */
export class SwapProviderRefusedError extends HttpError {
  override name = 'SwapProviderRefusedError'
  constructor(reason: string) {
    super(400, 'INVALID_INPUT', `The swap provider refused the trade: ${reason}`)
  }
}
