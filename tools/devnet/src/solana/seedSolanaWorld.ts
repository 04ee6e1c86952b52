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
  /** The on-ramp sandbox's treasury, funded with `solanaOnRampTreasuryAmounts` after the accounts. */
  onRampTreasury?: KeyPairSigner | undefined
}

/** Lamports every dev account (and the deployer) starts with: 1000 SOL. */
export const solanaDevAccountLamports = 1_000_000_000_000n
/** Whole tokens of the devnet USDC every dev account starts with. */
export const solanaFundedUsdc = 1_000_000n
/**
 * What the on-ramp sandbox's treasury starts with: 100,000 SOL (in lamports) and 100,000,000 whole
 * USDC, enough for thousands of test purchases at the sandbox's limits.
 */
export const solanaOnRampTreasuryAmounts = {
  lamports: 100_000_000_000_000n,
  usdc: 100_000_000n,
} as const

/**
 * Airdrops SOL to the dev accounts and creates a USDC-like SPL token (6 decimals) with a funded
 * associated token account for each, through real transactions of the System, Token and
 * Associated Token programs.
 */
export async function seedSolanaWorld(
  parameters: SeedSolanaWorldParameters,
): Promise<SolanaDevnetToken[]> {
  const { svm, rpc, deployer, mint, accounts, onRampTreasury } = parameters
  const decimals = 6
  for (const account of [deployer, ...accounts]) {
    rpc.request('requestAirdrop', [account.address, Number(solanaDevAccountLamports)])
  }
  if (onRampTreasury) {
    rpc.request('requestAirdrop', [
      onRampTreasury.address,
      Number(solanaOnRampTreasuryAmounts.lamports),
    ])
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
  const funded = [
    ...accounts.map((account) => ({ owner: account.address, usdc: solanaFundedUsdc })),
    ...(onRampTreasury
      ? [{ owner: onRampTreasury.address, usdc: solanaOnRampTreasuryAmounts.usdc }]
      : []),
  ]
  for (const { owner, usdc } of funded) {
    const [token] = await findAssociatedTokenPda({
      mint: mint.address,
      owner,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    await send([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: deployer,
        ata: token,
        owner,
        mint: mint.address,
      }),
      getMintToInstruction({
        mint: mint.address,
        token,
        mintAuthority: deployer,
        amount: usdc * 10n ** BigInt(decimals),
      }),
    ])
  }
  return [{ address: mint.address, symbol: 'USDC', name: 'USD Coin (Devnet)', decimals }]
}
