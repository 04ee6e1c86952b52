import { BaseError } from '@foyer/core'

/** A Foyer hook or component was rendered outside `<FoyerProvider>`. */
export class FoyerProviderNotFoundError extends BaseError {
  override name = 'FoyerProviderNotFoundError'
  constructor() {
    super('`useFoyer` must be used within `<FoyerProvider>`.', {
      metaMessages: ['Wrap the app (or the part using Foyer) in <FoyerProvider foyer={foyer}>.'],
    })
  }
}
