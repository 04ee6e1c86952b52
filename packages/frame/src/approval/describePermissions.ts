import type { Hex } from 'viem'
import { createEvmAddressBook } from './createEvmAddressBook.ts'
import { DEFAULT_CHAIN_TIMEOUT_MS, sortWarnings } from './describeEvmTransaction.ts'
import { formatAmount } from './formatAmount.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'
import type {
  ApprovalContext,
  ApprovalRequest,
  ApprovalSummary,
  ApprovalToken,
  ApprovalWarning,
} from './types.ts'

export type DescribePermissionsParameters = Extract<ApprovalRequest, { kind: 'evmPermissions' }>

/** A session this long or longer is flagged: the key acts for the account for weeks. */
const longSessionSeconds = 7 * 24 * 60 * 60

/**
 * A smart session (ERC-7715) to grant or revoke: the session key, until when, the only contracts
 * and functions it may call, and the most each token may move (symbol and decimals from the
 * operator's list, else read from the token contract and marked unverified).
 */
export async function describePermissions(
  request: DescribePermissionsParameters,
  context: ApprovalContext,
): Promise<ApprovalSummary> {
  const { chainId, account, owner, origin } = request
  const timeoutMs = context.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS
  const book = createEvmAddressBook({ chains: context.chains, chainId, account })
  const tokenOf = async (address: Hex): Promise<ApprovalToken> => {
    const known = book.token(address)
    if (known) return known
    try {
      return await readTokenMetadata({
        client: context.getPublicClient(chainId),
        address,
        timeoutMs,
      })
    } catch {
      return { address, name: undefined, symbol: undefined, decimals: undefined, source: 'unknown' }
    }
  }
  const tokenLimits = await Promise.all(
    request.tokenLimits.map(async (limit) => {
      const token = await tokenOf(limit.token)
      return {
        token,
        allowance: formatAmount({
          value: limit.allowance,
          decimals: token.decimals,
          symbol: token.symbol,
        }),
      }
    }),
  )
  const warnings: ApprovalWarning[] = []
  if (!request.revoke) {
    const seconds = request.expiry - Math.floor(Date.now() / 1000)
    if (seconds >= longSessionSeconds)
      warnings.push({
        level: 'caution',
        message: `This session lasts ${Math.round(seconds / 86_400)} days: the app can act within these limits without asking you until then.`,
      })
    if (tokenLimits.some((limit) => limit.token.source !== 'config'))
      warnings.push({
        level: 'caution',
        message:
          'A token of this session is not on this wallet’s list: check its contract address.',
      })
  }
  return {
    kind: 'evmPermissions',
    title: request.revoke ? 'Revoke session' : 'Grant session',
    approveLabel: request.revoke ? 'Revoke' : 'Grant',
    origin,
    account: { ...book.address(account), name: 'Smart account' },
    network: { name: book.networkName, chainId },
    warnings: sortWarnings(warnings),
    details: {
      type: 'permissions',
      revoke: request.revoke,
      signer: book.address(request.signer),
      expiry: new Date(request.expiry * 1000).toISOString(),
      contracts: request.contracts.map((contract) => ({
        contract: book.address(contract.address),
        functions: contract.functions.map((fn) => fn.signature ?? fn.selector),
      })),
      tokenLimits,
      owner: { ...book.address(owner), isAccount: true },
      deploysAccount: request.deploysAccount,
    },
  }
}
