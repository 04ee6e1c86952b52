export {
  type DeriveCosmosDevAccountsParameters,
  deriveCosmosDevAccounts,
} from './cosmosDevAccounts.ts'
export {
  type AbciResult,
  type CosmosChain,
  type CosmosEvent,
  type CreateCosmosChainParameters,
  createCosmosChain,
  type IncludedTx,
} from './createCosmosChain.ts'
export {
  cosmosDevAccountBalance,
  type StartCosmosDevnetErrorType,
  type StartCosmosDevnetParameters,
  type StartCosmosDevnetReturnType,
  startCosmosDevnet,
} from './startCosmosDevnet.ts'
export type { CosmosDevAccount, CosmosDevnet } from './types.ts'
