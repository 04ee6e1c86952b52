export {
  type CdpApiKey,
  readCdpApiKey,
  type SignCdpJwtParameters,
  signCdpJwt,
  type VerifyCdpJwtParameters,
  verifyCdpJwt,
} from './cdpJwt.ts'
export {
  type CreateOnRampSandboxErrorType,
  type CreateOnRampSandboxParameters,
  type CreateOnRampSandboxReturnType,
  createOnRampSandbox,
  onRampSandboxDefaults,
  onRampSandboxLifetimes,
} from './createOnRampSandbox.ts'
export {
  type CreateOnRampSandboxKeyReturnType,
  createOnRampSandboxKey,
} from './createOnRampSandboxKey.ts'
export { coinbaseUsdcId, currencyId } from './currencies.ts'
export {
  BaseError,
  type BaseErrorParameters,
  DeliveryError,
  InvalidOnRampSandboxParametersError,
  OnRampApiError,
  type OnRampApiErrorType,
  OnRampSandboxListenError,
  UnauthorizedError,
  UnknownPriceError,
} from './errors.ts'
export {
  type OnRampSandboxFromDevnetReturnType,
  onRampSandboxFromDevnet,
  solanaCaip2,
  solanaLocalNetworkName,
} from './fromDevnet.ts'
export { testPaymentDetails } from './paymentDetails.ts'
export { createDefaultUsdPrice, defaultPrices, type UsdPrice, usdStablecoins } from './prices.ts'
export { paymentMethodFeeBasisPoints, paymentMethodLimits } from './quoteMath.ts'
export {
  type OnRampServerEnvParameters,
  onRampServerEnv,
  sandboxProviderName,
} from './serverEnv.ts'
export type {
  SandboxAmount,
  SandboxEvmToken,
  SandboxNetwork,
  SandboxPaymentCurrency,
  SandboxPaymentMethod,
  SandboxSolanaToken,
  SandboxTransaction,
  SandboxTransactionStatus,
} from './types.ts'
