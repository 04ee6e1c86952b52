import { PENDING_TRANSACTIONS_LIMIT } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import type { PendingTransaction } from '../send/types.ts'

export type AddPendingTransactionParameters = { transaction: PendingTransaction }

/**
 * Remembers a transaction this app sent, newest first, so Activity can show it at once. At most
 * 99 are kept (SPEC §9); the oldest drop out. Adding a hash again replaces its entry.
 */
export function addPendingTransaction(
  foyer: Foyer,
  parameters: AddPendingTransactionParameters,
): void {
  const { transaction } = parameters
  foyer.store.setState((state) => ({
    pendingTransactions: [
      transaction,
      ...state.pendingTransactions.filter((pending) => pending.hash !== transaction.hash),
    ].slice(0, PENDING_TRANSACTIONS_LIMIT),
  }))
}
