/**
 * Every view and state of the dialog and the buttons the gallery shows (`?gallery=1`) and the
 * screenshot suite (e2e/screenshots.e2e.test.ts) photographs. Each item is the demo page opened
 * with the test wallet and `?galleryItem=<id>`, which puts the page into that state with real
 * actions against the local world (see showGalleryItem.ts). No imports: the e2e suite reads it.
 */
export type GalleryItem = {
  id: string
  title: string
  /** What is photographed: the dialog's card, or the page's connect and network buttons. */
  subject: 'dialog' | 'buttons'
  /** Query parameters beyond the gallery's own (`testWallet=1&namespaces=eip155&theme=…`). */
  query?: Readonly<Record<string, string>>
  /**
   * Selectors (inside the dialog) whose boxes change on every run and are masked in screenshots:
   * the WalletConnect QR code encodes a new pairing URI each time.
   */
  masks?: readonly string[]
  /** The state is a loading one: it settles with its skeletons on screen. */
  loading?: boolean
}

export const galleryThemes = ['light', 'dark'] as const
export type GalleryTheme = (typeof galleryThemes)[number]

export const galleryItems: readonly GalleryItem[] = [
  { id: 'connect', title: 'Connect', subject: 'dialog' },
  {
    id: 'connect-loading',
    title: 'Connect: recommended wallets loading (skeletons)',
    subject: 'dialog',
    loading: true,
  },
  { id: 'all-wallets-search', title: 'All Wallets, searching', subject: 'dialog' },
  { id: 'all-wallets-empty', title: 'All Wallets, no match (empty state)', subject: 'dialog' },
  {
    id: 'connecting-external',
    title: 'Connecting: browser extension',
    subject: 'dialog',
    query: { testWalletConnect: 'pending' },
  },
  {
    id: 'connecting-external-error',
    title: 'Connecting: rejected (error state)',
    subject: 'dialog',
    query: { testWalletConnect: 'reject' },
  },
  {
    id: 'connecting-walletconnect',
    title: 'Connecting: WalletConnect QR code',
    subject: 'dialog',
    masks: ['.foyer-qr'],
  },
  {
    id: 'connecting-walletconnect-wallet',
    title: 'Connecting: one wallet over WalletConnect (QR code and deep links)',
    subject: 'dialog',
    masks: ['.foyer-qr'],
  },
  {
    id: 'connecting-multichain',
    title: 'Connecting: choosing the namespace (Connect with … on:)',
    subject: 'dialog',
    query: { namespaces: 'eip155,solana' },
  },
  { id: 'connecting-social', title: 'Connecting: social login, popup open', subject: 'dialog' },
  {
    id: 'connecting-farcaster',
    title: 'Connecting: Farcaster QR code',
    subject: 'dialog',
    // The request's URL is new on every run.
    masks: ['.foyer-qr'],
  },
  { id: 'email-code', title: 'Email login: the code', subject: 'dialog' },
  { id: 'account-tokens', title: 'Account: Tokens', subject: 'dialog' },
  { id: 'account-nfts', title: 'Account: NFTs', subject: 'dialog' },
  {
    id: 'account-activity',
    title: 'Account: Activity',
    subject: 'dialog',
    // Block times of the devnet's deployment, which happens when the world starts.
    masks: ['[data-foyer-activity] time'],
  },
  { id: 'send', title: 'Send', subject: 'dialog' },
  { id: 'send-error', title: 'Send: insufficient balance (error state)', subject: 'dialog' },
  { id: 'receive', title: 'Receive: EVM', subject: 'dialog' },
  {
    id: 'receive-solana',
    title: 'Receive: Solana',
    subject: 'dialog',
    query: { namespaces: 'eip155,solana' },
  },
  { id: 'switch-network', title: 'Switch network', subject: 'dialog' },
  {
    id: 'unsupported-chain',
    title: 'Unsupported network',
    subject: 'dialog',
    query: { networks: '31338' },
  },
  { id: 'button-disconnected', title: 'Buttons: not connected', subject: 'buttons' },
  {
    id: 'button-connecting',
    title: 'Buttons: connecting',
    subject: 'buttons',
    query: { testWalletConnect: 'pending' },
  },
  { id: 'button-connected', title: 'Buttons: connected', subject: 'buttons' },
  {
    id: 'button-wrong-network',
    title: 'Buttons: wrong network',
    subject: 'buttons',
    query: { networks: '31338' },
  },
]

/** The page that shows `item` in `theme`, relative to the demo's origin. */
export function galleryItemPath(item: GalleryItem, theme: GalleryTheme): string {
  const query = new URLSearchParams({
    testWallet: '1',
    namespaces: 'eip155',
    theme,
    ...item.query,
    galleryItem: item.id,
  })
  return `/?${query}`
}
