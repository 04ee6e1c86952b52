export {
  type AnswerPolkadotRequestErrorType,
  type AnswerPolkadotRequestParameters,
  type AnswerPolkadotRequestReturnType,
  answerPolkadotRequest,
  POLKADOT_WALLETCONNECT_METHODS,
} from './answerPolkadotRequest.ts'
export {
  type CreatePolkadotTestWalletParameters,
  createPolkadotTestWallet,
  POLKADOT_TEST_WALLET_KEY,
  POLKADOT_TEST_WALLET_NAME,
  type PolkadotKeyType,
  type PolkadotTestWallet,
  type PolkadotTestWalletAccount,
  type PolkadotTestWalletBehaviour,
  type PolkadotTestWalletInjected,
  type PolkadotTestWalletKey,
  type PolkadotTestWalletRequest,
} from './createPolkadotTestWallet.ts'
export {
  BaseError,
  cancelled,
  notAllowed,
  PolkadotExtensionError,
  rejectedByUser,
  UnknownAccountError,
} from './errors.ts'
export { POLKADOT_TEST_WALLET_ICON } from './icon.ts'
export {
  type InjectedPolkadotTestWallet,
  type InjectPolkadotTestWalletParameters,
  type InjectPolkadotTestWalletReturnType,
  injectPolkadotTestWallet,
} from './injectPolkadotTestWallet.ts'
