export type BaseErrorParameters = {
  details?: string | undefined
  cause?: unknown
  metaMessages?: string[] | undefined
}

/** The one error class of `@foyer/dev-relay`; every error it throws is a subclass. */
export class BaseError extends Error {
  override name = 'DevRelayError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly metaMessages: string[] | undefined

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

/** The `auth` JWT of a connecting client is missing, malformed, wrongly signed or expired. */
export class InvalidAuthTokenError extends BaseError {
  override name = 'InvalidAuthTokenError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`Invalid relay auth token: ${reason}.`, parameters)
  }
}

/** A `did:key` issuer is not an ed25519 key in multibase base58btc form. */
export class InvalidDidKeyError extends BaseError {
  override name = 'InvalidDidKeyError'
  constructor(didKey: string, reason: string, parameters: BaseErrorParameters = {}) {
    super(`Invalid did:key issuer: ${reason}.`, { ...parameters, metaMessages: [`did: ${didKey}`] })
  }
}

/** A JSON-RPC frame could not be read (not JSON, not an object, or a malformed id). */
export class InvalidJsonRpcMessageError extends BaseError {
  override name = 'InvalidJsonRpcMessageError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`Invalid JSON-RPC message: ${reason}.`, parameters)
  }
}

/** The relay could not start listening (port taken, bad host, …). */
export class RelayListenError extends BaseError {
  override name = 'RelayListenError'
  constructor(address: string, parameters: BaseErrorParameters = {}) {
    super(`Dev relay could not listen on ${address}.`, parameters)
  }
}

/** A JSON-RPC request's params do not have the shape its method needs (JSON-RPC -32602). */
export class InvalidRelayParamsError extends BaseError {
  override name = 'InvalidRelayParamsError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid params.', parameters)
  }
}
