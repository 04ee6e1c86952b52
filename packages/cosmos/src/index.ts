export {
  type CreateAdr36SignDocParameters,
  type CreateAdr36SignDocReturnType,
  createAdr36SignDoc,
} from './actions/createAdr36SignDoc.ts'
export {
  type EnableCosmosChainErrorType,
  type EnableCosmosChainParameters,
  type EnableCosmosChainReturnType,
  enableCosmosChain,
} from './actions/enableCosmosChain.ts'
export {
  type GetCosmosBalanceErrorType,
  type GetCosmosBalanceParameters,
  type GetCosmosBalanceReturnType,
  getCosmosBalance,
} from './actions/getCosmosBalance.ts'
export {
  type SendCosmosTransferErrorType,
  type SendCosmosTransferParameters,
  type SendCosmosTransferReturnType,
  sendCosmosTransfer,
} from './actions/sendCosmosTransfer.ts'
export {
  type SignCosmosMessageErrorType,
  type SignCosmosMessageParameters,
  type SignCosmosMessageReturnType,
  signCosmosMessage,
} from './actions/signCosmosMessage.ts'
export {
  type ValidateCosmosAddressErrorType,
  type ValidateCosmosAddressParameters,
  type ValidateCosmosAddressReturnType,
  validateCosmosAddress,
} from './actions/validateCosmosAddress.ts'
export {
  type VerifyCosmosMessageErrorType,
  type VerifyCosmosMessageParameters,
  type VerifyCosmosMessageReturnType,
  verifyCosmosMessage,
} from './actions/verifyCosmosMessage.ts'
export { type CosmosAdapter, type CosmosAdapterParameters, cosmosAdapter } from './cosmosAdapter.ts'
export {
  type CosmosWalletTarget,
  type CreateKeplrConnectorParameters,
  createKeplrConnector,
} from './createKeplrConnector.ts'
export {
  AccountNotConnectedError,
  BaseError,
  InvalidCosmosAddressError,
  InvalidCosmosAmountError,
  isWalletRefusal,
  MethodNotSupportedError,
  TransactionFailedError,
  toWalletError,
  WalletNotFoundError,
} from './errors.ts'
export {
  type CosmosChainInfo,
  type CosmosNetwork,
  type CreateCosmosNetworkParameters,
  cosmosHub,
  createCosmosNetwork,
  getCosmosChainInfo,
  isCosmosNetwork,
  type KeplrChainInfo,
  toKeplrChainInfo,
} from './networks.ts'
export type {
  CosmosConnector,
  CosmosKey,
  CosmosSignDoc,
  CosmosWallet,
  SendTransferParameters,
} from './types.ts'
