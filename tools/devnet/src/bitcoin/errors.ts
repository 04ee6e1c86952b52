import { BaseError } from '../errors.ts'

/**
 * A request the Esplora API of the Bitcoin devnet refuses: answered with `status` and the short
 * message as text, as Esplora answers (e.g. 400 for a malformed address, 404 for an unknown tx).
 */
export class EsploraRequestError extends BaseError {
  override name = 'EsploraRequestError'
  readonly status: number

  constructor({ status, message }: { status: 400 | 404; message: string }) {
    super(message)
    this.status = status
  }
}

/**
 * The node refused a transaction. `code` and `reason` are Bitcoin Core's (`sendrawtransaction`):
 * -22 not decodable, -25 missing or spent inputs, -26 rejected by verification, -27 already mined.
 */
export class BitcoinTransactionRejectedError extends BaseError {
  override name = 'BitcoinTransactionRejectedError'
  readonly code: -22 | -25 | -26 | -27
  readonly reason: string

  constructor({ code, reason }: { code: -22 | -25 | -26 | -27; reason: string }) {
    super(`Transaction rejected: ${reason}`)
    this.code = code
    this.reason = reason
  }
}
