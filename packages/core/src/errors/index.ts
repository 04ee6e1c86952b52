export { BaseError, type BaseErrorParameters, type BaseErrorType } from './base.ts'
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
export {
  BalanceUnavailableError,
  NetworkNotFoundError,
  SwitchNetworkError,
  UnsupportedChainError,
} from './network.ts'
export {
  DEFAULT_CHAIN_ERROR_CODE,
  getErrorCode,
  INVALID_CHAIN_ID_CODE,
  isUserRejectedRequestError,
  UNRECOGNIZED_CHAIN_ID_CODE,
  USER_REJECTED_REQUEST_CODE,
} from './rpc.ts'
