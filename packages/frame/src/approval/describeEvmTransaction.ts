import type { Hex } from 'viem'
import { createEvmAddressBook, type EvmAddressBook } from './createEvmAddressBook.ts'
import { decodeEvmCall, tokenCallSelectors } from './decodeEvmCall.ts'
import { estimateNetworkFee } from './estimateNetworkFee.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'
import { simulateBalanceChanges } from './simulateBalanceChanges.ts'
import type {
  ApprovalAddress,
  ApprovalContext,
  ApprovalEvmCall,
  ApprovalRequest,
  ApprovalSummary,
  ApprovalToken,
  ApprovalWarning,
} from './types.ts'

export type DescribeEvmTransactionParameters = Extract<ApprovalRequest, { kind: 'evmTransaction' }>

export const DEFAULT_CHAIN_TIMEOUT_MS = 8_000

/** An `eth_sendTransaction`: the decoded call, the network fee and the simulated balance changes. */
export async function describeEvmTransaction(
  request: DescribeEvmTransactionParameters,
  context: ApprovalContext,
): Promise<ApprovalSummary> {
  const { chainId, from, transaction, origin } = request
  const timeoutMs = context.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS
  const book = createEvmAddressBook({ chains: context.chains, chainId, account: from })
  let client: ReturnType<ApprovalContext['getPublicClient']> | undefined
  try {
    client = context.getPublicClient(chainId)
  } catch {
    client = undefined
  }

  const to = transaction.to ?? undefined
  let token: ApprovalToken | undefined = to ? book.token(to) : undefined
  const selector = transaction.data?.slice(0, 10).toLowerCase() as Hex | undefined
  if (to && !token && client && selector && tokenCallSelectors.includes(selector))
    token = await readTokenMetadata({ client, address: to, timeoutMs })

  const call = decodeEvmCall({
    to: transaction.to,
    data: transaction.data,
    value: transaction.value,
    book,
    token,
  })
  const unavailable = { status: 'unavailable' as const, reason: 'No connection to this network' }
  const [fee, balanceChanges] = client
    ? await Promise.all([
        estimateNetworkFee({ client, from, transaction, book, timeoutMs }),
        simulateBalanceChanges({ client, from, calls: [transaction], book, timeoutMs }),
      ])
    : [unavailable, unavailable]

  const warnings = [...callWarnings(call, origin)]
  if (balanceChanges.status === 'reverted')
    warnings.unshift({
      level: 'danger',
      message: `This transaction is expected to fail: ${balanceChanges.reason}`,
    })
  return {
    kind: 'evmTransaction',
    title: titleOf(call, book),
    approveLabel: 'Confirm',
    origin,
    account: book.address(from),
    network: { name: book.networkName, chainId },
    warnings: sortWarnings(warnings),
    details: { type: 'evmTransaction', calls: [call], fee, balanceChanges },
  }
}

/** The card's heading for one call: "Send USDC", "Approve USDC spending", … */
export function titleOf(call: ApprovalEvmCall, book: EvmAddressBook): string {
  switch (call.type) {
    case 'nativeTransfer':
      return `Send ${book.nativeCurrency.symbol}`
    case 'erc20Transfer':
    case 'erc20TransferFrom':
      return `Send ${call.token.symbol ?? 'tokens'}`
    case 'erc20Approve':
      return call.amount.value === 0n
        ? `Revoke ${call.token.symbol ?? 'token'} approval`
        : `Approve ${call.token.symbol ?? 'token'} spending`
    case 'setApprovalForAll':
      return call.approved ? 'Approve access to a collection' : 'Revoke access to a collection'
    case 'contractCreation':
      return 'Deploy a contract'
    case 'contractCall':
      return 'Confirm transaction'
  }
}

/** What the visitor must not miss about one call. */
export function* callWarnings(call: ApprovalEvmCall, origin: string): Generator<ApprovalWarning> {
  const label = (address: ApprovalAddress) => address.name ?? address.address
  if ('token' in call && call.token.source !== 'config')
    yield {
      level: 'caution',
      message:
        call.token.source === 'chain'
          ? `The wallet does not know this token: its name "${call.token.symbol ?? '?'}" comes from the contract itself.`
          : 'The wallet does not know this token contract: the amount is shown in base units.',
    }
  switch (call.type) {
    case 'erc20Approve':
      if (call.amount.unlimited)
        yield {
          level: 'danger',
          message: `Unlimited approval: ${label(call.spender)} can spend all your ${call.token.symbol ?? 'tokens'}, now and later, until you revoke it.`,
        }
      break
    case 'setApprovalForAll':
      if (call.approved)
        yield {
          level: 'danger',
          message: `${label(call.operator)} can transfer every item of this collection you own, now and later.`,
        }
      break
    case 'contractCall':
      yield {
        level: 'caution',
        message: `The wallet cannot decode this call. Confirm only if you trust ${origin}.`,
      }
      break
    case 'contractCreation':
      yield { level: 'caution', message: 'This transaction deploys a new contract.' }
      break
  }
}

export function sortWarnings(warnings: ApprovalWarning[]): ApprovalWarning[] {
  return [...warnings].sort(
    (a, b) => (a.level === 'danger' ? 0 : 1) - (b.level === 'danger' ? 0 : 1),
  )
}
