import type { ErrorCode } from '@foyer/protocol'

export type BaseErrorParameters = {
  cause?: unknown
  details?: string
  metaMessages?: string[]
}

/** The one error base of `@foyer/server`. */
export class BaseError extends Error {
  override name = 'FoyerServerError'
  shortMessage: string
  details: string | undefined
  metaMessages: string[] | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    super(
      lines.join('\n'),
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    )
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.metaMessages = parameters.metaMessages
  }
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
