import type { DeepLinkKind } from './formatDeepLink.ts'

/**
 * A wallet registry entry as the ConnectingWalletConnect view needs it (SPEC §3 wallet list entry:
 * `mobile_link`, `desktop_link`, `webapp_link`), passed as `dialog.data.wallet`.
 */
export type RegistryWallet = {
  id: string
  name: string
  /** Image URL or `data:` URI of the wallet's logo. */
  imageUrl?: string | undefined
  mobile_link?: string | null | undefined
  desktop_link?: string | null | undefined
  webapp_link?: string | null | undefined
}

/** What SPEC §3's "deep link choice" stores: the link the visitor last opened a wallet with. */
export type DeepLinkChoice = { walletId: string; name: string; kind: DeepLinkKind; link: string }

export function isRegistryWallet(value: unknown): value is RegistryWallet {
  const wallet = value as Partial<RegistryWallet> | undefined
  return typeof wallet?.id === 'string' && typeof wallet.name === 'string'
}

/** The wallet's links in display order; the remembered kind first, then mobile, desktop, web. */
export function walletLinks(
  wallet: RegistryWallet,
  remembered: DeepLinkKind | undefined,
): { kind: DeepLinkKind; link: string }[] {
  const links = (
    [
      ['mobile', wallet.mobile_link],
      ['desktop', wallet.desktop_link],
      ['web', wallet.webapp_link],
    ] as const
  ).flatMap(([kind, link]) => (link ? [{ kind, link }] : []))
  return links.sort((a, b) => Number(b.kind === remembered) - Number(a.kind === remembered))
}
