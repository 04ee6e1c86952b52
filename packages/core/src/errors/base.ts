export type BaseErrorParameters = {
  cause?: unknown
  details?: string | undefined
  metaMessages?: readonly string[] | undefined
}

export type BaseErrorType = BaseError & { name: 'FoyerError' }

/**
 * The one error class of `@foyer/core`. `shortMessage` is the user-facing text from the
 * SPEC §8 catalogue; `message` adds details and meta messages for developers.
 */
export class BaseError extends Error {
  override name = 'FoyerError'
  readonly shortMessage: string
  readonly details: string
  readonly metaMessages: readonly string[]

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details =
      parameters.details ??
      (parameters.cause instanceof BaseError
        ? parameters.cause.details
        : parameters.cause instanceof Error
          ? parameters.cause.message
          : '')
    const message = [
      shortMessage,
      ...(parameters.metaMessages?.length ? ['', ...parameters.metaMessages] : []),
      ...(details && details !== shortMessage ? ['', `Details: ${details}`] : []),
    ].join('\n')
    super(message, parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = details
    this.metaMessages = parameters.metaMessages ?? []
  }

  /** Walks the cause chain and returns the first error matching `predicate`. */
  walk(predicate?: (error: unknown) => boolean): unknown {
    let error: unknown = this
    while (error !== undefined && error !== null) {
      if (predicate ? predicate(error) : !(error instanceof Error && error.cause !== undefined))
        return error
      error = error instanceof Error ? error.cause : undefined
    }
    return predicate ? null : error
  }
}
