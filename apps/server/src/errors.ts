import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'
import { type ErrorCode, serverMessages } from '@foyer/protocol'

export type { BaseErrorParameters }

/** The one error base of `@foyer/server` (a core `BaseError`). */
export class BaseError extends CoreBaseError {
  override name = 'FoyerServerError'
}

/** An error that answers an HTTP request with a status and a public message. */
export class HttpError extends BaseError {
  override name = 'HttpError'
  statusCode: number
  code: ErrorCode
  field: string | undefined

  constructor(
    statusCode: number,
    code: ErrorCode,
    shortMessage: string,
    parameters: BaseErrorParameters & { field?: string } = {},
  ) {
    super(shortMessage, parameters)
    this.statusCode = statusCode
    this.code = code
    this.field = parameters.field
  }
}

export class InvalidInputError extends HttpError {
  override name = 'InvalidInputError'
  constructor(message: string, field: string | undefined) {
    super(400, 'INVALID_INPUT', message, field === undefined ? {} : { field })
  }
}

export class ProjectIdMissingError extends HttpError {
  override name = 'ProjectIdMissingError'
  constructor() {
    super(400, 'PROJECT_ID_MISSING', 'Project ID Not Configured', { field: 'projectId' })
  }
}

export class InvalidProjectIdError extends HttpError {
  override name = 'InvalidProjectIdError'
  constructor() {
    super(403, 'INVALID_PROJECT_ID', 'Unauthorized: invalid key')
  }
}

export class OriginNotAllowedError extends HttpError {
  override name = 'OriginNotAllowedError'
  constructor() {
    super(403, 'ORIGIN_NOT_ALLOWED', 'Unauthorized: origin not allowed')
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError'
  constructor(message = 'Not Found') {
    super(404, 'NOT_FOUND', message)
  }
}

export class ConfigError extends BaseError {
  override name = 'ConfigError'
}

/** An operator command was given arguments it cannot use; nothing was done. */
export class CliUsageError extends BaseError {
  override name = 'CliUsageError'
}

/** `--features` of a project is not a valid (partial) set of feature switches. */
export class InvalidProjectFeaturesError extends BaseError {
  override name = 'InvalidProjectFeaturesError'
}

export class RegistryFileError extends BaseError {
  override name = 'RegistryFileError'
}

export class DevnetFileError extends BaseError {
  override name = 'DevnetFileError'
}

/** A network node (JSON-RPC) failed or answered with an error: 502. */
export class UpstreamUnavailableError extends HttpError {
  override name = 'UpstreamUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super(502, 'UPSTREAM_UNAVAILABLE', 'The network node did not answer', parameters)
  }
}

/** Seconds a client is told to wait (`Retry-After`) when the database cannot be reached. */
export const databaseRetryAfterSeconds = 5

/**
 * The database could not be reached or dropped the connection (see `isDatabaseUnavailableError`):
 * 503 with `Retry-After`, not a 500, so clients and load balancers retry.
 */
export class DatabaseUnavailableError extends HttpError {
  override name = 'DatabaseUnavailableError'
  constructor(parameters: BaseErrorParameters = {}) {
    super(503, 'DATABASE_UNAVAILABLE', serverMessages.serverError, parameters)
  }
}

/** The HTTP price API failed, answered an error status, or did not answer in time. */
export class PriceApiError extends BaseError {
  override name = 'PriceApiError'
  /** The HTTP status, when the API answered. */
  readonly status: number | undefined

  constructor({ url, status, cause }: { url: string; status?: number; cause?: unknown }) {
    super(
      status === undefined
        ? 'The price API did not answer'
        : `The price API answered HTTP ${status}`,
      { details: url, cause },
    )
    this.status = status
  }
}
