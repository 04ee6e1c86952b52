export {
  BaseError,
  type BaseErrorParameters,
  InvalidDevnetFileError,
  MobileWalletListenError,
  WalletRequestError,
} from './errors.ts'
export type {
  MobileWalletAccount,
  MobileWalletChain,
  MobileWalletConfig,
  MobileWalletSolana,
  MobileWalletSolanaAccount,
} from './page/types.ts'
export {
  type StartMobileWalletErrorType,
  type StartMobileWalletParameters,
  type StartMobileWalletReturnType,
  startMobileWallet,
} from './startMobileWallet.ts'
