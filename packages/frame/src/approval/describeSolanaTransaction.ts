import {
  getCompiledTransactionMessageDecoder,
  transactionConfigMaskHasPriorityFee,
} from '@solana/kit'
import { bytesToHex } from 'viem'
import {
  COMPUTE_BUDGET_PROGRAM,
  decodeSolanaInstruction,
  solanaProgramNames,
} from './decodeSolanaInstruction.ts'
import { sortWarnings } from './describeEvmTransaction.ts'
import { formatAmount } from './formatAmount.ts'
import type {
  ApprovalAddress,
  ApprovalRequest,
  ApprovalSolanaInstruction,
  ApprovalSolanaToken,
  ApprovalSummary,
  ApprovalWarning,
} from './types.ts'

export type DescribeSolanaTransactionParameters = Extract<
  ApprovalRequest,
  { kind: 'solanaTransaction' }
>

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
type NormalizedInstruction = { programIndex: number; accountIndices: number[]; data: Uint8Array }

const lamportsPerSignature = 5_000n
const defaultComputeUnitsPerInstruction = 200_000n
const maxComputeUnits = 1_400_000n

/**
 * A `solana_signTransaction` request from its compiled message (legacy, v0 or v1): the decoded
 * instructions, the fee payer and the network fee. Undecodable bytes give a raw summary.
 */
export function describeSolanaTransaction(
  request: DescribeSolanaTransactionParameters,
  options: { tokens?: readonly ApprovalSolanaToken[] | undefined } = {},
): ApprovalSummary {
  const { origin, address, messageBytes } = request
  const tokens = new Map((options.tokens ?? []).map((token) => [token.mint, token]))
  const account: ApprovalAddress = { address, name: undefined, isAccount: true }
  const base = {
    kind: 'solanaTransaction' as const,
    approveLabel: 'Confirm',
    origin,
    account,
    network: { name: 'Solana', chainId: undefined },
  }
  let message: CompiledMessage
  try {
    message = getCompiledTransactionMessageDecoder().decode(messageBytes)
  } catch {
    return {
      ...base,
      title: 'Approve transaction',
      warnings: [
        {
          level: 'danger',
          message: `The wallet cannot read this transaction. Approve only if you trust ${origin}.`,
        },
      ],
      details: { type: 'raw', data: bytesToHex(messageBytes), byteLength: messageBytes.length },
    }
  }

  const addressOf = (key: string): ApprovalAddress => {
    const token = tokens.get(key)
    return {
      address: key,
      name: solanaProgramNames[key] ?? (token ? `${token.name} (${token.symbol})` : undefined),
      isAccount: key === address,
    }
  }
  const accounts: ApprovalAddress[] = message.staticAccounts.map(addressOf)
  // v0: accounts from lookup tables follow the static ones, all writable then all read-only.
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : []
  for (const kind of ['writableIndexes', 'readonlyIndexes'] as const)
    for (const lookup of lookups)
      for (const index of lookup[kind])
        accounts.push({
          address: `${lookup.lookupTableAddress}[${index}]`,
          name: 'Account from an address lookup table',
          isAccount: false,
        })
  const accountAt = (index: number): ApprovalAddress =>
    accounts[index] ?? { address: `#${index}`, name: 'Missing account', isAccount: false }

  const instructions = normalizedInstructions(message).map((instruction) =>
    withTokenAmount(
      decodeSolanaInstruction({
        program: accountAt(instruction.programIndex),
        accounts: instruction.accountIndices.map(accountAt),
        data: instruction.data,
      }),
      tokens,
    ),
  )

  return {
    ...base,
    title: titleOf(instructions, address),
    warnings: sortWarnings([...instructionWarnings(instructions, origin, lookups.length > 0)]),
    details: {
      type: 'solanaTransaction',
      version: message.version,
      feePayer: accountAt(0),
      instructions,
      fee: formatAmount({ value: feeOf(message, instructions), decimals: 9, symbol: 'SOL' }),
      usesLookupTables: lookups.length > 0,
    },
  }
}

function normalizedInstructions(message: CompiledMessage): NormalizedInstruction[] {
  if (message.version === 1)
    return message.instructionHeaders.map((header, index) => {
      const payload = message.instructionPayloads[index]
      return {
        programIndex: header.programAccountIndex,
        accountIndices: [...(payload?.instructionAccountIndices ?? [])],
        data: new Uint8Array(payload?.instructionData ?? []),
      }
    })
  return message.instructions.map((instruction) => ({
    programIndex: instruction.programAddressIndex,
    accountIndices: [...(instruction.accountIndices ?? [])],
    data: new Uint8Array(instruction.data ?? []),
  }))
}

/** Signatures × 5000 lamports + the priority fee (compute unit price × limit, or v1's config). */
function feeOf(message: CompiledMessage, instructions: ApprovalSolanaInstruction[]): bigint {
  const signatureFee = BigInt(message.header.numSignerAccounts) * lamportsPerSignature
  if (message.version === 1) {
    // Config values are stored in mask-bit order: priority fee (u64) first, then the u32s.
    const priority = transactionConfigMaskHasPriorityFee(message.configMask)
      ? message.configValues[0]
      : undefined
    return signatureFee + (priority?.kind === 'u64' ? priority.value : 0n)
  }
  let price: bigint | undefined
  let limit: bigint | undefined
  let otherInstructions = 0n
  for (const instruction of instructions) {
    if (instruction.type === 'computeUnitPrice') price = instruction.microLamports
    else if (instruction.type === 'computeUnitLimit') limit = BigInt(instruction.units)
    else if (instruction.program.address !== COMPUTE_BUDGET_PROGRAM) otherInstructions++
  }
  if (!price) return signatureFee
  const units =
    limit ?? minBigint(otherInstructions * defaultComputeUnitsPerInstruction, maxComputeUnits)
  return signatureFee + (price * units + 999_999n) / 1_000_000n
}

function minBigint(a: bigint, b: bigint): bigint {
  return a < b ? a : b
}

function titleOf(instructions: ApprovalSolanaInstruction[], address: string): string {
  if (instructions.some((i) => i.type === 'solTransfer' && i.from.address === address))
    return 'Send SOL'
  if (instructions.some((i) => i.type === 'tokenTransfer')) return 'Send tokens'
  if (instructions.some((i) => i.type === 'tokenApprove')) return 'Approve token spending'
  return 'Approve transaction'
}

function* instructionWarnings(
  instructions: ApprovalSolanaInstruction[],
  origin: string,
  usesLookupTables: boolean,
): Generator<ApprovalWarning> {
  for (const instruction of instructions) {
    if (instruction.type === 'tokenApprove') {
      const delegate = instruction.delegate.name ?? instruction.delegate.address
      yield instruction.amount.unlimited || instruction.amount.value >= 2n ** 63n
        ? {
            level: 'danger',
            message: `Unlimited approval: ${delegate} can spend everything in this token account.`,
          }
        : {
            level: 'caution',
            message: `${delegate} can spend up to ${instruction.amount.formatted} from this token account.`,
          }
    }
    if (instruction.type === 'unknown' && instruction.instructionName === 'Set authority')
      yield { level: 'danger', message: 'This transaction changes who controls a token account.' }
    if (instruction.type === 'unknown' && instruction.instructionName === 'Assign')
      yield { level: 'danger', message: 'This transaction hands an account to another program.' }
  }
  if (instructions.some((instruction) => instruction.type === 'unknown'))
    yield {
      level: 'caution',
      message: `The wallet cannot decode every instruction. Approve only if you trust ${origin}.`,
    }
  if (usesLookupTables)
    yield {
      level: 'caution',
      message: 'Some accounts come from address lookup tables, which the wallet cannot show.',
    }
}

/**
 * A checked token transfer or approval of a known mint shows its symbol; the decimals are the
 * instruction's own (the program refuses a transfer whose decimals are not the mint's).
 */
function withTokenAmount(
  instruction: ApprovalSolanaInstruction,
  tokens: ReadonlyMap<string, ApprovalSolanaToken>,
): ApprovalSolanaInstruction {
  if (instruction.type !== 'tokenTransfer' && instruction.type !== 'tokenApprove')
    return instruction
  const token = instruction.mint && tokens.get(instruction.mint.address)
  if (!token || !instruction.checked) return instruction
  const { value, decimals } = instruction.amount
  return { ...instruction, amount: formatAmount({ value, decimals, symbol: token.symbol }) }
}
