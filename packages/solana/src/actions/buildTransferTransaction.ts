import type { CaipNetwork } from '@foyer/core'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  fetchEncodedAccount,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  fetchMaybeToken,
  fetchMint,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { InsufficientTokenBalanceError, type InvalidSolanaAddressError } from '../errors.ts'
import { createRpc } from './createRpc.ts'
import { toAddress } from './toAddress.ts'

export type BuildTransferTransactionParameters = {
  network: CaipNetwork
  /** Sender; pays the fee (and the receiver's token account rent when one is created). */
  from: string
  to: string
  /** Base units: lamports for SOL, the token's smallest unit for SPL. */
  amount: bigint
  /** SPL token mint; SOL when absent. */
  mint?: string | undefined
}
export type BuildTransferTransactionReturnType = {
  /** Unsigned wire transaction (v0), for `solana:signTransaction` / `solana:signAndSendTransaction`. */
  transaction: Uint8Array
  /** True when the receiver had no associated token account and the transaction creates it. */
  createsTokenAccount: boolean
}
export type BuildTransferTransactionErrorType =
  | InvalidSolanaAddressError
  | InsufficientTokenBalanceError
  | Error

/**
 * Builds a SOL transfer (System Program) or an SPL transfer (`transferChecked` between associated
 * token accounts, creating the receiver's when missing), with a fresh blockhash, for the wallet to
 * sign. The wallet signs, so the message is compiled without signatures.
 */
export async function buildTransferTransaction(
  parameters: BuildTransferTransactionParameters,
): Promise<BuildTransferTransactionReturnType> {
  const from = toAddress(parameters.from)
  const to = toAddress(parameters.to)
  const { amount } = parameters
  const rpc = createRpc(parameters)
  // Only addresses are needed here; the wallet holds the key.
  const sender = createNoopSigner(from)
  const instructions: Instruction[] = []
  let createsTokenAccount = false

  if (parameters.mint === undefined) {
    instructions.push(getTransferSolInstruction({ source: sender, destination: to, amount }))
  } else {
    const mint = toAddress(parameters.mint)
    const tokenProgram = TOKEN_PROGRAM_ADDRESS
    const [[source], [destination], mintAccount] = await Promise.all([
      findAssociatedTokenPda({ owner: from, mint, tokenProgram }),
      findAssociatedTokenPda({ owner: to, mint, tokenProgram }),
      fetchMint(rpc, mint),
    ])
    const [sourceAccount, destinationAccount] = await Promise.all([
      fetchMaybeToken(rpc, source),
      fetchEncodedAccount(rpc, destination),
    ])
    const held = sourceAccount.exists ? sourceAccount.data.amount : 0n
    if (held < amount)
      throw new InsufficientTokenBalanceError({
        details: `${from} holds ${held} base units of ${mint}, ${amount} requested.`,
      })
    if (!destinationAccount.exists) {
      createsTokenAccount = true
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: sender,
          ata: destination,
          owner: to,
          mint,
          tokenProgram,
        }),
      )
    }
    instructions.push(
      getTransferCheckedInstruction({
        source,
        mint,
        destination,
        authority: sender,
        amount,
        decimals: mintAccount.data.decimals,
      }),
    )
  }

  const { value: latestBlockhash } = await rpc
    .getLatestBlockhash({ commitment: 'confirmed' })
    .send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayer(from, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  )
  const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  return { transaction, createsTokenAccount }
}
