import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Encoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ASSOCIATED_TOKEN_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
} from './decodeSolanaInstruction.ts'
import { describeApproval } from './describeApproval.ts'
import type { ApprovalContext, ApprovalSolanaInstruction, ApprovalSummary } from './types.ts'

const blockhash = {
  blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash,
  lastValidBlockHeight: 100n,
}
const origin = 'https://app.example.com'
const context: ApprovalContext = {
  chains: {},
  getPublicClient: () => {
    throw new Error('Solana needs no EVM client')
  },
}

let user: Address
let recipient: Address
let mint: Address
let sourceAta: Address
let destinationAta: Address
let unknownProgram: Address

beforeAll(async () => {
  ;[user, recipient, mint, sourceAta, destinationAta, unknownProgram] = (await Promise.all(
    Array.from({ length: 6 }, async () => (await generateKeyPairSigner()).address),
  )) as [Address, Address, Address, Address, Address, Address]
})

// Hand-built instructions in the programs' wire layouts (little-endian integers).
const u32 = (value: number) => new Uint8Array(new Uint32Array([value]).buffer)
const u64 = (value: bigint) => new Uint8Array(new BigUint64Array([value]).buffer)
const bytes = (...parts: (number | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'number' ? [part] : [...part])))

const computeUnitLimit = (units: number): Instruction => ({
  programAddress: COMPUTE_BUDGET_PROGRAM as Address,
  data: bytes(2, u32(units)),
})
const computeUnitPrice = (microLamports: bigint): Instruction => ({
  programAddress: COMPUTE_BUDGET_PROGRAM as Address,
  data: bytes(3, u64(microLamports)),
})
const createAta = (): Instruction => ({
  programAddress: ASSOCIATED_TOKEN_PROGRAM as Address,
  accounts: [
    { address: user, role: AccountRole.WRITABLE_SIGNER },
    { address: destinationAta, role: AccountRole.WRITABLE },
    { address: recipient, role: AccountRole.READONLY },
    { address: mint, role: AccountRole.READONLY },
    { address: SYSTEM_PROGRAM as Address, role: AccountRole.READONLY },
    { address: TOKEN_PROGRAM as Address, role: AccountRole.READONLY },
  ],
  data: bytes(1),
})
const transferChecked = (amount: bigint, decimals: number): Instruction => ({
  programAddress: TOKEN_PROGRAM as Address,
  accounts: [
    { address: sourceAta, role: AccountRole.WRITABLE },
    { address: mint, role: AccountRole.READONLY },
    { address: destinationAta, role: AccountRole.WRITABLE },
    { address: user, role: AccountRole.READONLY_SIGNER },
  ],
  data: bytes(12, u64(amount), decimals),
})
const tokenTransfer = (amount: bigint): Instruction => ({
  programAddress: TOKEN_PROGRAM as Address,
  accounts: [
    { address: sourceAta, role: AccountRole.WRITABLE },
    { address: destinationAta, role: AccountRole.WRITABLE },
    { address: user, role: AccountRole.READONLY_SIGNER },
  ],
  data: bytes(3, u64(amount)),
})
const tokenApprove = (amount: bigint): Instruction => ({
  programAddress: TOKEN_PROGRAM as Address,
  accounts: [
    { address: sourceAta, role: AccountRole.WRITABLE },
    { address: recipient, role: AccountRole.READONLY },
    { address: user, role: AccountRole.READONLY_SIGNER },
  ],
  data: bytes(4, u64(amount)),
})
const memo = (text: string): Instruction => ({
  programAddress: MEMO_PROGRAM as Address,
  data: new TextEncoder().encode(text),
})
const solTransfer = (lamports: bigint) =>
  getTransferSolInstruction({
    source: createNoopSigner(user),
    destination: recipient,
    amount: lamports,
  })

function messageBytes(
  instructions: Instruction[],
  options: { version?: 0 | 'legacy'; feePayer?: Address } = {},
): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (draft) => setTransactionMessageFeePayer(options.feePayer ?? user, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  return new Uint8Array(compileTransaction(message).messageBytes)
}

const describeTransaction = (message: Uint8Array) =>
  describeApproval(
    { kind: 'solanaTransaction', origin, address: user, messageBytes: message },
    context,
  )

function instructionsOf(summary: ApprovalSummary): ApprovalSolanaInstruction[] {
  expect(summary.details.type).toBe('solanaTransaction')
  return summary.details.type === 'solanaTransaction' ? summary.details.instructions : []
}

describe('describeApproval: Solana transactions', () => {
  it('decodes compute budget, a SOL transfer, an ATA creation, SPL transfers and a memo', async () => {
    const summary = await describeTransaction(
      messageBytes([
        computeUnitLimit(300_000),
        computeUnitPrice(2_000_000n),
        solTransfer(1_500_000_000n),
        createAta(),
        transferChecked(2_500_000n, 6),
        tokenTransfer(42n),
        memo('invoice 17'),
      ]),
    )
    expect(summary).toMatchObject({
      kind: 'solanaTransaction',
      title: 'Send SOL',
      origin,
      account: { address: user, isAccount: true },
      network: { name: 'Solana' },
      warnings: [],
    })
    const program = (address: string, name: string) => ({ address, name, isAccount: false })
    const you = { address: user, name: undefined, isAccount: true }
    const other = (address: string) => ({ address, name: undefined, isAccount: false })
    expect(instructionsOf(summary)).toEqual([
      {
        type: 'computeUnitLimit',
        program: program(COMPUTE_BUDGET_PROGRAM, 'Compute Budget Program'),
        units: 300_000,
      },
      {
        type: 'computeUnitPrice',
        program: program(COMPUTE_BUDGET_PROGRAM, 'Compute Budget Program'),
        microLamports: 2_000_000n,
      },
      {
        type: 'solTransfer',
        program: program(SYSTEM_PROGRAM, 'System Program'),
        from: you,
        to: other(recipient),
        amount: expect.objectContaining({ value: 1_500_000_000n, formatted: '1.5 SOL' }),
      },
      {
        type: 'createAssociatedTokenAccount',
        program: program(ASSOCIATED_TOKEN_PROGRAM, 'Associated Token Account Program'),
        payer: you,
        account: other(destinationAta),
        owner: other(recipient),
        mint: other(mint),
        idempotent: true,
      },
      {
        type: 'tokenTransfer',
        program: program(TOKEN_PROGRAM, 'Token Program'),
        source: other(sourceAta),
        destination: other(destinationAta),
        authority: you,
        mint: other(mint),
        amount: expect.objectContaining({ value: 2_500_000n, decimals: 6, formatted: '2.5' }),
        checked: true,
      },
      {
        type: 'tokenTransfer',
        program: program(TOKEN_PROGRAM, 'Token Program'),
        source: other(sourceAta),
        destination: other(destinationAta),
        authority: you,
        mint: undefined,
        amount: expect.objectContaining({ value: 42n, formatted: '42 base units' }),
        checked: false,
      },
      {
        type: 'memo',
        program: program(MEMO_PROGRAM, 'Memo Program'),
        text: { encoding: 'utf8', text: 'invoice 17', byteLength: 10 },
      },
    ])
    // One signature (5000 lamports) + 2,000,000 µlamports × 300,000 units = 600,000 lamports.
    expect(summary.details).toMatchObject({
      version: 0,
      feePayer: { address: user, isAccount: true },
      fee: { value: 605_000n, formatted: '0.000605 SOL' },
      usesLookupTables: false,
    })
  })

  it('decodes a legacy message built with @solana-program/system', async () => {
    const summary = await describeTransaction(
      messageBytes([solTransfer(1n)], { version: 'legacy' }),
    )
    expect(summary.details).toMatchObject({ version: 'legacy', fee: { value: 5_000n } })
    expect(instructionsOf(summary)).toMatchObject([
      { type: 'solTransfer', amount: { formatted: '0.000000001 SOL' } },
    ])
  })

  it('shows an unknown program as its id, accounts and data, with a caution', async () => {
    const summary = await describeTransaction(
      messageBytes([
        {
          programAddress: unknownProgram,
          accounts: [{ address: user, role: AccountRole.WRITABLE_SIGNER }],
          data: bytes(1, 2, 3),
        },
      ]),
    )
    expect(summary.title).toBe('Approve transaction')
    expect(instructionsOf(summary)).toEqual([
      {
        type: 'unknown',
        program: { address: unknownProgram, name: undefined, isAccount: false },
        instructionName: undefined,
        accounts: [{ address: user, name: undefined, isAccount: true }],
        data: '0x010203',
        byteLength: 3,
      },
    ])
    expect(summary.warnings).toEqual([
      {
        level: 'caution',
        message: `The wallet cannot decode every instruction. Approve only if you trust ${origin}.`,
      },
    ])
  })

  it('warns about token delegations and marks accounts from lookup tables', async () => {
    const lookupTable = (await generateKeyPairSigner()).address
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayer(user, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
      (draft) => appendTransactionMessageInstructions([tokenApprove(2n ** 64n - 1n)], draft),
      (draft) =>
        compressTransactionMessageUsingAddressLookupTables(draft, {
          [lookupTable]: [recipient],
        }),
    )
    const summary = await describeTransaction(
      new Uint8Array(compileTransaction(message).messageBytes),
    )
    const [approve] = instructionsOf(summary)
    expect(approve).toMatchObject({
      type: 'tokenApprove',
      delegate: { address: `${lookupTable}[0]`, name: 'Account from an address lookup table' },
    })
    expect(summary.details).toMatchObject({ usesLookupTables: true })
    expect(summary.warnings.map((warning) => warning.level)).toEqual(['danger', 'caution'])
  })

  it('falls back to raw bytes for a message it cannot decode', async () => {
    const summary = await describeTransaction(bytes(0xff, 1, 2))
    expect(summary.details).toEqual({ type: 'raw', data: '0xff0102', byteLength: 3 })
    expect(summary.warnings[0]?.level).toBe('danger')
  })
})

describe('describeApproval: Solana messages', () => {
  const describeMessage = (message: Uint8Array) =>
    describeApproval({ kind: 'solanaMessage', origin, address: user, message }, context)

  it('shows printable UTF-8 as text', async () => {
    const summary = await describeMessage(new TextEncoder().encode('Sign in to Example\nNonce: 1'))
    expect(summary).toMatchObject({
      title: 'Sign message',
      network: { name: 'Solana' },
      warnings: [],
      details: {
        type: 'message',
        text: { encoding: 'utf8', text: 'Sign in to Example\nNonce: 1' },
      },
    })
  })

  it('shows other bytes as hex', async () => {
    const summary = await describeMessage(new Uint8Array(getBase58Encoder().encode(recipient)))
    expect(summary.details).toMatchObject({ text: { encoding: 'hex', byteLength: 32 } })
    expect(summary.warnings[0]?.level).toBe('caution')
  })

  it('warns when the "message" is a transaction', async () => {
    const summary = await describeMessage(messageBytes([solTransfer(1_000_000_000n)]))
    expect(summary.warnings[0]).toEqual({
      level: 'danger',
      message:
        'These bytes are a Solana transaction, not a message: signing them lets the site send it.',
    })
  })

  it('names a known SPL mint and shows its symbol on a checked transfer', async () => {
    const summary = await describeApproval(
      {
        kind: 'solanaTransaction',
        origin,
        address: user,
        messageBytes: messageBytes([transferChecked(2_500_000n, 6), tokenTransfer(42n)]),
      },
      {
        ...context,
        solanaTokens: [{ mint, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
      },
    )
    const [checked, unchecked] = instructionsOf(summary)
    expect(checked).toMatchObject({
      type: 'tokenTransfer',
      mint: { address: mint, name: 'USD Coin (USDC)' },
      amount: { value: 2_500_000n, formatted: '2.5 USDC' },
    })
    // A plain transfer names no mint: its amount stays in base units.
    expect(unchecked).toMatchObject({ mint: undefined, amount: { formatted: '42 base units' } })
  })
})
