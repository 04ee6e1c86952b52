export {
  type CreateDevRelayErrorType,
  type CreateDevRelayParameters,
  type CreateDevRelayReturnType,
  createDevRelay,
  type DevRelayLogger,
  type DevRelayStats,
  getSubscriptionId,
  type UnknownMethodCall,
} from './createDevRelay.ts'
export {
  BaseError,
  InvalidAuthTokenError,
  InvalidDidKeyError,
  InvalidJsonRpcMessageError,
  InvalidRelayParamsError,
  RelayListenError,
} from './errors.ts'
export {
  type VerifyRelayAuthTokenErrorType,
  type VerifyRelayAuthTokenParameters,
  type VerifyRelayAuthTokenReturnType,
  verifyRelayAuthToken,
} from './verifyRelayAuthToken.ts'
