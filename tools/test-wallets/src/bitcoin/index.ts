export {
  type AnswerBitcoinRequestErrorType,
  type AnswerBitcoinRequestParameters,
  type AnswerBitcoinRequestReturnType,
  answerBitcoinRequest,
  BITCOIN_WALLETCONNECT_METHODS,
} from './answerBitcoinRequest.ts'
export {
  BITCOIN_TEST_WALLET_METHODS,
  BITCOIN_TEST_WALLET_NAME,
  BITCOIN_TEST_WALLET_PROVIDER_ID,
  type BitcoinTestWallet,
  type BitcoinTestWalletAddress,
  type BitcoinTestWalletBehaviour,
  type BitcoinTestWalletKeyInput,
  type BitcoinTestWalletMethod,
  type CreateBitcoinTestWalletParameters,
  createBitcoinTestWallet,
} from './createBitcoinTestWallet.ts'
export { BaseError, BitcoinWalletError, SATS_CONNECT_ERRORS } from './errors.ts'
export { BITCOIN_TEST_WALLET_ICON } from './icon.ts'
export {
  type RegisterBitcoinTestWalletParameters,
  type RegisterBitcoinTestWalletReturnType,
  registerBitcoinTestWallet,
} from './registerBitcoinTestWallet.ts'
export {
  type BitcoinTestWalletKey,
  type SignPsbtInputsParameters,
  signPsbtInputs,
} from './signPsbtInputs.ts'
