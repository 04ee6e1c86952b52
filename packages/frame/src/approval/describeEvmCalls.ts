import type { Hex } from 'viem'
import { createEvmAddressBook } from './createEvmAddressBook.ts'
import { decodeEvmCall, tokenCallSelectors } from './decodeEvmCall.ts'
import {
  callWarnings,
  DEFAULT_CHAIN_TIMEOUT_MS,
  sortWarnings,
  titleOf,
} from './describeEvmTransaction.ts'
import { formatAmount } from './formatAmount.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'
import { simulateBalanceChanges } from './simulateBalanceChanges.ts'
import type {
  ApprovalContext,
  ApprovalEvmCall,
  ApprovalFee,
  ApprovalRequest,
  ApprovalSummary,
  ApprovalToken,
} from './types.ts'

export type DescribeEvmCallsParameters = Extract<ApprovalRequest, { kind: 'evmCalls' }>

/**
 * A `wallet_sendCalls` batch of the smart account, one user operation: every call decoded as
 * `eth_sendTransaction`'s are (ERC-20 transfer/approve/transferFrom, setApprovalForAll, native
 * transfers, raw calls), the operation's most cost, and the balance changes of the whole batch
 * simulated from the account.
 */
export async function describeEvmCalls(
  request: DescribeEvmCallsParameters,
  context: ApprovalContext,
): Promise<ApprovalSummary> {
  const { chainId, from, owner, calls, origin } = request
  const timeoutMs = context.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS
  const book = createEvmAddressBook({ chains: context.chains, chainId, account: from })
  let client: ReturnType<ApprovalContext['getPublicClient']> | undefined
  try {
    client = context.getPublicClient(chainId)
  } catch {
    client = undefined
  }

  const decoded: ApprovalEvmCall[] = await Promise.all(
    calls.map(async (call) => {
      let token: ApprovalToken | undefined = book.token(call.to)
      const selector = call.data?.slice(0, 10).toLowerCase() as Hex | undefined
      if (!token && client && selector && tokenCallSelectors.includes(selector))
        token = await readTokenMetadata({ client, address: call.to, timeoutMs })
      return decodeEvmCall({ to: call.to, data: call.data, value: call.value, book, token })
    }),
  )
  const fee: ApprovalFee = request.gas
    ? {
        status: 'estimated',
        gasLimit: request.gas.gasLimit,
        maxFeePerGas: request.gas.maxFeePerGas,
        amount: formatAmount({
          value: request.gas.gasLimit * request.gas.maxFeePerGas,
          decimals: book.nativeCurrency.decimals,
          symbol: book.nativeCurrency.symbol,
        }),
      }
    : {
        status: 'unavailable',
        reason: request.sequential
          ? 'Each transaction is estimated when it is sent'
          : 'The bundler did not estimate the operation',
      }
  const balanceChanges = client
    ? await simulateBalanceChanges({ client, from, calls, book, timeoutMs })
    : { status: 'unavailable' as const, reason: 'No connection to this network' }

  const warnings = decoded.flatMap((call) => [...callWarnings(call, origin)])
  if (balanceChanges.status === 'reverted')
    warnings.unshift({
      level: 'danger',
      message: `These calls are expected to fail: ${balanceChanges.reason}`,
    })
  const [first] = decoded
  return {
    kind: 'evmCalls',
    title: decoded.length === 1 && first ? titleOf(first, book) : `Confirm ${decoded.length} calls`,
    approveLabel: 'Confirm',
    origin,
    account: request.sequential
      ? book.address(from)
      : { ...book.address(from), name: 'Smart account' },
    network: { name: book.networkName, chainId },
    warnings: sortWarnings(warnings),
    details: {
      type: 'evmTransaction',
      calls: decoded,
      fee,
      balanceChanges,
      ...(request.sequential
        ? { sequentialTransactions: decoded.length }
        : {
            userOperation: {
              owner: { ...book.address(owner), isAccount: true },
              deploysAccount: request.deploysAccount,
            },
          }),
    },
  }
}
