export { ChopsticksStartError, PolkadotFundingError } from './errors.ts'
export {
  type DerivePolkadotDevAccountsParameters,
  type DerivePolkadotDevAccountsReturnType,
  derivePolkadotDevAccounts,
} from './polkadotDevAccounts.ts'
export {
  type ResolveChopsticksCliErrorType,
  type ResolveChopsticksCliReturnType,
  resolveChopsticksCli,
} from './resolveChopsticksCli.ts'
export {
  polkadotDevAccountPlanck,
  type StartPolkadotDevnetErrorType,
  type StartPolkadotDevnetParameters,
  type StartPolkadotDevnetReturnType,
  startPolkadotDevnet,
} from './startPolkadotDevnet.ts'
export type { PolkadotDevAccount, PolkadotDevnet } from './types.ts'
