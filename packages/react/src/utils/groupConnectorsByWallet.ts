import type { ChainNamespace, Connector } from '@foyer/core'

/** One wallet as the dialog lists it: its connectors, at most one per namespace. */
export type ListedWallet = {
  /** The first connector's id: stable while that connector is discovered. */
  id: string
  name: string
  /** The first connector's icon (image URL or `data:` URI). */
  icon: string | undefined
  /** In listing order; the first one places the wallet in the list. */
  connectors: readonly Connector[]
  namespaces: readonly ChainNamespace[]
  /**
   * Whether one connect brings every namespace: the connectors share one session
   * (`Connector.group`), whose other namespaces core records after the first connects.
   */
  connectsTogether: boolean
}

/**
 * What ties connectors to one wallet. A session group (WalletConnect's or the embedded wallet's
 * connectors per namespace) is one wallet by construction. Otherwise the wallet's name is the only
 * identity the standards share: EIP-6963 gives an rdns, but wallet-standard (Solana, Bitcoin),
 * polkadot-js and Keplr give a name only, which a wallet announces alike in each namespace.
 */
function walletKey(connector: Connector): string {
  if (connector.group) return `group:${connector.group}`
  return `name:${connector.name.normalize('NFC').trim().toLowerCase()}`
}

/**
 * Merges connectors of one wallet across namespaces into one listed wallet, in the order the
 * connectors come (a wallet takes its first connector's place). Two connectors of the same
 * namespace stay two wallets: they are different wallets that happen to share a name.
 */
export function groupConnectorsByWallet(connectors: readonly Connector[]): ListedWallet[] {
  const wallets: { key: string; connectors: Connector[] }[] = []
  for (const connector of connectors) {
    const key = walletKey(connector)
    const wallet = wallets.find(
      (candidate) =>
        candidate.key === key &&
        !candidate.connectors.some((other) => other.namespace === connector.namespace),
    )
    if (wallet) wallet.connectors.push(connector)
    else wallets.push({ key, connectors: [connector] })
  }
  return wallets.map(({ connectors: [first, ...rest] }) => {
    const all = [first!, ...rest]
    return {
      id: first!.id,
      name: first!.name,
      icon: first!.icon ?? rest.find((connector) => connector.icon)?.icon,
      connectors: all,
      namespaces: all.map((connector) => connector.namespace),
      connectsTogether:
        all.length === 1 ||
        (first!.group !== undefined && rest.every((connector) => connector.group === first!.group)),
    }
  })
}

/**
 * The connector to connect first: the one of the namespace the visitor is on, so connecting
 * keeps them there; otherwise the wallet's first.
 */
export function primaryConnector(
  wallet: Pick<ListedWallet, 'connectors'>,
  activeNamespace: ChainNamespace | undefined,
): Connector {
  return (
    wallet.connectors.find((connector) => connector.namespace === activeNamespace) ??
    wallet.connectors[0]!
  )
}
