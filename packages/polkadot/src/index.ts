export {
  type ApiPool,
  type CreateApiPoolErrorType,
  type CreateApiPoolParameters,
  type CreateApiPoolReturnType,
  createApiPool,
} from './actions/createApiPool.ts'
export {
  type GetFreeBalanceErrorType,
  type GetFreeBalanceParameters,
  type GetFreeBalanceReturnType,
  getFreeBalance,
} from './actions/getFreeBalance.ts'
export {
  type SendBalanceTransferErrorType,
  type SendBalanceTransferParameters,
  type SendBalanceTransferReturnType,
  sendBalanceTransfer,
} from './actions/sendBalanceTransfer.ts'
export {
  type SignRawMessageErrorType,
  type SignRawMessageParameters,
  type SignRawMessageReturnType,
  signRawMessage,
} from './actions/signRawMessage.ts'
export {
  type ToPolkadotAddressErrorType,
  type ToPolkadotAddressParameters,
  type ToPolkadotAddressReturnType,
  toPolkadotAddress,
} from './actions/toPolkadotAddress.ts'
export { toWalletError } from './actions/toWalletError.ts'
export {
  type VerifyPolkadotMessageErrorType,
  type VerifyPolkadotMessageParameters,
  type VerifyPolkadotMessageReturnType,
  verifyPolkadotMessage,
} from './actions/verifyPolkadotMessage.ts'
export {
  type CreateInjectedConnectorParameters,
  createInjectedConnector,
  toConnectorId,
} from './createInjectedConnector.ts'
export { ENABLED_EXTENSIONS_KEY } from './enabledExtensions.ts'
export {
  AccountNotConnectedError,
  BaseError,
  ExtensionNotSupportedError,
  InvalidPolkadotAddressError,
  MethodNotSupportedError,
  PalletNotFoundError,
  RpcConnectionError,
  TokenNotSupportedError,
  TransactionFailedError,
  UserRejectedRequestError,
} from './errors.ts'
export {
  describeExtension,
  type ExtensionDescription,
  KNOWN_EXTENSIONS,
  readInjectedExtensions,
} from './extensions.ts'
export {
  type CreatePolkadotNetworkParameters,
  createPolkadotNetwork,
  GENERIC_SS58_PREFIX,
  getSs58Prefix,
  getWsUrl,
  kusama,
  polkadot,
} from './networks.ts'
export {
  type PolkadotAdapter,
  type PolkadotAdapterParameters,
  polkadotAdapter,
} from './polkadotAdapter.ts'
export type {
  Injected,
  InjectedAccount,
  InjectedAccounts,
  InjectedExtension,
  InjectedSigner,
  InjectedWeb3,
  PolkadotConnector,
  PolkadotKeypairType,
  PolkadotNetwork,
  PolkadotSignMessageParameters,
  SignerPayloadJSON,
  SignerPayloadRaw,
  SignerResult,
} from './types.ts'
