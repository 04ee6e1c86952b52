export {
  type CreateDevRelayErrorType,
  type CreateDevRelayParameters,
  type CreateDevRelayReturnType,
  createDevRelay,
  type DevRelayLogger,
  type DevRelayStats,
  getSubscriptionId,
  isLoopbackHost,
  type UnknownMethodCall,
} from './createDevRelay.ts'
export {
  BaseError,
  InvalidAuthTokenError,
  InvalidDidKeyError,
  InvalidJsonRpcMessageError,
  InvalidRelayParamsError,
  MailboxFullError,
  RelayListenError,
  RemoteHostRefusedError,
} from './errors.ts'
export {
  type VerifyRelayAuthTokenErrorType,
  type VerifyRelayAuthTokenParameters,
  type VerifyRelayAuthTokenReturnType,
  verifyRelayAuthToken,
} from './verifyRelayAuthToken.ts'
