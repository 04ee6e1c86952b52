import { HttpError, InvalidInputError } from '../errors.ts'

/**
 * Refusals of name registration and lookup. Each is a 400 naming the offending field, with a
 * message the dialog can show as is (after SPEC §8's 'Error registering name {name}').
 */

/** The name breaks the label rules (SPEC §5) or is not in the server's zone. */
export class InvalidNameError extends InvalidInputError {
  override name = 'InvalidNameError'
  constructor(message: string, field = 'name') {
    super(message, field)
  }
}

/** Someone else holds the name. */
export class NameTakenError extends InvalidInputError {
  override name = 'NameTakenError'
  constructor(name: string) {
    super(`${name} is taken`, 'name')
  }
}

/** The signature is not `address`'s signature of `message` (EOA, ERC-1271 or ERC-6492). */
export class SignatureMismatchError extends InvalidInputError {
  override name = 'SignatureMismatchError'
  constructor() {
    super('signature does not match address', 'signature')
  }
}

/** The message's timestamp is more than 10 minutes away from the server's clock. */
export class RegistrationMessageExpiredError extends InvalidInputError {
  override name = 'RegistrationMessageExpiredError'
  constructor() {
    super(
      'this registration message has expired: its timestamp must be within 10 minutes of now; sign a new one',
      'message',
    )
  }
}

/** The same address already registered with this very message (a replay). */
export class RegistrationMessageReusedError extends InvalidInputError {
  override name = 'RegistrationMessageReusedError'
  constructor() {
    super('this registration message was already used', 'message')
  }
}

/** `message` is not the JSON text of `{ name, attributes?, timestamp }`. */
export class InvalidRegistrationMessageError extends InvalidInputError {
  override name = 'InvalidRegistrationMessageError'
  constructor(detail: string) {
    super(`message must be the JSON text of { name, attributes?, timestamp }: ${detail}`, 'message')
  }
}

/** The server has no `FOYER_NAME_ZONE`: it registers and suggests no names. */
export class NamesDisabledError extends HttpError {
  override name = 'NamesDisabledError'
  constructor() {
    super(404, 'NOT_FOUND', 'This server registers no names (FOYER_NAME_ZONE is not set)')
  }
}

/** A gateway request that is not a `resolve(bytes,bytes)` call this gateway can answer. */
export class InvalidCcipRequestError extends InvalidInputError {
  override name = 'InvalidCcipRequestError'
  constructor(message: string) {
    super(message, 'data')
  }
}
