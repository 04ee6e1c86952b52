export {
  type ApproveFarcasterSignInErrorType,
  type ApproveFarcasterSignInParameters,
  type ApproveFarcasterSignInReturnType,
  approveFarcasterSignIn,
  type FarcasterSignInRequest,
  type FarcasterTestAccount,
  readFarcasterSignInUrl,
} from './approveFarcasterSignIn.ts'
export {
  BaseError,
  type BaseErrorParameters,
  FarcasterRelayRequestError,
  InvalidFarcasterAccountError,
  InvalidSignInUrlError,
  SignInMessageError,
} from './errors.ts'
export {
  createFarcasterPageHandler,
  escapeHtml,
  type FarcasterPageHandler,
  type FarcasterPageOptions,
  farcasterApprovePath,
  farcasterPagePath,
  farcasterPageTitle,
} from './farcasterPage.ts'
export { readFarcasterAccounts } from './readFarcasterAccounts.ts'
