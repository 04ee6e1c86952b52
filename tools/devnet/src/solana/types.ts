import type { Address } from '@solana/kit'
import type { SolanaDevAccount } from './solanaDevAccounts.ts'

export type SolanaDevnetToken = { address: Address; symbol: string; name: string; decimals: number }

/** The description of a running Solana devnet. */
export type SolanaDevnet = {
  /** HTTP JSON-RPC, for `createSolanaRpc`. */
  rpcUrl: string
  /** WebSocket subscriptions on the same port, for `createSolanaRpcSubscriptions`. */
  wsUrl: string
  /** What `getGenesisHash` answers; identifies this local cluster. */
  genesisHash: string
  tokens: SolanaDevnetToken[]
  /** 10 accounts from the dev mnemonic on `m/44'/501'/i'/0'`, each with 1000 SOL and 1,000,000 USDC. */
  accounts: SolanaDevAccount[]
  /** Pays for the seeding and is the USDC mint authority. */
  deployer: SolanaDevAccount
  /**
   * The on-ramp sandbox's treasury (`m/44'/501'/11'/0'`): 100,000 SOL and 100,000,000 USDC
   * (`solanaOnRampTreasuryAmounts`). It delivers test purchases.
   */
  onRampTreasury?: SolanaDevAccount | undefined
}
