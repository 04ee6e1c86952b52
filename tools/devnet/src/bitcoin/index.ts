export {
  bitcoinMinerKey,
  type DeriveBitcoinDevAccountsParameters,
  deriveBitcoinDevAccounts,
  regtestNetwork,
} from './bitcoinDevAccounts.ts'
export {
  type CreateEsploraHandlerParameters,
  createEsploraHandler,
  type EsploraHandler,
} from './createEsploraHandler.ts'
export {
  type CreateRegtestChainParameters,
  createRegtestChain,
  type EsploraAddress,
  type EsploraInput,
  type EsploraOutput,
  type EsploraStats,
  type EsploraStatus,
  type EsploraTransaction,
  type EsploraUtxo,
  type RegtestChain,
} from './createRegtestChain.ts'
export { BitcoinTransactionRejectedError, EsploraRequestError } from './errors.ts'
export {
  bitcoinDevAccountSats,
  type StartBitcoinDevnetErrorType,
  type StartBitcoinDevnetParameters,
  type StartBitcoinDevnetReturnType,
  startBitcoinDevnet,
} from './startBitcoinDevnet.ts'
export type { BitcoinDevAccount, BitcoinDevKey, BitcoinDevnet } from './types.ts'
export {
  type VerifyTaprootKeySpendsErrorType,
  type VerifyTaprootKeySpendsParameters,
  verifyTaprootKeySpends,
} from './verifyTaprootKeySpends.ts'
