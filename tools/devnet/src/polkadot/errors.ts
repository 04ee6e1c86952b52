import { BaseError } from '../errors.ts'

/** chopsticks exited, or did not answer JSON-RPC in time; `details` holds the tail of its output. */
export class ChopsticksStartError extends BaseError {
  override name = 'ChopsticksStartError'

  constructor({ reason, output }: { reason: string; output: string }) {
    super(`The local Polkadot chain (chopsticks) did not start: ${reason}`, {
      details: output.trim() || undefined,
    })
  }
}

/** Funding the dev accounts (`dev_setStorage`, `dev_newBlock`) failed. */
export class PolkadotFundingError extends BaseError {
  override name = 'PolkadotFundingError'

  constructor({ cause }: { cause: unknown }) {
    super('Funding the Polkadot dev accounts failed', { cause })
  }
}
