import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** `serverUrl` is not set: there is no Foyer server to ask (callers fall back where they can). */
export class ServerNotConfiguredError extends BaseError {
  override name = 'ServerNotConfiguredError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Foyer server not configured', {
      details: 'Set `serverUrl` in the Foyer config to use the Foyer server.',
      ...parameters,
    })
  }
}

/** `projectId` is missing from the config, or the server says it is (SPEC §8). */
export class ProjectIdNotConfiguredError extends BaseError {
  override name = 'ProjectIdNotConfiguredError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Project ID Not Configured', parameters)
  }
}

export type ApiRequestErrorParameters = BaseErrorParameters & {
  status: number
  /** The server's machine-readable code (`RATE_LIMITED`, `INVALID_INPUT`, …) when it sent one. */
  code?: string | undefined
  /** The server's `message`, e.g. 'Unauthorized: invalid key'. */
  serverMessage?: string | undefined
  route: string
}

/** The server answered with an HTTP error, or could not be reached (`status` 0). */
export class ApiRequestError extends BaseError {
  override name = 'ApiRequestError'
  readonly status: number
  readonly code: string | undefined
  readonly serverMessage: string | undefined
  readonly route: string
  constructor(parameters: ApiRequestErrorParameters) {
    const { status, code, serverMessage, route, ...rest } = parameters
    super(status === 0 ? 'Server unreachable' : 'Server request failed', {
      details: rest.details ?? `${route}: ${status === 0 ? 'network error' : `HTTP ${status}`}`,
      metaMessages: serverMessage ? [`Server: ${serverMessage}`] : undefined,
      cause: rest.cause,
    })
    this.status = status
    this.code = code
    this.serverMessage = serverMessage
    this.route = route
  }
}

/** The server answered 2xx with a body that does not match the route's schema. */
export class InvalidApiResponseError extends BaseError {
  override name = 'InvalidApiResponseError'
  constructor(parameters: BaseErrorParameters & { route: string }) {
    super('Invalid server response', {
      ...parameters,
      details: parameters.details ?? `${parameters.route} answered an unexpected shape.`,
    })
  }
}
