import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { LiteSVM } from 'litesvm'
import type { SvmRpc } from './createSvmRpc.ts'
import type { SolanaDevnetToken } from './types.ts'

export type SeedSolanaWorldParameters = {
  svm: LiteSVM
  rpc: SvmRpc
  /** Pays for everything and is the token's mint authority. */
  deployer: KeyPairSigner
  /** The token's mint account; its address is the token's address. */
  mint: KeyPairSigner
  accounts: readonly KeyPairSigner[]
}

/** Lamports every dev account (and the deployer) starts with: 1000 SOL. */
export const solanaDevAccountLamports = 1_000_000_000_000n
/** Whole tokens of the devnet USDC every dev account starts with. */
export const solanaFundedUsdc = 1_000_000n

/**
 * Airdrops SOL to the dev accounts and creates a USDC-like SPL token (6 decimals) with a funded
 * associated token account for each, through real transactions of the System, Token and
 * Associated Token programs.
 */
export async function seedSolanaWorld(
  parameters: SeedSolanaWorldParameters,
): Promise<SolanaDevnetToken[]> {
  const { svm, rpc, deployer, mint, accounts } = parameters
  const decimals = 6
  for (const account of [deployer, ...accounts]) {
    rpc.request('requestAirdrop', [account.address, Number(solanaDevAccountLamports)])
  }

  const send = async (instructions: Instruction[]) => {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(deployer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            blockhash: svm.latestBlockhash() as Blockhash,
            lastValidBlockHeight: rpc.slot() + 150n,
          },
          m,
        ),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    rpc.sendTransaction(await signTransactionMessageWithSigners(message))
  }

  const space = BigInt(getMintSize())
  await send([
    getCreateAccountInstruction({
      payer: deployer,
      newAccount: mint,
      lamports: lamports(svm.minimumBalanceForRentExemption(space)),
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals,
      mintAuthority: deployer.address,
    }),
  ])
  for (const account of accounts) {
    const [token] = await findAssociatedTokenPda({
      mint: mint.address,
      owner: account.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    await send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: deployer,
        ata: token,
        owner: account.address,
        mint: mint.address,
      }),
      getMintToInstruction({
        mint: mint.address,
        token,
        mintAuthority: deployer,
        amount: solanaFundedUsdc * 10n ** BigInt(decimals),
      }),
    ])
  }
  return [{ address: mint.address, symbol: 'USDC', name: 'USD Coin (Devnet)', decimals }]
}
