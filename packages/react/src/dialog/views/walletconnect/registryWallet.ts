import type { DevicePlatform } from '../../useDevice.ts'
import type { DeepLinkKind } from './formatDeepLink.ts'

/**
 * A wallet registry entry as the ConnectingWalletConnect view needs it (SPEC §3 wallet list entry:
 * `mobile_link`, `desktop_link`, `webapp_link`, and where to get the wallet), passed as
 * `dialog.data.wallet`.
 */
export type RegistryWallet = {
  id: string
  name: string
  /** Image URL or `data:` URI of the wallet's logo. */
  imageUrl?: string | undefined
  mobile_link?: string | null | undefined
  desktop_link?: string | null | undefined
  webapp_link?: string | null | undefined
  /** Tells whether the wallet is installed here: an installed connector announced the same rdns. */
  rdns?: string | null | undefined
  homepage?: string | null | undefined
  app_store?: string | null | undefined
  play_store?: string | null | undefined
  chrome_store?: string | null | undefined
}

/** What SPEC §3's "deep link choice" stores: the link the visitor last opened a wallet with. */
export type DeepLinkChoice = { walletId: string; name: string; kind: DeepLinkKind; link: string }

export function isRegistryWallet(value: unknown): value is RegistryWallet {
  const wallet = value as Partial<RegistryWallet> | undefined
  return typeof wallet?.id === 'string' && typeof wallet.name === 'string'
}

/**
 * The wallet's links this device can open, in display order: the remembered kind first, then
 * the app (on a phone or tablet) or the desktop app (elsewhere), then the web app.
 */
export function walletLinks(
  wallet: RegistryWallet,
  remembered: DeepLinkKind | undefined,
  isMobile: boolean,
): { kind: DeepLinkKind; link: string }[] {
  const links = (
    [
      ['mobile', isMobile ? wallet.mobile_link : null],
      ['desktop', isMobile ? null : wallet.desktop_link],
      ['web', wallet.webapp_link],
    ] as const
  ).flatMap(([kind, link]) => (link ? [{ kind, link }] : []))
  return links.sort((a, b) => Number(b.kind === remembered) - Number(a.kind === remembered))
}

const isHttpUrl = (link: string | null | undefined): link is string =>
  Boolean(link && /^https?:\/\//i.test(link.trim()))

/**
 * Where to get the wallet on this device: its store page on iOS or Android, else its homepage
 * (which lists every platform), else whichever store page the registry has. Web addresses only.
 */
export function walletDownloadLink(
  wallet: RegistryWallet,
  platform: DevicePlatform,
): string | undefined {
  const store =
    platform === 'ios' ? wallet.app_store : platform === 'android' ? wallet.play_store : null
  return [store, wallet.homepage, wallet.app_store, wallet.play_store, wallet.chrome_store]
    .find(isHttpUrl)
    ?.trim()
}
