import {
  type Connector,
  type Foyer,
  getApiClient,
  type RegistryWallet,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_LIMIT,
} from '@foyer/core'
import {
  connectorToWalletEntry,
  type WalletListEntry,
  type WalletSource,
  walletMatchesSearch,
} from '../../utils/walletSource.ts'

/** A listing row from the registry: keeps the wallet's links for the WalletConnect view. */
export type RegistryWalletListEntry = WalletListEntry & {
  registry: {
    id: string
    name: string
    imageUrl: string
    mobile_link: string | null
    desktop_link: string | null
    webapp_link: string | null
  }
}

export function isRegistryWalletListEntry(
  entry: WalletListEntry,
): entry is RegistryWalletListEntry {
  return 'registry' in entry
}

/** Registry pages hold at most 40 wallets (the server's limit, SPEC §9). */
const REGISTRY_PAGE_LIMIT = WALLET_PAGE_SIZE

/**
 * A registry wallet as a listing row. It connects through its installed connector when one
 * announced the same rdns, otherwise through WalletConnect when the app has it.
 */
export function registryWalletToEntry(
  foyer: Foyer,
  wallet: RegistryWallet,
  walletConnect: Connector | undefined,
): RegistryWalletListEntry {
  const imageUrl = getApiClient(foyer).imageUrl('wallet', wallet.image_id)
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl,
    rdns: wallet.rdns ?? undefined,
    connectorId: walletConnect?.id,
    registry: {
      id: wallet.id,
      name: wallet.name,
      imageUrl,
      mobile_link: wallet.mobile_link,
      desktop_link: wallet.desktop_link,
      webapp_link: wallet.webapp_link,
    },
  }
}

/**
 * Query filters from the config (include/exclude lists). No `chains` filter: registry entries list
 * public networks only, so a development network (anvil) would match no wallet at all.
 */
function registryFilters(foyer: Foyer) {
  const { includeWalletIds, excludeWalletIds } = foyer.config
  return {
    ...(includeWalletIds.length > 0 ? { include: includeWalletIds.join(',') } : {}),
    ...(excludeWalletIds.length > 0 ? { exclude: excludeWalletIds.join(',') } : {}),
  }
}

/**
 * The first `limit` registry wallets (e.g. the Connect view's recommended 4), leaving out those
 * whose rdns an installed connector already announced.
 */
export async function fetchRecommendedWallets(
  foyer: Foyer,
  parameters: { limit: number; localConnectors: readonly Connector[]; signal?: AbortSignal },
): Promise<RegistryWallet[]> {
  const localRdns = new Set(parameters.localConnectors.flatMap((c) => (c.rdns ? [c.rdns] : [])))
  const { data } = await getApiClient(foyer).request('getWallets', {
    query: { page: 1, entries: REGISTRY_PAGE_LIMIT, ...registryFilters(foyer) },
    signal: parameters.signal,
  })
  return data
    .filter((wallet) => !wallet.rdns || !localRdns.has(wallet.rdns))
    .slice(0, parameters.limit)
}

/**
 * All Wallets over the server's registry: the local connectors (already ordered installed,
 * recent, featured, …) first, then the registry 40 per page; a wallet the local list already shows
 * (same rdns) is not repeated. A search matches local connectors and pages the registry's search
 * up to 100 results (SPEC §9).
 */
export function createRegistryWalletSource(
  foyer: Foyer,
  localConnectors: readonly Connector[],
): WalletSource {
  const local = localConnectors.filter((connector) => connector.type !== 'walletConnect')
  const walletConnect = localConnectors.find((connector) => connector.type === 'walletConnect')
  const localEntries = local.map(connectorToWalletEntry)
  const localRdns = new Set(local.flatMap((connector) => (connector.rdns ? [connector.rdns] : [])))
  const client = getApiClient(foyer)
  const isShownLocally = (wallet: RegistryWallet) =>
    Boolean(wallet.rdns && localRdns.has(wallet.rdns))
  // Registry rows hidden as duplicates so far while browsing; the reported count excludes them.
  let hiddenWhileBrowsing = 0

  return async ({ page, search, signal }) => {
    if (search) {
      const matches = localEntries.filter((entry) => walletMatchesSearch(entry, search))
      const found: WalletListEntry[] = []
      for (
        let registryPage = 1;
        found.length + matches.length < WALLET_SEARCH_LIMIT;
        registryPage++
      ) {
        const { data, count } = await client.request('getWallets', {
          query: {
            page: registryPage,
            entries: REGISTRY_PAGE_LIMIT,
            search,
            ...registryFilters(foyer),
          },
          signal,
        })
        for (const wallet of data)
          if (!isShownLocally(wallet))
            found.push(registryWalletToEntry(foyer, wallet, walletConnect))
        if (data.length < REGISTRY_PAGE_LIMIT || registryPage * REGISTRY_PAGE_LIMIT >= count) break
      }
      const data = [...matches, ...found].slice(0, WALLET_SEARCH_LIMIT)
      return { data, count: data.length }
    }

    if (page === 1) hiddenWhileBrowsing = 0
    const { data, count } = await client.request('getWallets', {
      query: { page, entries: REGISTRY_PAGE_LIMIT, ...registryFilters(foyer) },
      signal,
    })
    const fresh = data.filter((wallet) => !isShownLocally(wallet))
    hiddenWhileBrowsing += data.length - fresh.length
    const entries = fresh.map((wallet) => registryWalletToEntry(foyer, wallet, walletConnect))
    return {
      data: page === 1 ? [...localEntries, ...entries] : entries,
      count: localEntries.length + count - hiddenWhileBrowsing,
    }
  }
}
