import { bytesToHex } from 'viem'
import { decodeText } from './decodeText.ts'
import { formatAmount } from './formatAmount.ts'
import type { ApprovalAddress, ApprovalSolanaInstruction } from './types.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
export const MEMO_V1_PROGRAM = 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'

export const solanaProgramNames: Readonly<Record<string, string>> = {
  [SYSTEM_PROGRAM]: 'System Program',
  [TOKEN_PROGRAM]: 'Token Program',
  [TOKEN_2022_PROGRAM]: 'Token-2022 Program',
  [ASSOCIATED_TOKEN_PROGRAM]: 'Associated Token Account Program',
  [COMPUTE_BUDGET_PROGRAM]: 'Compute Budget Program',
  [MEMO_PROGRAM]: 'Memo Program',
  [MEMO_V1_PROGRAM]: 'Memo Program (v1)',
}

/** System Program instruction names by their u32 index. */
const systemInstructionNames = [
  'Create account',
  'Assign',
  'Transfer',
  'Create account with seed',
  'Advance nonce account',
  'Withdraw nonce account',
  'Initialize nonce account',
  'Authorize nonce account',
  'Allocate',
  'Allocate with seed',
  'Assign with seed',
  'Transfer with seed',
  'Upgrade nonce account',
]

/** SPL Token instruction names by their u8 index (Token-2022 shares the first 25). */
const tokenInstructionNames = [
  'Initialize mint',
  'Initialize account',
  'Initialize multisig',
  'Transfer',
  'Approve',
  'Revoke',
  'Set authority',
  'Mint to',
  'Burn',
  'Close account',
  'Freeze account',
  'Thaw account',
  'Transfer (checked)',
  'Approve (checked)',
  'Mint to (checked)',
  'Burn (checked)',
  'Initialize account 2',
  'Sync native',
  'Initialize account 3',
  'Initialize multisig 2',
  'Initialize mint 2',
  'Get account data size',
  'Initialize immutable owner',
  'Amount to UI amount',
  'UI amount to amount',
]

const sol = (lamports: bigint) => formatAmount({ value: lamports, decimals: 9, symbol: 'SOL' })

export type DecodeSolanaInstructionParameters = {
  program: ApprovalAddress
  /** The instruction's accounts, resolved (lookup-table accounts carry a placeholder). */
  accounts: ApprovalAddress[]
  data: Uint8Array
}

/**
 * One compiled Solana instruction as the card shows it: System transfer, SPL Token transfer /
 * transferChecked / approve, Associated Token Account creation, Compute Budget settings, memos;
 * otherwise the program, its accounts and the data length.
 */
export function decodeSolanaInstruction(
  parameters: DecodeSolanaInstructionParameters,
): ApprovalSolanaInstruction {
  const { program, accounts, data } = parameters
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const u8 = (offset: number) => view.getUint8(offset)
  const u32 = (offset: number) => view.getUint32(offset, true)
  const u64 = (offset: number) => view.getBigUint64(offset, true)
  const unknown = (instructionName?: string): ApprovalSolanaInstruction => ({
    type: 'unknown',
    program,
    instructionName,
    accounts,
    data: bytesToHex(data),
    byteLength: data.length,
  })

  try {
    switch (program.address) {
      case SYSTEM_PROGRAM: {
        if (data.length < 4) return unknown()
        const index = u32(0)
        if (index === 2 && data.length === 12 && accounts.length >= 2)
          return {
            type: 'solTransfer',
            program,
            from: accounts[0]!,
            to: accounts[1]!,
            amount: sol(u64(4)),
          }
        return unknown(systemInstructionNames[index])
      }
      case TOKEN_PROGRAM:
      case TOKEN_2022_PROGRAM: {
        if (data.length < 1) return unknown()
        const index = u8(0)
        // transfer: [3, amount u64]; accounts: source, destination, authority, …signers.
        if (index === 3 && data.length === 9 && accounts.length >= 3)
          return {
            type: 'tokenTransfer',
            program,
            source: accounts[0]!,
            destination: accounts[1]!,
            authority: accounts[2]!,
            mint: undefined,
            amount: formatAmount({ value: u64(1), decimals: undefined, symbol: undefined }),
            checked: false,
          }
        // transferChecked: [12, amount u64, decimals u8]; source, mint, destination, authority.
        if (index === 12 && data.length === 10 && accounts.length >= 4)
          return {
            type: 'tokenTransfer',
            program,
            source: accounts[0]!,
            mint: accounts[1]!,
            destination: accounts[2]!,
            authority: accounts[3]!,
            amount: formatAmount({ value: u64(1), decimals: u8(9), symbol: undefined }),
            checked: true,
          }
        // approve: [4, amount u64]; source, delegate, owner.
        if (index === 4 && data.length === 9 && accounts.length >= 3)
          return {
            type: 'tokenApprove',
            program,
            source: accounts[0]!,
            delegate: accounts[1]!,
            owner: accounts[2]!,
            mint: undefined,
            amount: formatAmount({ value: u64(1), decimals: undefined, symbol: undefined }),
            checked: false,
          }
        // approveChecked: [13, amount u64, decimals u8]; source, mint, delegate, owner.
        if (index === 13 && data.length === 10 && accounts.length >= 4)
          return {
            type: 'tokenApprove',
            program,
            source: accounts[0]!,
            mint: accounts[1]!,
            delegate: accounts[2]!,
            owner: accounts[3]!,
            amount: formatAmount({ value: u64(1), decimals: u8(9), symbol: undefined }),
            checked: true,
          }
        return unknown(tokenInstructionNames[index])
      }
      case ASSOCIATED_TOKEN_PROGRAM: {
        // Empty data is the original Create; [0] Create, [1] CreateIdempotent.
        const index = data.length === 0 ? 0 : u8(0)
        if (data.length <= 1 && (index === 0 || index === 1) && accounts.length >= 4)
          return {
            type: 'createAssociatedTokenAccount',
            program,
            payer: accounts[0]!,
            account: accounts[1]!,
            owner: accounts[2]!,
            mint: accounts[3]!,
            idempotent: index === 1,
          }
        return unknown(index === 2 ? 'Recover nested' : undefined)
      }
      case COMPUTE_BUDGET_PROGRAM: {
        if (data.length < 1) return unknown()
        const index = u8(0)
        if (index === 1 && data.length === 5)
          return { type: 'requestHeapFrame', program, bytes: u32(1) }
        if (index === 2 && data.length === 5)
          return { type: 'computeUnitLimit', program, units: u32(1) }
        if (index === 3 && data.length === 9)
          return { type: 'computeUnitPrice', program, microLamports: u64(1) }
        if (index === 4 && data.length === 5)
          return { type: 'loadedAccountsDataSizeLimit', program, bytes: u32(1) }
        return unknown()
      }
      case MEMO_PROGRAM:
      case MEMO_V1_PROGRAM:
        return { type: 'memo', program, text: decodeText(data) }
      default:
        return unknown()
    }
  } catch {
    // Short data for a known layout: shown raw.
    return unknown()
  }
}
