import type { Hex, TypedDataDefinition } from 'viem'
import { createEvmAddressBook, type EvmAddressBook } from './createEvmAddressBook.ts'
import { revealInvisibleCharacters } from './decodeText.ts'
import { DEFAULT_CHAIN_TIMEOUT_MS, sortWarnings } from './describeEvmTransaction.ts'
import { formatAmount, UNLIMITED_AMOUNT } from './formatAmount.ts'
import { readTokenMetadata } from './readTokenMetadata.ts'
import type {
  ApprovalContext,
  ApprovalDeadline,
  ApprovalPermit,
  ApprovalRequest,
  ApprovalSummary,
  ApprovalToken,
  ApprovalTypedDataNode,
  ApprovalWarning,
} from './types.ts'

export type DescribeTypedDataParameters = Extract<ApprovalRequest, { kind: 'evmTypedData' }>

type TypedField = { name: string; type: string }
type Types = Record<string, readonly TypedField[] | undefined>

/** The EIP-712 domain fields, in the order of the standard. */
const domainFields: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
]

/** Bounds for hostile input: a tree this big is not read by anyone anyway. */
const maxDepth = 12
const maxNodes = 2_000
/** Deadlines from 2^48 s (year ~8.9 million) on mean "never". */
const neverDeadline = 2n ** 48n

/**
 * An `eth_signTypedData_v4` request as a readable tree (nested structs, arrays), with EIP-2612
 * `Permit` (and DAI's `allowed` permit) recognised: spender, amount in the token's decimals,
 * deadline, unlimited warning.
 */
export async function describeTypedData(
  request: DescribeTypedDataParameters,
  context: ApprovalContext,
): Promise<ApprovalSummary> {
  const { origin, chainId, address, typedData } = request
  const book = createEvmAddressBook({ chains: context.chains, chainId, account: address })
  const types = (typedData.types ?? {}) as Types
  const primaryType = String(typedData.primaryType ?? '')
  const domainValue = (typedData.domain ?? {}) as Record<string, unknown>
  const budget = { nodes: 0 }

  const domain = nodesOf(types.EIP712Domain ?? domainFields, domainValue, types, book, budget, 0)
    // Without an explicit EIP712Domain type, only the fields the domain has.
    .filter((node) => types.EIP712Domain || domainValue[node.name] !== undefined)
  const message = nodesOf(
    types[primaryType] ?? inferredFields(typedData.message),
    (typedData.message ?? {}) as Record<string, unknown>,
    types,
    book,
    budget,
    0,
  )

  const warnings: ApprovalWarning[] = []
  const domainChainId = bigintOf(domainValue.chainId)
  if (domainChainId !== undefined && domainChainId !== BigInt(chainId))
    warnings.push({
      level: 'danger',
      message: `This signature is for another network (chain ${domainChainId}), not ${book.networkName}.`,
    })

  const permit = await permitOf(typedData, chainId, primaryType, types, book, context)
  if (permit) {
    const spender = permit.spender.name ?? permit.spender.address
    if (permit.amount.unlimited)
      warnings.push({
        level: 'danger',
        message: `Unlimited approval: ${spender} can spend all your ${permit.token.symbol ?? 'tokens'}, now and later, until you revoke it.`,
      })
    if (permit.token.source !== 'config')
      warnings.push({
        level: 'caution',
        message: 'The wallet does not know this token contract.',
      })
  } else if (/permit/i.test(primaryType))
    // Permit2 and other permit flavours: not spelled out, but never signed unawares.
    warnings.push({
      level: 'caution',
      message: `This signature may let someone spend your tokens. Sign only if you trust ${origin}.`,
    })

  return {
    kind: 'evmTypedData',
    title: permit ? `Approve ${permit.token.symbol ?? 'token'} spending` : 'Sign typed data',
    approveLabel: 'Sign',
    origin,
    account: book.address(address),
    network: { name: book.networkName, chainId },
    warnings: sortWarnings(warnings),
    details: { type: 'typedData', primaryType, domain, message, permit },
  }
}

function nodesOf(
  fields: readonly TypedField[],
  value: Record<string, unknown>,
  types: Types,
  book: EvmAddressBook,
  budget: { nodes: number },
  depth: number,
): ApprovalTypedDataNode[] {
  const nodes: ApprovalTypedDataNode[] = []
  for (const field of fields) {
    if (budget.nodes >= maxNodes) {
      nodes.push(truncatedNode())
      break
    }
    nodes.push(nodeOf(field.name, field.type, value?.[field.name], types, book, budget, depth))
  }
  return nodes
}

function nodeOf(
  name: string,
  type: string,
  value: unknown,
  types: Types,
  book: EvmAddressBook,
  budget: { nodes: number },
  depth: number,
): ApprovalTypedDataNode {
  budget.nodes++
  const leaf = (text: string | undefined): ApprovalTypedDataNode => ({
    name,
    type,
    value: text,
    address: undefined,
    children: undefined,
  })
  if (depth > maxDepth) return leaf('…')
  const array = /^(.+)\[(\d*)\]$/.exec(type)
  if (array) {
    const elementType = array[1]!
    const items = Array.isArray(value) ? value : []
    const children: ApprovalTypedDataNode[] = []
    for (const [index, item] of items.entries()) {
      if (budget.nodes >= maxNodes) {
        children.push(truncatedNode())
        break
      }
      children.push(nodeOf(`[${index}]`, elementType, item, types, book, budget, depth + 1))
    }
    return { name, type, value: undefined, address: undefined, children }
  }
  const struct = types[type]
  if (struct)
    return {
      name,
      type,
      value: undefined,
      address: undefined,
      children: nodesOf(
        struct,
        (value ?? {}) as Record<string, unknown>,
        types,
        book,
        budget,
        depth + 1,
      ),
    }
  if (value === undefined || value === null) return leaf('(missing)')
  if (type === 'address' && typeof value === 'string')
    return { ...leaf(value), address: book.address(value) }
  if (/^u?int\d*$/.test(type)) return leaf(bigintOf(value)?.toString() ?? textOf(value))
  return leaf(textOf(value))
}

function truncatedNode(): ApprovalTypedDataNode {
  return {
    name: '…',
    type: '',
    value: 'Too large to show',
    address: undefined,
    children: undefined,
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return revealInvisibleCharacters(value)
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  try {
    return revealInvisibleCharacters(
      JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v)),
    )
  } catch {
    return String(value)
  }
}

/** Fields of a message without a type (malformed typed data): its own keys, shown as text. */
function inferredFields(message: unknown): TypedField[] {
  if (!message || typeof message !== 'object') return []
  return Object.keys(message).map((name) => ({ name, type: 'unknown' }))
}

function bigintOf(value: unknown): bigint | undefined {
  try {
    if (typeof value === 'bigint') return value
    if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value)
    if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|-?\d+)$/.test(value.trim()))
      return BigInt(value.trim())
  } catch {
    // Not an integer.
  }
  return undefined
}

async function permitOf(
  typedData: TypedDataDefinition,
  chainId: number,
  primaryType: string,
  types: Types,
  book: EvmAddressBook,
  context: ApprovalContext,
): Promise<ApprovalPermit | undefined> {
  if (primaryType !== 'Permit') return undefined
  const fields = new Set((types.Permit ?? []).map((field) => field.name))
  const message = (typedData.message ?? {}) as Record<string, unknown>
  const domain = (typedData.domain ?? {}) as Record<string, unknown>
  const erc2612 = ['owner', 'spender', 'value', 'deadline'].every((name) => fields.has(name))
  // DAI's permit: `holder, spender, nonce, expiry, allowed` — all or nothing.
  const dai = ['holder', 'spender', 'expiry', 'allowed'].every((name) => fields.has(name))
  if (!erc2612 && !dai) return undefined
  const verifyingContract =
    typeof domain.verifyingContract === 'string' ? domain.verifyingContract : undefined
  if (!verifyingContract || typeof message.spender !== 'string') return undefined

  const token = await tokenOf(verifyingContract as Hex, chainId, book, context)
  const value = dai ? (message.allowed ? UNLIMITED_AMOUNT * 2n : 0n) : bigintOf(message.value)
  if (value === undefined) return undefined
  const owner = String((dai ? message.holder : message.owner) ?? '')
  const deadline = bigintOf(dai ? message.expiry : message.deadline)
  return {
    token,
    owner: book.address(owner),
    spender: book.address(message.spender),
    amount: formatAmount({ value, decimals: token.decimals, symbol: token.symbol }),
    nonce: bigintOf(message.nonce),
    // DAI: expiry 0 means no expiry.
    deadline:
      deadline === undefined
        ? undefined
        : deadlineOf(dai && deadline === 0n ? 2n ** 256n - 1n : deadline),
  }
}

/** The operator's token, else what the contract says about itself (through this chain's node). */
async function tokenOf(
  address: Hex,
  chainId: number,
  book: EvmAddressBook,
  context: ApprovalContext,
): Promise<ApprovalToken> {
  const known = book.token(address)
  if (known) return known
  try {
    const client = context.getPublicClient(chainId)
    const timeoutMs = context.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS
    return await readTokenMetadata({ client, address, timeoutMs })
  } catch {
    return { address, name: undefined, symbol: undefined, decimals: undefined, source: 'unknown' }
  }
}

export function deadlineOf(timestamp: bigint): ApprovalDeadline {
  const never = timestamp >= neverDeadline
  const milliseconds = Number(timestamp) * 1000
  const date =
    !never && Number.isFinite(milliseconds) && Math.abs(milliseconds) <= 8.64e15
      ? new Date(milliseconds).toISOString()
      : undefined
  return { timestamp, date, never }
}
