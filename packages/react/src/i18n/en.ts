import { pageMessages } from './pageMessages.ts'

/**
 * The English message catalog: every user-facing string of @foyer/react. Loaded with the dialog;
 * the buttons on the host page need only `pageMessages`.
 * Placeholders are written `{name}` and filled by `formatMessage`.
 */
export const en = {
  ...pageMessages,

  // Dialog chrome
  'dialog.close': 'Close',
  'dialog.back': 'Back',
  'header.switchNetwork': 'Switch network:',
  'dialog.loading': 'Loading…',
  'dialog.notAvailable.title': 'Not available',
  'dialog.notAvailable.body': 'This part of the dialog ({view}) is not available yet.',

  // View titles
  'view.Connect.title': 'Connect Wallet',
  'view.AllWallets.title': 'All Wallets',
  'view.ConnectingExternal.title': '{name}',
  'view.Account.title': 'Account',
  'view.SwitchNetwork.title': 'Choose Network',
  'view.UnsupportedChain.title': 'Switch Network',
  'view.SwitchActiveChain.title': 'Switch to {name}',
  'view.ConnectingWalletConnect.title': '{name}',
  'view.ConnectingWalletConnectBasic.title': 'WalletConnect',
  'view.Send.title': 'Send',
  'view.Receive.title': 'Receive',
  'view.EmailLogin.title': 'Continue with Email',
  'view.EmailVerifyDevice.title': 'Register Device',
  'view.EmailVerifyOtp.title': 'Confirm Email',
  'view.UpdateEmailWallet.title': 'Update Email',
  'view.ConnectingSocial.title': 'Continue with {name}',
  'view.ConnectingFarcaster.title': 'Sign in with Farcaster',

  // Connect
  'connect.section.wallet': 'Wallets',
  'connect.allWallets': 'All Wallets',
  'connect.noWallets': 'No wallets found. Install a browser extension wallet to continue.',
  'connect.tag.installed': 'Installed',
  'connect.tag.recent': 'Recent',
  'connect.tag.recommended': 'Recommended',
  'connect.section.email': 'Email',
  'connect.section.social': 'Social',

  // Social and Farcaster login (embedded wallet)
  'social.continueWith': 'Continue with {name}',
  'social.more': 'More sign-in options',
  'social.fewer': 'Fewer sign-in options',
  'social.started': 'Continue in the {name} window that opened.',
  'social.userDataRequested': 'Getting your account from {name}…',
  'social.success': 'Connected with {name}',
  'social.retry': 'Try again',
  'farcaster.scan': 'Scan with your phone, or open it in your Farcaster app, to sign in.',
  'farcaster.qrLabel': 'Sign In With Farcaster QR code',
  'farcaster.preparing': 'Preparing the sign-in request…',
  'farcaster.waiting': 'Waiting for your approval in Farcaster…',
  'farcaster.open': 'Open in Farcaster',

  // Email login (embedded wallet)
  'email.intro': 'Log in with your email. We email you a one-time code.',
  'email.label': 'Email address',
  'email.placeholder': 'you@example.com',
  'email.submit': 'Continue',
  'email.sending': 'Sending…',
  'passkey.continue': 'Continue with a passkey',
  'passkey.waiting': 'Waiting for your passkey…',
  'emailDevice.title': 'Approve this device',
  'emailDevice.body': 'Approve this device from the link we emailed to {email}.',
  'otp.label': 'Verification code',
  'otp.description': 'Enter the 6-digit code we emailed to {email}.',
  'otp.submit': 'Verify',
  'otp.verifying': 'Verifying…',
  'otp.resend': 'Resend code',
  'otp.resent': 'A new code is on its way.',
  'updateEmail.open': 'Update email',
  'updateEmail.current': 'Current email: {email}',
  'updateEmail.label': 'New email address',
  'updateEmail.success': 'Email updated to {email}',
  'walletSecurity.setUp': 'Set up recovery',
  'walletSecurity.manage': 'Recovery methods',
  'walletSecurity.export': 'Export key',
  'walletSecurity.unlock': 'Recover wallet on this device',
  'walletSecurity.noMethod':
    'No recovery method yet: if this browser loses its data, your wallet is lost with it.',
  'walletSecurity.locked': 'This device cannot sign yet. Recover your wallet here to use it.',
  'walletSecurity.operatorRecovery': "This app's operator can also recover your wallet.",

  // All wallets
  'allWallets.searchLabel': 'Search wallets',
  'allWallets.searchPlaceholder': 'Search wallet',
  'allWallets.noResults': 'No wallet found',
  'allWallets.loadError': 'Could not load wallets',
  'allWallets.retry': 'Try again',
  'allWallets.count': '{count} wallets',

  // Connecting to an external wallet
  'connecting.waiting': 'Continue in {name}',
  'connecting.waitingDetail': 'Accept the connection request in the wallet',
  'connecting.retry': 'Try again',

  // Account
  'account.copyAddress': 'Copy address',
  'account.loggedInWith': 'Signed in with {provider} as {name}',
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.disconnect': 'Disconnect',
  'account.balance': 'Balance',
  'account.network': 'Network',
  'account.tabs': 'Account',
  'account.tab.Tokens': 'Tokens',
  'account.tab.NFTs': 'NFTs',
  'account.tab.Activity': 'Activity',
  'account.feature.onramp': 'Buy',
  'account.feature.swaps': 'Swap',
  'account.feature.receive': 'Receive',
  'account.feature.send': 'Send',

  // Account: tokens, NFTs, activity
  'tokens.listLabel': 'Token balances',
  'tokens.total': 'Total value {value}',
  'tokens.price': '{price} per token',
  'tokens.noPrice': 'No price available',
  'tokens.empty': 'No tokens on this network',
  'tokens.unavailable': 'Token Balance Unavailable',
  'nfts.listLabel': 'NFTs',
  'nfts.empty': 'No NFTs on this network',
  'nfts.loadError': 'Could not load NFTs',
  'nfts.retry': 'Try again',
  'nfts.back': 'Back to NFTs',
  'nfts.tokenId': 'Token ID',
  'nfts.contract': 'Contract',
  'activity.listLabel': 'Transactions',
  'activity.empty': 'No transactions yet',
  'activity.loadError': 'Could not load activity',
  'activity.retry': 'Try again',
  'activity.unsupported': 'Activity is available on EVM networks only',
  'activity.explorer': 'View on {explorer}',
  'activity.operation.send': 'Sent',
  'activity.operation.receive': 'Received',
  'activity.operation.trade': 'Swapped',
  'activity.operation.execute': 'Contract call',
  'activity.status.confirmed': 'Confirmed',
  'activity.status.failed': 'Failed',
  'activity.status.pending': 'Pending',

  // Networks
  'switchNetwork.current': 'Connected',
  'switchNetwork.selected': 'Selected',
  'switchNetwork.approve': 'Approve the network switch in your wallet',
  'switchNetwork.failed': 'Could not switch to {name}',
  'switchNetwork.testnet': 'Testnet',
  'unsupportedChain.body':
    'The network your wallet is connected to is not supported by this app. Switch to one of the networks below.',
  'unsupportedChain.disconnect': 'Disconnect',
  'switchActiveChain.body':
    'Your connected wallet does not support {name}. Connect a wallet for {name} to continue; your other wallet stays connected.',
  'switchActiveChain.connect': 'Connect a wallet',

  // Send
  'send.token': 'Token',
  'send.chooseToken': 'Choose a token',
  'send.loadingTokens': 'Loading tokens…',
  'send.tokenOption': '{symbol} — {balance}',
  'send.balance': 'Balance: {balance} {symbol}',
  'send.amount': 'Amount',
  'send.max': 'Max',
  'send.maxLabel': 'Max amount',
  'send.receiver': 'Receiver address',
  'send.fee': 'Network fee ≈ {fee} {symbol}',
  'send.submit': 'Send',
  'send.sending': 'Sending…',
  'send.unsupported': 'Sending from {name} is not supported yet.',

  // Receive
  'receive.qrLabel': 'QR code of your address',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
  'receive.networks': 'Works on these networks',

  // WalletConnect (QR code and deep links)
  'walletConnect.qrLabel': 'WalletConnect QR code',
  'walletConnect.scan': 'Scan this QR code with a WalletConnect wallet on your phone',
  'walletConnect.scanWallet': 'Scan with {name} on your phone, or open it on this device',
  'walletConnect.preparing': 'Preparing the QR code…',
  'walletConnect.copyLink': 'Copy link',
  'walletConnect.copied': 'Link copied',
  'walletConnect.copyFailed': 'Could not copy the link',
  'walletConnect.openApp': 'Open {name}',
  'walletConnect.openDesktop': 'Open {name} desktop app',
  'walletConnect.openWeb': 'Open {name} web app',

  // Toasts
  'toasts.region': 'Notifications',

  // Errors the dialog shows, by error class (`errorText` in dialog/components/NetworkList.tsx). English as SPEC §8 and §5 word
  // them; an unknown error shows its own `shortMessage`.
  'error.modalClosed': 'Modal closed',
  'error.connectionRejected': 'Connection rejected',
  'error.connectionFailed': 'Failed to connect',
  'error.disconnectFailed': 'Failed to disconnect',
  'error.popupClosed': 'Popup closed',
  'error.socialInitFailed': 'Failed to initiate social connection',
  'error.farcasterFailed': 'Failed to connect to farcaster',
  'error.noAuthConnector': 'No auth connector found',
  'error.notConnectedToEmail': 'Not connected to email or social',
  'error.connectorNotFound': 'No connector found for connection: {id}',
  'error.invalidConnectionStatus': 'Invalid connection status: {status}',
  'error.notConnected': 'Address or auth connector not found',
  'error.multiWalletNotEnabled': 'Multi-Wallet Not Enabled',
  'error.networkSwitchRejected': 'Network switch rejected',
  'error.unsupportedChain': 'Unsupported chain',
  'error.networkNotFound': 'Network not found',
  'error.switchNetworkFailed': 'Failed to switch network',
  'error.balanceUnavailable': 'Token Balance Unavailable',
  'error.emailCooldown': 'Please try again after {seconds} seconds',
  'error.invalidEmail': 'Enter a valid email address',
  'error.invalidOtp': 'Enter the 6-digit code',
  'error.embeddedWalletLoadFailed': 'Network Error - Could not load embedded wallet',
  'error.embeddedWalletTimeout': 'Embedded Wallet Request Timed Out',
  'error.requestAborted': 'Request was aborted',
  'error.sendAmountAndReceiverRequired': 'An amount and receiver address are required',
  'error.sendTokenRequired': 'A token is required',
  'error.invalidReceiverAddress': 'Invalid receiver address',
  'error.invalidSendAmount': 'Invalid amount',
  'error.insufficientBalance': 'Insufficient balance',
  'error.sendNotSupported': 'Send is not supported on this network',
  'error.sendRejected': 'Transaction rejected',
  'error.transactionFailed': 'Transaction failed',
} as const

/** A key of the message catalog. */
export type MessageKey = keyof typeof en

/** A complete catalog for one locale: every key, translated. */
export type Messages = { readonly [key in MessageKey]: string }
