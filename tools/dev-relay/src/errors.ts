import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters } from '@foyer/core'

/** The one error class of `@foyer/dev-relay`; a core `BaseError`, every error it throws a subclass. */
export class BaseError extends CoreBaseError {
  override name = 'DevRelayError'
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

/** A publication would exceed one of the mailbox's caps (per topic, per publisher, in total). */
export class MailboxFullError extends BaseError {
  override name = 'MailboxFullError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`Mailbox full: ${reason}.`, parameters)
  }
}

/** A non-loopback listen address without `allowRemote` (`--allow-remote`). */
export class RemoteHostRefusedError extends BaseError {
  override name = 'RemoteHostRefusedError'
  constructor(host: string, parameters: BaseErrorParameters = {}) {
    super(
      `The dev relay listens on loopback only; "${host}" would expose it to the network (it has no limits fit for that). Pass --allow-remote (allowRemote: true) to do it anyway.`,
      parameters,
    )
  }
}

/** A JSON-RPC request's params do not have the shape its method needs (JSON-RPC -32602). */
export class InvalidRelayParamsError extends BaseError {
  override name = 'InvalidRelayParamsError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Invalid params.', parameters)
  }
}
