// Apart from the other errors so that a page that never batches calls does not load them.
import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** SPEC §5: every call of a batch names its target as a 0x-prefixed address. */
export const INVALID_CALL_TARGET_MESSAGE = 'Batched-send calls need a 0x-prefixed target address'

/** A call of a batch whose `to` is not a 0x-prefixed address: nothing was sent (SPEC §5). */
export class InvalidCallTargetError extends BaseError {
  override name = 'InvalidCallTargetError'
  /** Position of the first such call in the batch. */
  readonly index: number
  constructor({
    index,
    target,
    ...parameters
  }: BaseErrorParameters & { index: number; target: unknown }) {
    super(INVALID_CALL_TARGET_MESSAGE, {
      ...parameters,
      details:
        parameters.details ??
        `Call ${index} has the target ${JSON.stringify(target) ?? 'undefined'}.`,
    })
    this.index = index
  }
}

/** EIP-1193 4200 and JSON-RPC -32601: the wallet has no such method. */
export const METHOD_NOT_SUPPORTED_CODES = [4200, -32601] as const

/**
 * The connected wallet does not implement `method` (EIP-5792 batches, ERC-7715 permissions,
 * EIP-7811 assets): it answered "method not found" (4200 or -32601).
 */
export class WalletMethodNotSupportedError extends BaseError {
  override name = 'WalletMethodNotSupportedError'
  readonly method: string
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`The wallet does not support ${method}`, parameters)
    this.method = method
  }
}

/** Batches, permissions and assets are EVM requests: the active account is on another chain. */
export class EvmAccountRequiredError extends BaseError {
  override name = 'EvmAccountRequiredError'
  constructor({ namespace, ...parameters }: BaseErrorParameters & { namespace: string }) {
    super('This request needs an EVM account', {
      ...parameters,
      details: parameters.details ?? `The active account is on ${namespace}.`,
    })
  }
}

/**
 * A session (ERC-7715) asked with no future expiry, no permission, or a token limit that is
 * missing, zero or unbounded: refused before the wallet is asked.
 */
export class InvalidPermissionsRequestError extends BaseError {
  override name = 'InvalidPermissionsRequestError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid permissions request', parameters)
  }
}

/** `sendCalls` with an empty `calls` list. */
export class EmptyCallsError extends BaseError {
  override name = 'EmptyCallsError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('A batch needs at least one call', parameters)
  }
}

/** The wallet answered something that is not what the standard says it answers. */
export class InvalidWalletAnswerError extends BaseError {
  override name = 'InvalidWalletAnswerError'
  readonly method: string
  constructor({ method, ...parameters }: BaseErrorParameters & { method: string }) {
    super(`The wallet answered ${method} with something unexpected`, parameters)
    this.method = method
  }
}
