import { type BaseErrorParameters, BaseError as CoreBaseError } from '@foyer/core'

export type { BaseErrorParameters }

/** The one base error of `@foyer/bundler` (a core `BaseError`); each error it throws is a subclass. */
export class BaseError extends CoreBaseError {
  override name = 'BundlerError'
}

export class BundlerStartError extends BaseError {
  override name = 'BundlerStartError'

  constructor({ rpcUrl, reason, output }: { rpcUrl: string; reason: string; output: string }) {
    super(`The bundler for ${rpcUrl} did not start: ${reason}`, {
      details: output.trim() || undefined,
    })
  }
}
