export {
  type CreateFarcasterRelayErrorType,
  type CreateFarcasterRelayParameters,
  type CreateFarcasterRelayReturnType,
  createFarcasterRelay,
  type FarcasterChannel,
  farcasterRelayLimits,
} from './createFarcasterRelay.ts'
export {
  BaseError,
  type BaseErrorParameters,
  FarcasterRelayListenError,
  InvalidFarcasterRelayParametersError,
} from './errors.ts'
export {
  type AuthenticateRequest,
  type CreateChannelRequest,
  type FarcasterAuthMethod,
  validateAuthenticateRequest,
  validateCreateChannelRequest,
} from './validateRequests.ts'
