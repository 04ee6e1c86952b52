import {
  type Connector,
  type Foyer,
  getApiClient,
  type RegistryWallet,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_LIMIT,
} from '@foyer/core'
import { groupConnectorsByWallet } from '../../utils/groupConnectorsByWallet.ts'
import {
  type WalletListEntry,
  type WalletSource,
  walletMatchesSearch,
  walletToListEntry,
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
    rdns: string | null
    homepage: string | null
    app_store: string | null
    play_store: string | null
    chrome_store: string | null
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
      // For "Get {name}" when it is not installed.
      rdns: wallet.rdns,
      homepage: wallet.homepage,
      app_store: wallet.app_store,
      play_store: wallet.play_store,
      chrome_store: wallet.chrome_store,
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
 * whose rdns an installed connector already announced and the featured ones (listed before).
 */
export async function fetchRecommendedWallets(
  foyer: Foyer,
  parameters: { limit: number; localConnectors: readonly Connector[]; signal?: AbortSignal },
): Promise<RegistryWallet[]> {
  const localRdns = new Set(parameters.localConnectors.flatMap((c) => (c.rdns ? [c.rdns] : [])))
  const featured = new Set(foyer.config.featuredWalletIds)
  const { data } = await getApiClient(foyer).request('getWallets', {
    query: { page: 1, entries: REGISTRY_PAGE_LIMIT, ...registryFilters(foyer) },
    signal: parameters.signal,
  })
  return data
    .filter((wallet) => (!wallet.rdns || !localRdns.has(wallet.rdns)) && !featured.has(wallet.id))
    .slice(0, parameters.limit)
}

/** Ids the server's `include` filter accepts (a registry id or an rdns). */
const REGISTRY_ID = /^[A-Za-z0-9._-]{1,128}$/

// One request per instance while it succeeds: Connect and All Wallets share it.
const featuredRequests = new WeakMap<Foyer, Promise<readonly RegistryWallet[]>>()

/**
 * The registry entries of the app's `featuredWalletIds` (the server's `include` filter), in the
 * configured order, less the excluded ones. Only the dialog asks, when it shows a wallet list;
 * nothing is fetched at page load. Empty without a Foyer server or featured ids.
 */
export function fetchFeaturedWallets(foyer: Foyer): Promise<readonly RegistryWallet[]> {
  const { serverUrl, excludeWalletIds } = foyer.config
  const ids = foyer.config.featuredWalletIds
    .filter((id) => REGISTRY_ID.test(id) && !excludeWalletIds.includes(id))
    .slice(0, REGISTRY_PAGE_LIMIT)
  if (!serverUrl || ids.length === 0) return Promise.resolve([])
  let request = featuredRequests.get(foyer)
  if (!request) {
    request = getApiClient(foyer)
      .request('getWallets', { query: { page: 1, entries: ids.length, include: ids.join(',') } })
      .then(({ data }) => ids.flatMap((id) => data.filter((wallet) => wallet.id === id)))
    featuredRequests.set(foyer, request)
    // A failure is not kept: the next wallet list asks again.
    request.catch(() => featuredRequests.delete(foyer))
  }
  return request
}

/**
 * Featured registry wallets as listing rows, leaving out those an installed connector lists
 * already (same rdns or id). They connect through WalletConnect or the wallet's deep links.
 */
export function featuredWalletEntries(
  foyer: Foyer,
  wallets: readonly RegistryWallet[],
  localConnectors: readonly Connector[],
): RegistryWalletListEntry[] {
  const walletConnect = localConnectors.find((connector) => connector.type === 'walletConnect')
  return wallets
    .filter(
      (wallet) =>
        !localConnectors.some(
          (connector) =>
            connector.id === wallet.id || Boolean(wallet.rdns && connector.rdns === wallet.rdns),
        ),
    )
    .map((wallet) => registryWalletToEntry(foyer, wallet, walletConnect))
}

export type CreateRegistryWalletSourceOptions = {
  /**
   * Where the featured registry wallets go among the local wallets: how many wallets come before
   * them (those of the order entries before 'featured'). Default: after all of them.
   */
  featuredAt?: number | undefined
}

/**
 * All Wallets over the server's registry: the local connectors (already ordered installed,
 * recent, featured, …) with the featured registry wallets in the featured position first, then
 * the registry 40 per page; a wallet listed before (same rdns, or featured) is not repeated. A
 * search matches those first rows and pages the registry's search up to 100 results (SPEC §9).
 */
export function createRegistryWalletSource(
  foyer: Foyer,
  localConnectors: readonly Connector[],
  options: CreateRegistryWalletSourceOptions = {},
): WalletSource {
  const local = localConnectors.filter((connector) => connector.type !== 'walletConnect')
  const walletConnect = localConnectors.find((connector) => connector.type === 'walletConnect')
  // One row per wallet, however many namespaces its connectors serve.
  const connectorEntries = groupConnectorsByWallet(local).map(walletToListEntry)
  const featuredAt = Math.min(
    options.featuredAt ?? connectorEntries.length,
    connectorEntries.length,
  )
  let localEntries: readonly WalletListEntry[] = connectorEntries
  const localRdns = new Set(local.flatMap((connector) => (connector.rdns ? [connector.rdns] : [])))
  let featuredIds = new Set<string>()
  const client = getApiClient(foyer)
  const isShownLocally = (wallet: RegistryWallet) =>
    Boolean(wallet.rdns && localRdns.has(wallet.rdns)) || featuredIds.has(wallet.id)
  // Registry rows hidden as duplicates so far while browsing; the reported count excludes them.
  let hiddenWhileBrowsing = 0
  /** The featured registry wallets join the local rows (fetched once, shared with Connect). */
  const withFeatured = async () => {
    // Without them the listing still works: the registry pages list them in their turn.
    const wallets = await fetchFeaturedWallets(foyer).catch(() => [])
    const featured = featuredWalletEntries(foyer, wallets, localConnectors)
    featuredIds = new Set(featured.map((entry) => entry.id))
    localEntries = [
      ...connectorEntries.slice(0, featuredAt),
      ...featured,
      ...connectorEntries.slice(featuredAt),
    ]
  }

  return async ({ page, search, signal }) => {
    // The featured wallets load alongside the first page (from cache once Connect fetched them).
    const featuredReady = page === 1 ? withFeatured() : undefined
    if (search) {
      await featuredReady
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
    await featuredReady
    const fresh = data.filter((wallet) => !isShownLocally(wallet))
    hiddenWhileBrowsing += data.length - fresh.length
    const entries = fresh.map((wallet) => registryWalletToEntry(foyer, wallet, walletConnect))
    return {
      data: page === 1 ? [...localEntries, ...entries] : entries,
      count: localEntries.length + count - hiddenWhileBrowsing,
    }
  }
}
