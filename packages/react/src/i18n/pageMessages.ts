/**
 * The English strings of the components on the host page (buttons). Kept apart from the dialog's
 * catalog so a page that only shows a button does not load every dialog text.
 */
export const pageMessages = {
  'connectButton.connect': 'Connect Wallet',
  'connectButton.connecting': 'Connecting…',
  'networkButton.unknown': 'Unknown network',
  'connectButton.wrongNetwork': 'Wrong network',
} as const
