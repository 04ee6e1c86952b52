export { InvalidAccountTypeError } from './account.ts'
export { BalanceUnavailableError } from './balance.ts'
export { BaseError, type BaseErrorParameters, type BaseErrorType } from './base.ts'
export {
  DEFAULT_CHAIN_ERROR_CODE,
  INVALID_CHAIN_ID_CODE,
  isInvalidChainIdError,
  SwitchNetworkError,
  SwitchNetworkRejectedError,
  UnsupportedChainError,
} from './chain.ts'
export {
  ConnectionClosedError,
  ConnectionFailedError,
  ConnectorNotFoundError,
  DisconnectFailedError,
  InvalidConnectionStatusError,
  MultiWalletNotEnabledError,
  NoAuthConnectorError,
  NotConnectedError,
  NotConnectedToEmailError,
  PopupClosedError,
  UserRejectedRequestError,
} from './connection.ts'
export { NetworkNotFoundError } from './network.ts'
export {
  getErrorCode,
  getErrorCodes,
  isUnrecognizedChainError,
  isUserRejectedRequestError,
  UNRECOGNIZED_CHAIN_ID_CODE,
  USER_REJECTED_REQUEST_CODE,
} from './rpc.ts'
export { SmartAccountNotEnabledError } from './smartAccount.ts'
