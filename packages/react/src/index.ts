// The light entry: provider, hooks and buttons. The dialog is loaded with import() on demand.
export { ConnectButton, type ConnectButtonProps } from './components/ConnectButton.tsx'
export {
  type ConnectButtonAccount,
  type ConnectButtonChain,
  ConnectButtonCustom,
  type ConnectButtonCustomProps,
  type ConnectButtonRenderProps,
} from './components/ConnectButtonCustom.tsx'
export {
  Identicon,
  type IdenticonProps,
  identiconSvg,
  identiconUrl,
} from './components/Identicon.tsx'
export { NetworkButton, type NetworkButtonProps } from './components/NetworkButton.tsx'
export {
  NetworkIcon,
  type NetworkIconProps,
  networkIconSvg,
  networkIconUrl,
} from './components/NetworkIcon.tsx'
export type { UseConnectButtonStateParameters } from './components/useConnectButtonState.ts'
export { FoyerContext, type FoyerContextValue } from './context.ts'
export { FoyerProviderNotFoundError } from './errors.ts'
export { FoyerProvider, type FoyerProviderProps } from './FoyerProvider.tsx'
export { type UseAccountReturnType, useAccount } from './hooks/useAccount.ts'
export type { AccountQuery } from './hooks/useAccountQuery.ts'
export { type UseAssetsReturnType, useAssets } from './hooks/useAssets.ts'
export type { AsyncAction, AsyncActionState, AsyncActionStatus } from './hooks/useAsyncAction.ts'
export {
  type UseBalanceParameters,
  type UseBalanceReturnType,
  useBalance,
} from './hooks/useBalance.ts'
export {
  type UseCallsStatusParameters,
  type UseCallsStatusReturnType,
  useCallsStatus,
} from './hooks/useCallsStatus.ts'
export { type UseCapabilitiesReturnType, useCapabilities } from './hooks/useCapabilities.ts'
export { type UseConnectReturnType, useConnect } from './hooks/useConnect.ts'
export { type UseConnectorsReturnType, useConnectors } from './hooks/useConnectors.ts'
export { type UseDialogReturnType, useDialog } from './hooks/useDialog.ts'
export { type UseDisconnectReturnType, useDisconnect } from './hooks/useDisconnect.ts'
export { useFeatures } from './hooks/useFeatures.ts'
export { type UseFoyerReturnType, useFoyer } from './hooks/useFoyer.ts'
export { shallowEqual, useFoyerState } from './hooks/useFoyerState.ts'
export {
  type UseGrantPermissionsReturnType,
  useGrantPermissions,
} from './hooks/useGrantPermissions.ts'
export { type UseNetworkReturnType, useNetwork } from './hooks/useNetwork.ts'
export {
  type UseRevokePermissionsReturnType,
  useRevokePermissions,
} from './hooks/useRevokePermissions.ts'
export { type UseSendCallsReturnType, useSendCalls } from './hooks/useSendCalls.ts'
export { type UseSessionReturnType, useSession } from './hooks/useSession.ts'
export {
  type UseSessionsParameters,
  type UseSessionsReturnType,
  useSessions,
} from './hooks/useSessions.ts'
export { type UseSwitchNetworkReturnType, useSwitchNetwork } from './hooks/useSwitchNetwork.ts'
export { type UseThemeModeReturnType, useThemeMode } from './hooks/useThemeMode.ts'
export { type UseToastsReturnType, useToasts } from './hooks/useToasts.ts'
export { type UseWalletInfoReturnType, useWalletInfo } from './hooks/useWalletInfo.ts'
export type { Translate } from './i18n/createTranslator.ts'
export { en, type MessageKey, type Messages } from './i18n/en.ts'
export { prefetchDialog } from './loadDialog.ts'
export { type ConnectorGroup, orderConnectors } from './utils/orderConnectors.ts'
export {
  createConnectorWalletSource,
  type WalletListEntry,
  type WalletPage,
  type WalletPageParameters,
  type WalletSource,
} from './utils/walletSource.ts'
