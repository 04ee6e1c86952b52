export {
  type AnswerSolanaRequestErrorType,
  type AnswerSolanaRequestParameters,
  type AnswerSolanaRequestReturnType,
  answerSolanaRequest,
  SOLANA_WALLETCONNECT_METHODS,
} from './answerSolanaRequest.ts'
export {
  type CreateSolanaTestWalletParameters,
  createSolanaTestWallet,
  SOLANA_TEST_WALLET_NAME,
  type SolanaTestWallet,
  type SolanaTestWalletBehaviour,
  type SolanaTestWalletChain,
} from './createSolanaTestWallet.ts'
export { BaseError, SolanaWalletError } from './errors.ts'
export { SOLANA_TEST_WALLET_ICON } from './icon.ts'
export {
  type RegisterSolanaTestWalletParameters,
  type RegisterSolanaTestWalletReturnType,
  registerSolanaTestWallet,
} from './registerSolanaTestWallet.ts'
