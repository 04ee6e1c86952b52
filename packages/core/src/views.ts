/** Every dialog view of SPEC §2, plus the feature views the dialog needs for §1's capabilities. */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingExternal',
  /** Chooses the namespace of a wallet whose connectors cannot connect in one go. */
  'ConnectingMultiChain',
  'ConnectingSocial',
  'EmailLogin',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'ProfileWallets',
  'Networks',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Send',
  'Receive',
  'Swap',
  'OnRamp',
  'Activity',
  /** SPEC §1 "Manage smart sessions": the smart account's sessions, each revocable. */
  'SmartSessions',
] as const
export type View = (typeof VIEWS)[number]

/** The views SPEC §2 names. */
export const SPEC_VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'ConnectingExternal',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
] as const satisfies readonly View[]

export const ACCOUNT_TABS = ['Tokens', 'NFTs', 'Activity'] as const
export type AccountTab = (typeof ACCOUNT_TABS)[number]

export function isView(value: unknown): value is View {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value)
}
