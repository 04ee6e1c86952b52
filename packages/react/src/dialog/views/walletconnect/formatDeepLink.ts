/** Which of a registry entry's links a deep link was built from (SPEC §3 wallet list entry). */
export type DeepLinkKind = 'mobile' | 'desktop' | 'web'

export type FormatDeepLinkParameters = {
  /** `mobile_link`, `desktop_link` or `webapp_link` of the wallet registry entry. */
  link: string
  /** The `wc:` pairing URI. */
  uri: string
}

const isHttpUrl = (link: string) => /^https?:\/\//i.test(link)

/**
 * Opens a wallet on a pairing URI, per WalletConnect conventions: a universal link
 * (`https://wallet.example/wc?uri=<encoded>`) or a custom scheme (`wallet://wc?uri=<encoded>`;
 * a bare `wallet` or `wallet:` becomes `wallet://`).
 */
export function formatDeepLink(parameters: FormatDeepLinkParameters): string {
  const { link, uri } = parameters
  let base = link.trim()
  if (!isHttpUrl(base) && !base.includes('://'))
    base = `${base.replaceAll('/', '').replaceAll(':', '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  return `${base}wc?uri=${encodeURIComponent(uri)}`
}
