import { siwxMessages } from '@foyer/protocol'
import { HttpError, InvalidInputError } from '../errors.ts'

/**
 * Refusals of the SIWX verifier. Each is a 400 naming the body field at fault (`message`,
 * `signature`, `namespace`) with a text the app can show or log as is, or a 401 for a request
 * without a valid session.
 */

/** The namespace has no verifier here (any but eip155, solana, bip122, cosmos and polkadot). */
export class SiwxNamespaceNotSupportedError extends InvalidInputError {
  override name = 'SiwxNamespaceNotSupportedError'
  constructor(namespace: string) {
    super(`namespace ${namespace} is not supported by this verifier`, 'namespace')
  }
}

/**
 * The text is not a sign-in message of the namespace's format (EIP-4361 / Sign In With Solana /
 * CAIP-122).
 */
export class InvalidSignInMessageError extends InvalidInputError {
  override name = 'InvalidSignInMessageError'
  constructor(format: string, detail: string) {
    super(`message is not a valid ${format} sign-in message: ${detail}`, 'message')
  }
}

/** The message's domain is not the host of an origin the project allows. */
export class SignInDomainNotAllowedError extends InvalidInputError {
  override name = 'SignInDomainNotAllowedError'
  constructor(domain: string) {
    super(`domain ${domain} is not an allowed origin of this project`, 'message')
  }
}

/** The message's URI is not on the origin its domain names. */
export class SignInUriMismatchError extends InvalidInputError {
  override name = 'SignInUriMismatchError'
  constructor(uri: string, origin: string) {
    super(`uri ${uri} is not on the origin of the message's domain (${origin})`, 'message')
  }
}

/** The message's Expiration Time has passed. */
export class SignInExpiredError extends InvalidInputError {
  override name = 'SignInExpiredError'
  constructor(expirationTime: Date) {
    super(
      `this sign-in message has expired (Expiration Time ${expirationTime.toISOString()}); sign a new one`,
      'message',
    )
  }
}

/** The message's Issued At or Not Before is in the future (beyond the allowed clock skew). */
export class SignInNotYetValidError extends InvalidInputError {
  override name = 'SignInNotYetValidError'
  constructor(field: 'Issued At' | 'Not Before', time: Date) {
    super(
      `this sign-in message is not yet valid (${field} ${time.toISOString()} is in the future)`,
      'message',
    )
  }
}

/** The nonce was not issued by this server for this project, or was used already. */
export class SiwxNonceUnknownError extends InvalidInputError {
  override name = 'SiwxNonceUnknownError'
  constructor() {
    super(siwxMessages.nonceUnknown, 'message')
  }
}

/** The nonce was issued, but more than 10 minutes ago. */
export class SiwxNonceExpiredError extends InvalidInputError {
  override name = 'SiwxNonceExpiredError'
  constructor() {
    super(siwxMessages.nonceExpired, 'message')
  }
}

/**
 * The signature is not in the namespace's encoding (0x hex; base58/base64 of 64 bytes; base64;
 * StdSignature JSON).
 */
export class InvalidSiwxSignatureError extends InvalidInputError {
  override name = 'InvalidSiwxSignatureError'
  constructor(detail: string) {
    super(`signature ${detail}`, 'signature')
  }
}

/** The signature is not the message's account's signature of the message. */
export class SiwxSignatureMismatchError extends InvalidInputError {
  override name = 'SiwxSignatureMismatchError'
  constructor(note?: string) {
    super(
      note ? `${siwxMessages.signatureMismatch} (${note})` : siwxMessages.signatureMismatch,
      'signature',
    )
  }
}

/** No valid session (no cookie, another project's, expired, signed out): 401. */
export class SiwxUnauthenticatedError extends HttpError {
  override name = 'SiwxUnauthenticatedError'
  constructor(message: string = siwxMessages.noSession) {
    super(401, 'UNAUTHENTICATED', message)
  }
}
