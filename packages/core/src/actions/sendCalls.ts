import {
  EmptyCallsError,
  type EvmAccountRequiredError,
  InvalidCallTargetError,
  InvalidWalletAnswerError,
  type WalletMethodNotSupportedError,
} from '../calls/errors.ts'
import { getEvmAccount, toQuantity } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'
import { isCallTarget } from '../utils/validation.ts'

export type Call = {
  /** A 0x-prefixed address (SPEC §5). */
  to: `0x${string}`
  data?: `0x${string}` | undefined
  /** Wei. */
  value?: bigint | undefined
}

export type SendCallsParameters = {
  calls: readonly Call[]
  /**
   * All or nothing: a wallet that cannot (an EOA) refuses the batch (EIP-5792 5760). Default
   * false: an EOA sends the calls one transaction after another.
   */
  atomicRequired?: boolean | undefined
  /** Default: the active network. */
  chainId?: number | undefined
  /** EIP-5792 capabilities of the batch (e.g. `{ permissions: { context } }` for a session). */
  capabilities?: Record<string, unknown> | undefined
}
export type SendCallsReturnType = {
  /** For `getCallsStatus`. */
  id: string
  capabilities?: Record<string, unknown> | undefined
}
export type SendCallsErrorType =
  | InvalidCallTargetError
  | EmptyCallsError
  | WalletMethodNotSupportedError
  | InvalidWalletAnswerError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * Sends a batch of calls from the active EVM account with EIP-5792 `wallet_sendCalls`: the
 * embedded wallet makes one user operation of its smart account, or one transaction per call from
 * its EOA (one approval either way); an external wallet does what it supports
 * (`WalletMethodNotSupportedError` when it has no EIP-5792). Every call must name a 0x-prefixed
 * target (SPEC §5): otherwise 'Batched-send calls need a 0x-prefixed target address' and nothing
 * is sent.
 */
export async function sendCalls(
  foyer: Foyer,
  { calls, atomicRequired = false, chainId, capabilities }: SendCallsParameters,
): Promise<SendCallsReturnType> {
  // Checked before the wallet is even looked up: a bad batch never reaches it.
  calls.forEach((call, index) => {
    if (!isCallTarget((call as { to?: unknown } | undefined)?.to))
      throw new InvalidCallTargetError({
        index,
        target: (call as { to?: unknown } | undefined)?.to,
      })
  })
  if (calls.length === 0) throw new EmptyCallsError()
  const account = getEvmAccount(foyer)
  const result = await requestWallet(account.connector, 'wallet_sendCalls', [
    {
      version: '2.0.0',
      from: account.address,
      chainId: toQuantity(chainId ?? account.chainId),
      atomicRequired,
      calls: calls.map(({ to, data, value }) => ({
        to,
        ...(data === undefined ? {} : { data }),
        ...(value === undefined ? {} : { value: toQuantity(value) }),
      })),
      ...(capabilities ? { capabilities } : {}),
    },
  ])
  // EIP-5792 v1 wallets answer the id itself.
  if (typeof result === 'string') return { id: result }
  const { id, capabilities: answered } = (result ?? {}) as SendCallsReturnType
  if (typeof id !== 'string')
    throw new InvalidWalletAnswerError({ method: 'wallet_sendCalls', details: 'No batch id.' })
  return { id, ...(answered ? { capabilities: answered } : {}) }
}
