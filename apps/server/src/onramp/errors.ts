import { ConfigError, HttpError } from '../errors.ts'

/**
 * The on-ramp provider failed: no answer within the timeout, an error status that is not a
 * refusal of this request (a refused key, a rate limit, its own failure), or an answer that is not
 * the documented shape. 502; the routes fall back where SPEC §8 says (options, quotes).
 */
export class OnRampApiError extends HttpError {
  override name = 'OnRampApiError'
  /** The HTTP status, when the provider answered. */
  readonly status: number | undefined
  /** The provider's `errorType`, when its error body had one. */
  readonly errorType: string | undefined

  constructor({
    url,
    status,
    errorType,
    cause,
  }: {
    /** The endpoint (no query string), for the log. */
    url: string
    status?: number | undefined
    errorType?: string | undefined
    cause?: unknown
  }) {
    super(502, 'UPSTREAM_UNAVAILABLE', 'The on-ramp provider did not answer', {
      cause,
      details:
        status === undefined
          ? url
          : `${url} answered HTTP ${status}${errorType ? ` (${errorType})` : ''}`,
    })
    this.status = status
    this.errorType = errorType
  }
}

/** The provider refused this request (an amount, asset or address it does not take): 400. */
export class OnRampProviderRefusedError extends HttpError {
  override name = 'OnRampProviderRefusedError'
  readonly status: number
  readonly errorType: string

  constructor({
    status,
    errorType,
    message,
  }: {
    status: number
    errorType: string
    message: string
  }) {
    super(400, 'INVALID_INPUT', `The on-ramp provider refused the request: ${message}`)
    this.status = status
    this.errorType = errorType
  }
}

/** A CAIP-2 network the provider has no name for: 400 naming the field. */
export class OnRampNetworkNotSupportedError extends HttpError {
  override name = 'OnRampNetworkNotSupportedError'
  readonly network: string

  constructor(network: string, field: string) {
    super(400, 'INVALID_INPUT', `${field}: the on-ramp provider does not deliver on ${network}`, {
      field,
    })
    this.network = network
  }
}

/** No on-ramp provider is configured, so there is no checkout to open: 503. */
export class OnRampNotConfiguredError extends HttpError {
  override name = 'OnRampNotConfiguredError'
  constructor() {
    super(503, 'UPSTREAM_UNAVAILABLE', 'On-ramp is not configured on this server')
  }
}

/** The provider could not quote and the server has no price to estimate with: 503 (SPEC §8). */
export class OnRampQuoteUnavailableError extends HttpError {
  override name = 'OnRampQuoteUnavailableError'
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(503, 'UPSTREAM_UNAVAILABLE', `The on-ramp provider could not quote, and ${reason}`, {
      cause: options.cause,
    })
  }
}

/** `FOYER_ONRAMP_API_KEY_SECRET` is neither a P-256 PEM key nor an Ed25519 secret. */
export class OnRampApiKeyError extends ConfigError {
  override name = 'OnRampApiKeyError'
}
