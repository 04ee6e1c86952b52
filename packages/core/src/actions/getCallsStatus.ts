import type { EvmAccountRequiredError, WalletMethodNotSupportedError } from '../calls/errors.ts'
import { getEvmAccount } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type GetCallsStatusParameters = { id: string }

export type CallsReceipt = {
  logs: readonly { address: string; data: string; topics: readonly string[] }[]
  /** `0x1` success, `0x0` reverted. */
  status: string
  blockHash: string
  blockNumber: string
  gasUsed: string
  transactionHash: string
}

/**
 * EIP-5792: 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partly reverted.
 * `atomic` says whether the calls ran all-or-nothing (a smart account) or one by one (an EOA).
 */
export type GetCallsStatusReturnType = {
  id: string
  chainId: string
  status: number
  atomic: boolean
  receipts?: readonly CallsReceipt[] | undefined
  /** What the status means, for code that does not want the numbers. */
  state: 'pending' | 'confirmed' | 'failed' | 'reverted' | 'partiallyReverted'
}
export type GetCallsStatusErrorType =
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/** Where a batch sent with `sendCalls` is (EIP-5792 `wallet_getCallsStatus`), from the wallet that sent it. */
export async function getCallsStatus(
  foyer: Foyer,
  { id }: GetCallsStatusParameters,
): Promise<GetCallsStatusReturnType> {
  const { connector } = getEvmAccount(foyer)
  const answer = (await requestWallet(connector, 'wallet_getCallsStatus', [id])) as Omit<
    GetCallsStatusReturnType,
    'state'
  >
  return { ...answer, state: stateOf(answer.status) }
}

function stateOf(status: number): GetCallsStatusReturnType['state'] {
  if (status >= 100 && status < 200) return 'pending'
  if (status >= 200 && status < 300) return 'confirmed'
  if (status >= 600) return 'partiallyReverted'
  if (status >= 500) return 'reverted'
  return 'failed'
}
