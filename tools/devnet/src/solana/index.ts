export {
  type CreateSvmRpcParameters,
  createSvmRpc,
  type SvmNotification,
  type SvmRpc,
} from './createSvmRpc.ts'
export {
  type SeedSolanaWorldParameters,
  seedSolanaWorld,
  solanaDevAccountLamports,
  solanaFundedUsdc,
  solanaOnRampTreasuryAmounts,
} from './seedSolanaWorld.ts'
export {
  type DeriveSolanaDevAccountsParameters,
  deriveSolanaDevAccounts,
  type SolanaDevAccount,
} from './solanaDevAccounts.ts'
export {
  type StartSolanaDevnetErrorType,
  type StartSolanaDevnetParameters,
  type StartSolanaDevnetReturnType,
  startSolanaDevnet,
} from './startSolanaDevnet.ts'
export type { SolanaDevnet, SolanaDevnetToken } from './types.ts'
