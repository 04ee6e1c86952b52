import { serverMessages } from '@foyer/protocol'
import { BaseError, databaseRetryAfterSeconds } from '../errors.ts'

/** An embedded-route failure, answered as `authApiErrorSchema`: `{ error, message, retryAfterSeconds? }`. */
export class EmbeddedApiError extends BaseError {
  override name = 'EmbeddedApiError'
  statusCode: number
  code: string
  retryAfterSeconds: number | undefined

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause })
    this.statusCode = statusCode
    this.code = code
    this.retryAfterSeconds = options.retryAfterSeconds
  }
}

export const unauthorized = () => new EmbeddedApiError(401, 'unauthorized', 'Session Expired')
export const invalidOtp = () => new EmbeddedApiError(400, 'invalid_otp', 'Invalid code')
/** 429 'Please try again after {n} seconds' (SPEC §5); `code` names why (default `rate_limited`). */
export const tryAgainAfter = (seconds: number, code = 'rate_limited') =>
  new EmbeddedApiError(429, code, `Please try again after ${seconds} seconds`, {
    retryAfterSeconds: seconds,
  })
/** A session (or code, or link) used under another project than the one it was made under. */
export const projectMismatch = () =>
  new EmbeddedApiError(403, 'project_mismatch', 'This session belongs to another project')

/**
 * 503 `database_unavailable`: the database could not be reached or dropped the connection. The
 * visitor sees the generic 'Server Error' (SPEC §8) and may retry after `Retry-After`.
 */
export const databaseUnavailable = (cause: unknown) =>
  new EmbeddedApiError(503, 'database_unavailable', serverMessages.serverError, {
    retryAfterSeconds: databaseRetryAfterSeconds,
    cause,
  })
