export {
  type BuildTransferTransactionErrorType,
  type BuildTransferTransactionParameters,
  type BuildTransferTransactionReturnType,
  buildTransferTransaction,
} from './actions/buildTransferTransaction.ts'
export {
  type CreateRpcParameters,
  type CreateRpcReturnType,
  createRpc,
} from './actions/createRpc.ts'
export {
  type EstimateTransferFeeErrorType,
  type EstimateTransferFeeParameters,
  type EstimateTransferFeeReturnType,
  estimateTransferFee,
} from './actions/estimateTransferFee.ts'
export {
  type GetSolBalanceErrorType,
  type GetSolBalanceParameters,
  type GetSolBalanceReturnType,
  getSolBalance,
} from './actions/getSolBalance.ts'
export {
  type GetTokenBalancesErrorType,
  type GetTokenBalancesParameters,
  type GetTokenBalancesReturnType,
  getTokenBalances,
  type SolanaTokenBalance,
} from './actions/getTokenBalances.ts'
export {
  type RequestClusterErrorType,
  type RequestClusterParameters,
  type RequestClusterReturnType,
  requestCluster,
} from './actions/requestCluster.ts'
export {
  type SendWireTransactionErrorType,
  type SendWireTransactionParameters,
  type SendWireTransactionReturnType,
  sendWireTransaction,
} from './actions/sendWireTransaction.ts'
export { toAddress } from './actions/toAddress.ts'
export {
  type WaitForSignatureErrorType,
  type WaitForSignatureParameters,
  type WaitForSignatureReturnType,
  waitForSignature,
} from './actions/waitForSignature.ts'
export {
  type CreateWalletStandardConnectorParameters,
  createWalletStandardConnector,
  isSolanaWallet,
  toConnectorId,
} from './createWalletStandardConnector.ts'
export {
  AccountNotConnectedError,
  BaseError,
  InsufficientTokenBalanceError,
  InvalidSolanaAddressError,
  MethodNotSupportedError,
  RpcResponseError,
  TransactionFailedError,
  WalletFeatureNotSupportedError,
} from './errors.ts'
export {
  type CreateSolanaLocalnetParameters,
  createSolanaLocalnet,
  SOLANA_LOCALNET_GENESIS_HASH,
  type SolanaWalletChain,
  solanaLocalnet,
  toWalletStandardChain,
} from './networks.ts'
export { type SolanaAdapter, type SolanaAdapterParameters, solanaAdapter } from './solanaAdapter.ts'
export type { SendTransferParameters, SolanaConnector, SolanaWallet } from './types.ts'
