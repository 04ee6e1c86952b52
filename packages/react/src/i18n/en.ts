/**
 * The English message catalog: every user-facing string of @foyer/react.
 * Placeholders are written `{name}` and filled by `formatMessage`.
 */
export const en = {
  // Buttons on the host page
  'connectButton.connect': 'Connect Wallet',
  'connectButton.connecting': 'Connecting…',
  'networkButton.unknown': 'Unknown network',

  // Dialog chrome
  'dialog.close': 'Close',
  'dialog.back': 'Back',
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

  // Connect
  'connect.section.wallet': 'Wallets',
  'connect.allWallets': 'All Wallets',
  'connect.noWallets': 'No wallets found. Install a browser extension wallet to continue.',
  'connect.tag.installed': 'Installed',
  'connect.tag.recent': 'Recent',

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
  'account.copied': 'Address copied',
  'account.copyFailed': 'Could not copy the address',
  'account.disconnect': 'Disconnect',
  'account.balance': 'Balance',
  'account.network': 'Network',

  // Networks
  'switchNetwork.current': 'Connected',
  'switchNetwork.approve': 'Approve the network switch in your wallet',
  'switchNetwork.failed': 'Could not switch to {name}',
  'switchNetwork.testnet': 'Testnet',
  'unsupportedChain.body':
    'The network your wallet is connected to is not supported by this app. Switch to one of the networks below.',
  'unsupportedChain.disconnect': 'Disconnect',

  // Toasts
  'toasts.region': 'Notifications',
} as const

/** A key of the message catalog. */
export type MessageKey = keyof typeof en

/** A complete catalog for one locale: every key, translated. */
export type Messages = { readonly [key in MessageKey]: string }
