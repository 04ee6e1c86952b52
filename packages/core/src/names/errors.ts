import { BaseError, type BaseErrorParameters } from '../errors/base.ts'

/** SPEC §8: a name could not be looked up. */
export class ResolveNameError extends BaseError {
  override name = 'ResolveNameError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Error resolving name', parameters)
  }
}

/** SPEC §8: suggestions for a name could not be read. */
export class NameSuggestionsError extends BaseError {
  override name = 'NameSuggestionsError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Error fetching name suggestions', parameters)
  }
}

/** SPEC §8: the names of an address could not be read. */
export class NamesForAddressError extends BaseError {
  override name = 'NamesForAddressError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Error fetching names for address', parameters)
  }
}

/** SPEC §8: 'Error registering name {name}'; `details` carries the server's reason. */
export class RegisterNameError extends BaseError {
  override name = 'RegisterNameError'
  readonly registeredName: string
  constructor(name: string, parameters: BaseErrorParameters = {}) {
    super(`Error registering name ${name}`, parameters)
    this.registeredName = name
  }
}

/** The label breaks SPEC §5's rule (4+ letters, digits, hyphens) or ENS's. */
export class InvalidNameError extends BaseError {
  override name = 'InvalidNameError'
  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, parameters)
  }
}

/** The server registers no names (no zone configured), or the network is not EVM (SPEC §6). */
export class NamesNotSupportedError extends BaseError {
  override name = 'NamesNotSupportedError'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Names are not available here', parameters)
  }
}
