export {
  type AnswerCosmosRequestErrorType,
  type AnswerCosmosRequestParameters,
  type AnswerCosmosRequestReturnType,
  answerCosmosRequest,
  COSMOS_WALLETCONNECT_METHODS,
} from './answerCosmosRequest.ts'
export {
  COSMOS_TEST_WALLET_NAME,
  type CosmosTestWallet,
  type CosmosTestWalletBehaviour,
  type CosmosTestWalletChain,
  type CosmosTestWalletKey,
  type CosmosTestWalletKeyInfo,
  type CreateCosmosTestWalletParameters,
  createCosmosTestWallet,
  type KeplrSignDoc,
  type SuggestedChainInfo,
} from './createCosmosTestWallet.ts'
export { BaseError, KeplrWalletError } from './errors.ts'
export { COSMOS_TEST_WALLET_ICON } from './icon.ts'
export {
  type InjectCosmosTestWalletParameters,
  type InjectCosmosTestWalletReturnType,
  injectCosmosTestWallet,
} from './injectCosmosTestWallet.ts'
