// What only a connecting or connected button needs (the spinner, the account's identicon, the
// network's mark, the shortened address, the balance action, the connected content): a chunk of
// its own, loaded once a connection starts, so a page's first load carries none of it.
export { getBalance } from '@foyer/core'
export { ConnectedButtonContent, WarningIcon } from './ConnectedButtonContent.tsx'
export { ConnectingSpinner } from './ConnectingSpinner.tsx'
export { connectedState } from './connectedState.ts'
export { networkIconUrl } from './NetworkIcon.tsx'
