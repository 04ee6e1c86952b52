import type { ChainNamespace, Connector } from '@foyer/core'
import { groupConnectorsByWallet, type ListedWallet } from './groupConnectorsByWallet.ts'

/** One row of a wallet listing (SPEC §3 wallet list entry, plus the local connector if any). */
export type WalletListEntry = {
  id: string
  name: string
  /** Image URL or `data:` URI. */
  imageUrl?: string | undefined
  rdns?: string | undefined
  /** Present when the wallet is installed/announced and can connect right away. */
  connectorId?: string | undefined
  /** The namespaces of a wallet found on this device (its marks when the app has several). */
  namespaces?: readonly ChainNamespace[] | undefined
  /** A wallet found on this device: its connectors, one per namespace. */
  wallet?: ListedWallet | undefined
}

export type WalletPageParameters = {
  /** 1-based. */
  page: number
  /** Page size: 40 while browsing, up to 100 when searching (SPEC §9). */
  entries: number
  search?: string | undefined
  signal?: AbortSignal | undefined
}

export type WalletPage = {
  data: readonly WalletListEntry[]
  /** Total number of wallets matching, across all pages. */
  count: number
}

/**
 * A paged wallet listing. The All Wallets view only talks to this, so the server-backed registry
 * (`/getWallets`) can replace or extend the local source without touching the view.
 */
export type WalletSource = (parameters: WalletPageParameters) => Promise<WalletPage>

/** Case- and accent-insensitive match on the wallet name. */
export function walletMatchesSearch(entry: WalletListEntry, search: string): boolean {
  const normalize = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim()
  const query = normalize(search)
  return query === '' || normalize(entry.name).includes(query)
}

/** A wallet found on this device as a listing row (one row for all its namespaces). */
export function walletToListEntry(wallet: ListedWallet): WalletListEntry {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.icon,
    rdns: wallet.connectors.find((connector) => connector.rdns)?.rdns,
    connectorId: wallet.id,
    namespaces: wallet.namespaces,
    wallet,
  }
}

/**
 * A wallet source over already-ordered local connectors (installed first, then the rest), one
 * row per wallet.
 */
export function createConnectorWalletSource(connectors: readonly Connector[]): WalletSource {
  const entries = groupConnectorsByWallet(connectors).map(walletToListEntry)
  return async ({ page, entries: pageSize, search }) => {
    const matching = search
      ? entries.filter((entry) => walletMatchesSearch(entry, search))
      : entries
    const start = (page - 1) * pageSize
    return { data: matching.slice(start, start + pageSize), count: matching.length }
  }
}
