import type { InjectedExtension } from './types.ts'

export type ExtensionDescription = { name: string; icon: string }

/** A letter on a rounded square: an icon drawn here, not a copy of the wallet's logo. */
const monogram = (letter: string, background: string, foreground = '#fff') =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${background}"/><text x="48" y="64" text-anchor="middle" font-family="system-ui,sans-serif" font-size="48" font-weight="700" fill="${foreground}">${letter}</text></svg>`,
  )}`

/** The `window.injectedWeb3` keys of well-known extensions, with the names their users know. */
export const KNOWN_EXTENSIONS: Readonly<Record<string, ExtensionDescription>> = {
  'polkadot-js': { name: 'polkadot{.js}', icon: monogram('P', '#ff8c00') },
  talisman: { name: 'Talisman', icon: monogram('T', '#d5ff5c', '#000') },
  'subwallet-js': { name: 'SubWallet', icon: monogram('S', '#004bff') },
  enkrypt: { name: 'Enkrypt', icon: monogram('E', '#7f56d9') },
  'fearless-wallet': { name: 'Fearless Wallet', icon: monogram('F', '#ff3b8d') },
  polkagate: { name: 'PolkaGate', icon: monogram('P', '#99004f') },
  'aleph-zero-signer': { name: 'Aleph Zero Signer', icon: monogram('A', '#00eac7', '#000') },
}

const nova: ExtensionDescription = { name: 'Nova Wallet', icon: monogram('N', '#2f3fff') }

const isIcon = (value: unknown): value is string =>
  typeof value === 'string' && /^(data:image\/|https:\/\/)/.test(value)

/**
 * The name and icon to list an extension with. The protocol carries neither: known keys get the
 * extension's own name, others the `name`/`icon` they put beside `enable` (the test wallet does),
 * or their key and a letter.
 */
export function describeExtension(
  key: string,
  extension: InjectedExtension,
  page?: { walletExtension?: { isNovaWallet?: boolean } } | undefined,
): ExtensionDescription {
  // Nova Wallet's in-app browser injects itself as polkadot-js and says so here.
  if (key === 'polkadot-js' && page?.walletExtension?.isNovaWallet) return nova
  const known = KNOWN_EXTENSIONS[key]
  if (known) return known
  const name = typeof extension.name === 'string' && extension.name.trim() ? extension.name : key
  return {
    name,
    icon: isIcon(extension.icon)
      ? extension.icon
      : monogram(name.charAt(0).toUpperCase() || '?', '#6b7280'),
  }
}

/** The usable entries of `window.injectedWeb3`, in injection order: those with an `enable`. */
export function readInjectedExtensions(
  page: { injectedWeb3?: unknown } | undefined,
): [key: string, extension: InjectedExtension][] {
  const injectedWeb3 = page?.injectedWeb3
  if (!injectedWeb3 || typeof injectedWeb3 !== 'object') return []
  return Object.entries(injectedWeb3 as Record<string, unknown>).filter(
    (entry): entry is [string, InjectedExtension] =>
      typeof (entry[1] as Partial<InjectedExtension> | null)?.enable === 'function',
  )
}
