// Actions: one per file, called as `action(foyer, parameters)`.

export type {
  HistoryTransaction,
  HistoryTransfer,
  Nft,
  WalletListEntry as RegistryWallet,
} from '@foyer/protocol'
export {
  type NameSuggestion,
  nameLabelProblem,
  onRampLimit,
  onRampLimitMessage,
} from '@foyer/protocol'
export {
  type AddPendingTransactionParameters,
  addPendingTransaction,
} from './actions/addPendingTransaction.ts'
export { type CloseReturnType, close } from './actions/close.ts'
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
} from './actions/connect.ts'
// Embedded wallet (email login): the connector contract, its actions and error mapping.
export {
  type ConnectEmailErrorType,
  type ConnectEmailParameters,
  type ConnectEmailReturnType,
  connectEmail,
} from './actions/connectEmail.ts'
export {
  type ConnectFarcasterErrorType,
  type ConnectFarcasterParameters,
  type ConnectFarcasterReturnType,
  connectFarcaster,
} from './actions/connectFarcaster.ts'
export {
  type ConnectPasskeyErrorType,
  type ConnectPasskeyParameters,
  type ConnectPasskeyReturnType,
  connectPasskey,
} from './actions/connectPasskey.ts'
export {
  type ConnectSocialErrorType,
  type ConnectSocialParameters,
  type ConnectSocialReturnType,
  connectSocial,
  SOCIAL_POPUP_SIZE,
  type SocialLoginStatus,
} from './actions/connectSocial.ts'
export {
  type DisconnectErrorType,
  type DisconnectParameters,
  type DisconnectReturnType,
  disconnect,
} from './actions/disconnect.ts'
export {
  type EstimateSendGasErrorType,
  type EstimateSendGasReturnType,
  estimateSendGas,
} from './actions/estimateSendGas.ts'
export {
  AllowedOriginsError,
  type GetAllowedOriginsErrorType,
  type GetAllowedOriginsReturnType,
  getAllowedOrigins,
} from './actions/getAllowedOrigins.ts'
// EIP-5792 batches, EIP-7811 assets and ERC-7715 smart sessions.
export {
  type GetAssetsErrorType,
  type GetAssetsParameters,
  type GetAssetsReturnType,
  getAssets,
  type WalletAsset,
  type WalletAssetType,
} from './actions/getAssets.ts'
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
} from './actions/getBalance.ts'
export {
  type CallsReceipt,
  type GetCallsStatusErrorType,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from './actions/getCallsStatus.ts'
export {
  type GetCapabilitiesErrorType,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  getCapabilities,
} from './actions/getCapabilities.ts'
export { getConnectedAccount } from './actions/getConnectedAccount.ts'
export { type GetFeaturesReturnType, getFeatures } from './actions/getFeatures.ts'
export {
  type GetIdentityErrorType,
  type GetIdentityParameters,
  type GetIdentityReturnType,
  getIdentity,
} from './actions/getIdentity.ts'
export {
  type GetNameSuggestionsErrorType,
  type GetNameSuggestionsParameters,
  type GetNameSuggestionsReturnType,
  getNameSuggestions,
} from './actions/getNameSuggestions.ts'
export {
  type GetNameZoneErrorType,
  type GetNameZoneReturnType,
  getNameZone,
} from './actions/getNameZone.ts'
export {
  type GetNftsErrorType,
  type GetNftsParameters,
  type GetNftsReturnType,
  getNfts,
} from './actions/getNfts.ts'
export {
  type GetOnRampOptionsErrorType,
  type GetOnRampOptionsParameters,
  type GetOnRampOptionsReturnType,
  getOnRampOptions,
} from './actions/getOnRampOptions.ts'
export {
  checkOnRampAmount,
  type GetOnRampQuoteErrorType,
  type GetOnRampQuoteParameters,
  type GetOnRampQuoteReturnType,
  getOnRampQuote,
} from './actions/getOnRampQuote.ts'
export {
  type GetOnRampTransactionsErrorType,
  type GetOnRampTransactionsParameters,
  type GetOnRampTransactionsReturnType,
  getOnRampTransactions,
} from './actions/getOnRampTransactions.ts'
export { getRecentWallets } from './actions/getRecentWallets.ts'
export { type GetRemoteConfigReturnType, getRemoteConfig } from './actions/getRemoteConfig.ts'
export {
  type GetSendTokenBalancesErrorType,
  type GetSendTokenBalancesParameters,
  type GetSendTokenBalancesReturnType,
  getSendTokenBalances,
} from './actions/getSendTokenBalances.ts'
export { type GetSessionReturnType, getSession } from './actions/getSession.ts'
export {
  type GetSessionsErrorType,
  type GetSessionsParameters,
  type GetSessionsReturnType,
  getSessions,
  type SessionToken,
  type SmartSession,
} from './actions/getSessions.ts'
export {
  type GetSocialLoginsReturnType,
  getSocialLogins,
} from './actions/getSocialLogins.ts'
export {
  type GetSwapQuoteErrorType,
  type GetSwapQuoteParameters,
  type GetSwapQuoteReturnType,
  getSwapQuote,
} from './actions/getSwapQuote.ts'
export {
  type GetSwapTokensErrorType,
  type GetSwapTokensReturnType,
  getSwapTokens,
} from './actions/getSwapTokens.ts'
export {
  filterTokenBalances,
  type GetTokenBalancesErrorType,
  type GetTokenBalancesParameters,
  type GetTokenBalancesReturnType,
  getTokenBalances,
} from './actions/getTokenBalances.ts'
export {
  type GetTransactionHistoryErrorType,
  type GetTransactionHistoryParameters,
  type GetTransactionHistoryReturnType,
  getTransactionHistory,
  NoAddressError,
} from './actions/getTransactionHistory.ts'
export { type GoBackReturnType, goBack } from './actions/goBack.ts'
export {
  type GrantPermissionsErrorType,
  type GrantPermissionsParameters,
  type GrantPermissionsReturnType,
  grantPermissions,
} from './actions/grantPermissions.ts'
export {
  type LoadProfileParameters,
  type LoadProfileReturnType,
  loadProfile,
} from './actions/loadProfile.ts'
export { type LoadRemoteConfigReturnType, loadRemoteConfig } from './actions/loadRemoteConfig.ts'
export { type NavigateParameters, type NavigateReturnType, navigate } from './actions/navigate.ts'
export { type OpenParameters, type OpenReturnType, open } from './actions/open.ts'
export {
  type OpenOnRampCheckoutErrorType,
  type OpenOnRampCheckoutParameters,
  type OpenOnRampCheckoutReturnType,
  onRampPartnerUserId,
  openOnRampCheckout,
} from './actions/openOnRampCheckout.ts'
export {
  RECONNECT_DISCOVERY_TIMEOUT_MS,
  type ReconnectReturnType,
  reconnect,
} from './actions/reconnect.ts'
export {
  type ReconnectRememberedReturnType,
  reconnectRemembered,
} from './actions/reconnectRemembered.ts'
export {
  type RegisterNameErrorType,
  type RegisterNameParameters,
  type RegisterNameReturnType,
  registerName,
} from './actions/registerName.ts'
export {
  type ReloadEmbeddedWalletErrorType,
  type ReloadEmbeddedWalletParameters,
  type ReloadEmbeddedWalletReturnType,
  reloadEmbeddedWallet,
} from './actions/reloadEmbeddedWallet.ts'
export { resetSendForm } from './actions/resetSendForm.ts'
export {
  looksLikeName,
  type ResolveNameErrorType,
  type ResolveNameParameters,
  type ResolveNameReturnType,
  resolveName,
} from './actions/resolveName.ts'
export {
  type RevokePermissionsErrorType,
  type RevokePermissionsParameters,
  type RevokePermissionsReturnType,
  revokePermissions,
} from './actions/revokePermissions.ts'
export {
  type Call,
  type SendCallsErrorType,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from './actions/sendCalls.ts'
export {
  type SendTransactionErrorType,
  type SendTransactionParameters as SendTransactionActionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from './actions/sendTransaction.ts'
export {
  SEND_REJECTED_MESSAGE,
  SEND_SUCCESS_MESSAGE,
  type SendTransferErrorType,
  type SendTransferParameters,
  type SendTransferReturnType,
  sendTransfer,
} from './actions/sendTransfer.ts'
export { type SetDialogLoadingParameters, setDialogLoading } from './actions/setDialogLoading.ts'
export {
  type SetLocaleParameters,
  type SetLocaleReturnType,
  setLocale,
} from './actions/setLocale.ts'
export {
  type SetPreferredAccountTypeErrorType,
  type SetPreferredAccountTypeParameters,
  type SetPreferredAccountTypeReturnType,
  setPreferredAccountType,
} from './actions/setPreferredAccountType.ts'
export {
  type SetReceiverAddressParameters,
  setReceiverAddress,
} from './actions/setReceiverAddress.ts'
export {
  type SetReceiverProfileParameters,
  setReceiverProfile,
} from './actions/setReceiverProfile.ts'
export { type SetSendTokenParameters, setSendToken } from './actions/setSendToken.ts'
export {
  type SetSendTokenAmountParameters,
  setSendTokenAmount,
} from './actions/setSendTokenAmount.ts'
export {
  InvalidThemeModeError,
  type SetThemeModeErrorType,
  type SetThemeModeParameters,
  type SetThemeVariablesParameters,
  setThemeMode,
  setThemeVariables,
} from './actions/setThemeMode.ts'
export { type ShakeDialogReturnType, shakeDialog } from './actions/shakeDialog.ts'
export {
  type DismissAlertParameters,
  dismissAlert,
  type ShowAlertParameters,
  showAlert,
} from './actions/showAlert.ts'
export {
  type HideToastParameters,
  hideToast,
  type ShowToastParameters,
  type ShowToastReturnType,
  showToast,
} from './actions/showToast.ts'
export { type SignInErrorType, type SignInReturnType, signIn } from './actions/signIn.ts'
export {
  type SignMessageErrorType,
  type SignMessageParameters as SignMessageActionParameters,
  type SignMessageReturnType,
  signMessage,
} from './actions/signMessage.ts'
export { signOut } from './actions/signOut.ts'
export {
  type SignTypedDataErrorType,
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
} from './actions/signTypedData.ts'
export {
  type SwapErrorType,
  type SwapParameters,
  type SwapReturnType,
  swap,
} from './actions/swap.ts'
export {
  type SwitchAccountErrorType,
  type SwitchAccountParameters,
  type SwitchAccountReturnType,
  switchAccount,
} from './actions/switchAccount.ts'
export {
  type SwitchConnectionParameters,
  type SwitchConnectionReturnType,
  switchConnection,
} from './actions/switchConnection.ts'
export {
  type SwitchNetworkErrorType,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from './actions/switchNetwork.ts'
export {
  type UpdateEmailErrorType,
  type UpdateEmailParameters,
  type UpdateEmailReturnType,
  updateEmail,
} from './actions/updateEmail.ts'
export {
  type UpdateEmailPrimaryOtpErrorType,
  type UpdateEmailPrimaryOtpParameters,
  type UpdateEmailPrimaryOtpReturnType,
  updateEmailPrimaryOtp,
} from './actions/updateEmailPrimaryOtp.ts'
export {
  type UpdateEmailSecondaryOtpErrorType,
  type UpdateEmailSecondaryOtpParameters,
  type UpdateEmailSecondaryOtpReturnType,
  updateEmailSecondaryOtp,
} from './actions/updateEmailSecondaryOtp.ts'
export {
  type VerifyDeviceErrorType,
  type VerifyDeviceReturnType,
  verifyDevice,
} from './actions/verifyDevice.ts'
export {
  OTP_PATTERN,
  type VerifyOtpErrorType,
  type VerifyOtpParameters,
  type VerifyOtpReturnType,
  verifyOtp,
} from './actions/verifyOtp.ts'
export {
  type WatchAccountParameters,
  type WatchAccountReturnType,
  watchAccount,
} from './actions/watchAccount.ts'
export {
  type NetworkState,
  type WatchNetworkParameters,
  type WatchNetworkReturnType,
  watchNetwork,
} from './actions/watchNetwork.ts'
export {
  type CreateLazyAdapterParameters,
  createLazyAdapter,
  loadAdapters,
} from './adapters/createLazyAdapter.ts'
export * from './alerts.ts'
export {
  type Analytics,
  type StartAnalyticsOptions,
  startAnalytics,
} from './analytics/startAnalytics.ts'
// Foyer server API client (lazy: built on first use from `serverUrl` and `projectId`).
export {
  type ApiClient,
  type ApiRequestOptions,
  type ApiResponse,
  type ApiRouteName,
  type CreateApiClientParameters,
  createApiClient,
  type ImageKind,
  SDK_TYPE,
  SDK_VERSION,
} from './api/createApiClient.ts'
export {
  ApiRequestError,
  InvalidApiResponseError,
  ProjectIdNotConfiguredError,
  ServerNotConfiguredError,
} from './api/errors.ts'
export { getApiClient, hasServer } from './api/getApiClient.ts'
export {
  EmptyCallsError,
  EvmAccountRequiredError,
  INVALID_CALL_TARGET_MESSAGE,
  InvalidCallTargetError,
  InvalidPermissionsRequestError,
  InvalidWalletAnswerError,
  WalletMethodNotSupportedError,
} from './calls/errors.ts'
export { MAX_SESSION_SECONDS, type Permission } from './calls/permissions.ts'
export { assertConnectionStatus } from './connection/assertConnectionStatus.ts'
export {
  MAX_DISCONNECTED_CONNECTIONS,
  restoreDisconnectedConnections,
  type StoredDisconnectedConnection,
} from './connection/disconnectedConnections.ts'
export {
  getActiveConnection,
  hasLiveConnection,
  isLiveConnection,
} from './connection/state.ts'
export * from './constants.ts'
export {
  type CreateFoyerParameters,
  type CreateFoyerReturnType,
  createFoyer,
  type Foyer,
  type FoyerEventListener,
  initialAccountState,
  type ResolvedFoyerConfig,
} from './createFoyer.ts'
export {
  EmailLoginCooldownError,
  FarcasterConnectionError,
  InvalidEmailError,
  InvalidOtpError,
  SocialConnectionInitError,
} from './embedded/errors.ts'
export {
  getConnectedEmbeddedConnector,
  getEmbeddedConnector,
  requireEmbeddedConnection,
} from './embedded/getEmbeddedConnector.ts'
export { embeddedErrorAlert, reportEmbeddedError } from './embedded/reportEmbeddedError.ts'
export {
  type EmailLoginAction,
  type EmbeddedAuthConnector,
  type EmbeddedLoginIdentity,
  type EmbeddedRecoveryStatus,
  isEmbeddedAuthConnector,
} from './embedded/types.ts'
export { createEmitter, type Emitter } from './emitter.ts'
export * from './errors/index.ts'
export {
  InvalidNameError,
  NameSuggestionsError,
  NamesForAddressError,
  NamesNotSupportedError,
  RegisterNameError,
  ResolveNameError,
} from './names/errors.ts'
export {
  InvalidOnRampAmountError,
  OnRampAmountOutOfRangeError,
  OnRampCheckoutError,
  OnRampNetworkNotSupportedError,
  OnRampQuoteUnavailableError,
} from './onramp/errors.ts'
export type {
  OnRampAsset,
  OnRampCheckout,
  OnRampFiatCurrency,
  OnRampOptions,
  OnRampPaymentCurrency,
  OnRampPaymentMethod,
  OnRampQuote,
  OnRampTransaction,
} from './onramp/types.ts'
export {
  InsufficientBalanceError,
  InvalidReceiverAddressError,
  InvalidSendAmountError,
  SendAmountAndReceiverRequiredError,
  SendNotSupportedError,
  SendRejectedError,
  SendTokenRequiredError,
  TransactionFailedError,
} from './send/errors.ts'
export { initialSendState } from './send/initialSendState.ts'
export { parseAmount } from './send/parseAmount.ts'
export { isTokenOnNetwork, tokenContractAddress } from './send/publicClient.ts'
export type { PendingTransaction, SendState } from './send/types.ts'
export {
  firstSendFormError,
  type SendFormErrors,
  type ValidateSendFormParameters,
  validateSendForm,
} from './send/validateSendForm.ts'
export { createServerSiwxVerifier } from './siwx/createServerSiwxVerifier.ts'
export { createSiwxMessage } from './siwx/createSiwxMessage.ts'
export { SiwxNotConfiguredError, SiwxSignInError } from './siwx/errors.ts'
export type {
  SiwxConfig,
  SiwxMessageFields,
  SiwxSession,
  SiwxState,
  SiwxStatus,
  SiwxVerifier,
} from './siwx/types.ts'
export {
  type BaseStorage,
  type CreateStorageParameters,
  cookieStorage,
  createMemoryStorage,
  createStorage,
  getDefaultStorage,
  parseCookie,
  type Storage,
} from './storage/createStorage.ts'
export { STORAGE_KEYS } from './storage/keys.ts'
export { addRecentWallet } from './storage/recentWallets.ts'
export {
  InvalidSwapAmountError,
  SwapFailedError,
  SwapNetworkNotSupportedError,
  SwapQuoteUnavailableError,
} from './swap/errors.ts'
export type { SwapQuote, SwapToken } from './swap/types.ts'
export type {
  AccountTypes,
  ConnectMethod,
  ConnectorTypeOrderEntry,
  Features,
  FoyerConfig,
  Metadata,
  ResolvedThemeMode,
  SocialOption,
  SocialProvider,
  ThemeMode,
  ThemeVariables,
  WalletFeature,
} from './types/config.ts'
export { SOCIAL_PROVIDERS } from './types/config.ts'
export {
  ACCOUNT_TYPES,
  type AccountType,
  type Adapter,
  type AdapterAppContext,
  type AdapterSetupParameters,
  type Connector,
  type ConnectorAccount,
  type ConnectorEventListener,
  type ConnectorEventMap,
  type ConnectorEventName,
  type ConnectorTransferParameters,
  type ConnectorType,
  type ConnectResult,
  type GetBalanceParameters as AdapterGetBalanceParameters,
  type GetBalanceResult as AdapterGetBalanceResult,
  type RequestArguments,
  type SendTransactionParameters,
  type SignMessageParameters,
  type WalletLinkStatus,
} from './types/connector.ts'
export type { FoyerEvent, FoyerEventType, FoyerEventWithTimestamp } from './types/events.ts'
export {
  type BlockExplorer,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainDefinition,
  type ChainNamespace,
  type NativeCurrency,
  type NetworkInput,
  type RpcUrls,
} from './types/network.ts'
export {
  type AccountState,
  type Alert,
  type AlertVariant,
  CONNECTION_STATUSES,
  type Connection,
  type ConnectionAccount,
  type ConnectionStatus,
  type DialogRoute,
  type DialogState,
  type FoyerState,
  type StoredConnectionStatus,
  type Toast,
  type ToastVariant,
  type TokenBalance,
  type ViewData,
} from './types/state.ts'
export {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './utils/caip.ts'
export { findNetwork } from './utils/findNetwork.ts'
export {
  formatBalance,
  formatFiat,
  formatUnits,
  shortenAddress,
  shortenDisplayName,
} from './utils/format.ts'
export {
  hexToNumber,
  IntegerOutOfRangeError,
  InvalidHexError,
  isHex,
  numberToHex,
  toChainIdNumber,
} from './utils/number.ts'
export { openingView } from './utils/openingView.ts'
export { isOriginAllowed, matchOriginPattern } from './utils/origin.ts'
export {
  REGION_RESTRICTED_FEATURES,
  RESTRICTED_TIME_ZONES,
  resolveFeatures,
  visitorTimeZone,
} from './utils/resolveFeatures.ts'
export { toCaipNetwork } from './utils/toCaipNetwork.ts'
export {
  isCallTarget,
  isEmail,
  isEvmAddress,
  isSignedMessage,
  isSolanaAddress,
  isTransactionHash,
  isValidAccountName,
} from './utils/validation.ts'
export { IDLE_FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, whenIdle } from './utils/whenIdle.ts'
export {
  ACCOUNT_TABS,
  type AccountTab,
  isView,
  SPEC_VIEWS,
  VIEWS,
  type View,
} from './views.ts'
