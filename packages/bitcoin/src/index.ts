export {
  type BroadcastTransactionErrorType,
  type BroadcastTransactionParameters,
  type BroadcastTransactionReturnType,
  broadcastTransaction,
} from './actions/broadcastTransaction.ts'
export {
  type BuildTransferPsbtErrorType,
  type BuildTransferPsbtParameters,
  type BuildTransferPsbtReturnType,
  buildTransferPsbt,
} from './actions/buildTransferPsbt.ts'
export {
  type CreateTransferPsbtErrorType,
  type CreateTransferPsbtParameters,
  type CreateTransferPsbtReturnType,
  createTransferPsbt,
  DUST_LIMITS,
} from './actions/createTransferPsbt.ts'
export {
  type EstimateTransferFeeErrorType,
  type EstimateTransferFeeParameters,
  type EstimateTransferFeeReturnType,
  estimateTransferFee,
} from './actions/estimateTransferFee.ts'
export {
  type FinalizeTransactionErrorType,
  type FinalizeTransactionParameters,
  type FinalizeTransactionReturnType,
  finalizeTransaction,
} from './actions/finalizeTransaction.ts'
export {
  type GetBitcoinBalanceErrorType,
  type GetBitcoinBalanceParameters,
  type GetBitcoinBalanceReturnType,
  getBitcoinBalance,
} from './actions/getBitcoinBalance.ts'
export {
  type GetFeeRateErrorType,
  type GetFeeRateParameters,
  type GetFeeRateReturnType,
  getFeeRate,
  MIN_FEE_RATE,
} from './actions/getFeeRate.ts'
export {
  type BitcoinUtxo,
  type GetUtxosErrorType,
  type GetUtxosParameters,
  type GetUtxosReturnType,
  getUtxos,
} from './actions/getUtxos.ts'
export {
  type BitcoinAddressType,
  isBitcoinAddress,
  type ParseBitcoinAddressErrorType,
  type ParseBitcoinAddressParameters,
  type ParseBitcoinAddressReturnType,
  parseBitcoinAddress,
} from './actions/parseBitcoinAddress.ts'
export {
  type RequestEsploraErrorType,
  type RequestEsploraParameters,
  type RequestEsploraReturnType,
  requestEsplora,
} from './actions/requestEsplora.ts'
export {
  type SignBitcoinMessageErrorType,
  type SignBitcoinMessageParameters,
  type SignBitcoinMessageReturnType,
  signBitcoinMessage,
} from './actions/signBitcoinMessage.ts'
export {
  type VerifyBitcoinMessageErrorType,
  type VerifyBitcoinMessageParameters,
  type VerifyBitcoinMessageReturnType,
  verifyBitcoinMessage,
} from './actions/verifyBitcoinMessage.ts'
export {
  type WaitForTransactionErrorType,
  type WaitForTransactionParameters,
  type WaitForTransactionReturnType,
  waitForTransaction,
} from './actions/waitForTransaction.ts'
export {
  type BitcoinAdapter,
  type BitcoinAdapterParameters,
  bitcoinAdapter,
} from './bitcoinAdapter.ts'
export {
  type CreateBitcoinConnectorParameters,
  toConnectorId,
} from './createBitcoinConnector.ts'
export {
  type CreateSatsConnectConnectorParameters,
  createSatsConnectConnector,
  getSatsConnectProvider,
  getSatsConnectWallets,
} from './createSatsConnectConnector.ts'
export {
  type CreateWalletStandardConnectorParameters,
  createWalletStandardConnector,
  isBitcoinWallet,
} from './createWalletStandardConnector.ts'
export {
  AccountNotConnectedError,
  AmountBelowDustError,
  BaseError,
  EsploraRequestError,
  InsufficientFundsError,
  InvalidBitcoinAddressError,
  MethodNotSupportedError,
  PsbtNotSignedError,
  TokenNotSupportedError,
  TransactionFailedError,
  UnsupportedAddressTypeError,
  UserRejectedRequestError,
  WalletFeatureNotSupportedError,
  WalletRequestError,
} from './errors.ts'
export {
  BITCOIN_ADDRESS_FORMATS,
  BITCOIN_REGTEST_GENESIS_HASH,
  type BitcoinAddressFormat,
  type BitcoinNetworkKind,
  type BitcoinWalletChain,
  bitcoin,
  bitcoinRegtest,
  bitcoinTestnet,
  type CreateBitcoinRegtestParameters,
  createBitcoinRegtest,
  toBitcoinNetworkKind,
  toEsploraUrl,
  toWalletStandardChain,
} from './networks.ts'
export type {
  BitcoinAddressPurpose,
  BitcoinConnector,
  BitcoinWallet,
  BitcoinWalletAccount,
  SatsConnectEventName,
  SatsConnectProvider,
  SatsConnectProviderInfo,
  SatsConnectResponse,
  SatsConnectWallet,
  SendTransferParameters,
  SignPsbtParameters,
  SignPsbtReturnType,
} from './types.ts'
export {
  BitcoinConnect,
  type BitcoinConnectFeature,
  type BitcoinConnectInput,
  type BitcoinConnectOutput,
  type BitcoinInputToSign,
  type BitcoinSigHashFlag,
  BitcoinSignMessage,
  type BitcoinSignMessageFeature,
  type BitcoinSignMessageInput,
  type BitcoinSignMessageOutput,
  BitcoinSignTransaction,
  type BitcoinSignTransactionFeature,
  type BitcoinSignTransactionInput,
  type BitcoinSignTransactionOutput,
  SatsConnectFeature,
} from './walletStandardFeatures.ts'
