import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters } from '@foyer/core'

/** The one error class of `@foyer/farcaster-relay`; a core `BaseError`, every error a subclass. */
export class BaseError extends CoreBaseError {
  override name = 'FarcasterRelayError'
}

/** `createFarcasterRelay` was given a parameter it cannot use (bad port, empty key, bad URL…). */
export class InvalidFarcasterRelayParametersError extends BaseError {
  override name = 'InvalidFarcasterRelayParametersError'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`Invalid Farcaster relay parameters: ${reason}.`, parameters)
  }
}

/** The relay could not start listening (port taken, bad host, …). */
export class FarcasterRelayListenError extends BaseError {
  override name = 'FarcasterRelayListenError'
  readonly address: string
  constructor(address: string, parameters: BaseErrorParameters = {}) {
    super(`The Farcaster relay could not listen on ${address}.`, {
      metaMessages: [`Stop whatever listens on ${address}, or choose another port.`],
      ...parameters,
    })
    this.address = address
  }
}
