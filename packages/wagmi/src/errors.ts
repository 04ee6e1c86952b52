import { BaseError as CoreBaseError } from '@foyer/core'

/** The one error class of `@foyer/wagmi` (a Foyer error: `shortMessage`, `details`, `walk`). */
export class BaseError extends CoreBaseError {
  override name = 'FoyerWagmiError'
}

/** `watchWagmi` was given a Foyer instance created without `wagmiAdapter()`. */
export class WagmiAdapterNotFoundError extends BaseError {
  override name = 'WagmiAdapterNotFoundError'
  constructor() {
    super('The Foyer instance has no wagmi adapter.', {
      metaMessages: ['Add `wagmiAdapter()` to `createFoyer({ adapters })` before `watchWagmi`.'],
    })
  }
}

/** A wagmi connection bridged into Foyer was asked for while wagmi no longer has it. */
export class WagmiConnectionNotFoundError extends BaseError {
  override name = 'WagmiConnectionNotFoundError'
  constructor(parameters: { connectorId: string }) {
    super('The wagmi connection is gone.', {
      details: `wagmi has no connection with connector "${parameters.connectorId}".`,
    })
  }
}
