import {
  type ConnectorTypeOrderEntry,
  navigate,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_LIMIT,
} from '@foyer/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { groupConnectorsByWallet } from '../../utils/groupConnectorsByWallet.ts'
import { orderConnectors } from '../../utils/orderConnectors.ts'
import {
  createConnectorWalletSource,
  type WalletListEntry,
  type WalletSource,
} from '../../utils/walletSource.ts'
import { EmptyState } from '../components/EmptyState.tsx'
import { NamespaceMarks, useHasSeveralNamespaces } from '../components/NamespaceMarks.tsx'
import { SkeletonList } from '../components/Skeleton.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { onListKeyDown } from '../listKeyboard.ts'
import { useSelectWallet } from '../useSelectWallet.ts'
import { createRegistryWalletSource, isRegistryWalletListEntry } from './walletRegistry.ts'

/** All Wallets lists installed wallets first, then recent, featured and the rest. */
const ALL_WALLETS_ORDER: readonly ConnectorTypeOrderEntry[] = [
  'injected',
  'recent',
  'featured',
  'custom',
  'external',
  'walletConnect',
]
const FEATURED_INDEX = ALL_WALLETS_ORDER.indexOf('featured')

/**
 * The wallet source of the All Wallets view: with a Foyer server (`serverUrl`), the discovered
 * connectors with the featured registry wallets in the featured position first, and then the
 * server's registry (`/getWallets`); without one, the connectors.
 */
function useWalletSource(): WalletSource {
  const foyer = useFoyer()
  const { connectors, recentWalletIds } = useConnectors()
  return useMemo(() => {
    const groups = orderConnectors({
      connectors,
      recentWalletIds,
      featuredWalletIds: foyer.config.featuredWalletIds,
      connectorTypeOrder: ALL_WALLETS_ORDER,
    })
    const ordered = groups.flatMap((group) => group.connectors)
    // Featured registry wallets follow the installed, recent and featured wallets (one row per
    // wallet: counted by the first connector of each, which places the row).
    const beforeFeatured = new Set(
      groups
        .filter((group) => ALL_WALLETS_ORDER.indexOf(group.entry) <= FEATURED_INDEX)
        .flatMap((group) => group.connectors)
        .map((connector) => connector.id),
    )
    const featuredAt = groupConnectorsByWallet(
      ordered.filter((connector) => connector.type !== 'walletConnect'),
    ).filter((wallet) => beforeFeatured.has(wallet.id)).length
    return foyer.config.serverUrl
      ? createRegistryWalletSource(foyer, ordered, { featuredAt })
      : createConnectorWalletSource(ordered)
  }, [foyer, connectors, recentWalletIds])
}

export default function AllWallets() {
  return <WalletListing source={useWalletSource()} />
}

type ListingState = {
  entries: readonly WalletListEntry[]
  count: number
  page: number
  loading: boolean
  error: boolean
}

/**
 * A searchable wallet listing over a paged source: 40 per page with infinite scroll while
 * browsing, one page of up to 100 while searching (SPEC §9).
 */
export function WalletListing({ source }: { source: WalletSource }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { selectWallet, selectConnector } = useSelectWallet()
  const showNamespaces = useHasSeveralNamespaces()
  const [search, setSearch] = useState('')
  const [state, setState] = useState<ListingState>({
    entries: [],
    count: 0,
    page: 0,
    loading: true,
    error: false,
  })
  const [attempt, setAttempt] = useState(0)
  const sentinelRef = useRef<HTMLDivElement>(null)
  const query = search.trim()
  const searching = query !== ''
  // Newest request wins: a slow earlier page must not overwrite a newer search.
  const requestRef = useRef<AbortController | null>(null)

  const load = (page: number, append: boolean) => {
    requestRef.current?.abort()
    const controller = new AbortController()
    requestRef.current = controller
    setState((previous) => ({ ...previous, loading: true, error: false }))
    source({
      page,
      entries: searching ? WALLET_SEARCH_LIMIT : WALLET_PAGE_SIZE,
      search: searching ? query : undefined,
      signal: controller.signal,
    }).then(
      (result) => {
        if (controller.signal.aborted) return
        setState((previous) => ({
          entries: append ? [...previous.entries, ...result.data] : result.data,
          count: result.count,
          page,
          loading: false,
          error: false,
        }))
      },
      () => {
        if (controller.signal.aborted) return
        setState((previous) => ({ ...previous, loading: false, error: true }))
      },
    )
  }

  // First page on mount and whenever the search, the source or a retry changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the same inputs
  useEffect(() => {
    load(1, false)
    return () => requestRef.current?.abort()
  }, [source, query, attempt])

  const hasMore = !searching && state.entries.length < state.count
  // Infinite scroll: the sentinel after the list asks for the next page when it comes into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads the same inputs
  useEffect(() => {
    const sentinel = sentinelRef.current
    const view = sentinel?.ownerDocument.defaultView
    if (!sentinel || !view || !hasMore || state.loading || state.error) return
    if (typeof view.IntersectionObserver !== 'function') return
    const observer = new view.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          load(state.page + 1, true)
        }
      },
      { rootMargin: '120px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, state.loading, state.error, state.page, source, query])

  const select = (entry: WalletListEntry) => {
    if (!entry.connectorId) return
    // Registry wallets without an installed connector pair through WalletConnect.
    if (isRegistryWalletListEntry(entry)) {
      navigate(foyer, {
        view: 'ConnectingWalletConnect',
        data: { connectorId: entry.connectorId, wallet: entry.registry },
      })
      return
    }
    if (entry.wallet) {
      selectWallet(entry.wallet)
      return
    }
    const connector = foyer.getConnector(entry.connectorId)
    if (connector) selectConnector(connector)
    // Gone since listed: ConnectingExternal says the wallet is not found.
    else navigate(foyer, { view: 'ConnectingExternal', data: { connectorId: entry.connectorId } })
  }

  return (
    <div>
      <input
        className="foyer-search"
        type="search"
        aria-label={t('allWallets.searchLabel')}
        placeholder={t('allWallets.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
      <p className="foyer-visually-hidden" role="status" aria-live="polite">
        {state.loading ? '' : t('allWallets.count', { count: state.count })}
      </p>
      <ul className="foyer-grid" onKeyDown={onListKeyDown}>
        {state.entries.map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="foyer-grid-item"
              data-foyer-item=""
              data-wallet-id={entry.id}
              data-connector-ids={entry.wallet?.connectors
                .map((connector) => connector.id)
                .join(' ')}
              disabled={!entry.connectorId}
              onClick={() => select(entry)}
            >
              <WalletIcon src={entry.imageUrl} />
              <span>{entry.name}</span>
              {showNamespaces && entry.namespaces ? (
                <NamespaceMarks namespaces={entry.namespaces} />
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {!state.loading && !state.error && state.entries.length === 0 ? (
        <EmptyState
          text={t(searching ? 'allWallets.noResultsFor' : 'allWallets.noResults', { query })}
          action={
            searching
              ? { label: t('allWallets.clearSearch'), onClick: () => setSearch('') }
              : undefined
          }
        />
      ) : null}
      {state.error ? (
        <div className="foyer-center">
          <p className="foyer-error-text">{t('allWallets.loadError')}</p>
          <button
            type="button"
            className="foyer-button"
            data-variant="secondary"
            onClick={() => setAttempt((value) => value + 1)}
          >
            {t('allWallets.retry')}
          </button>
        </div>
      ) : null}
      {/* The first page (or a new search) loads in tiles where the wallets will be; later pages
          load below the ones already listed. */}
      {state.loading && state.entries.length === 0 ? (
        <SkeletonList count={8} variant="tile" label={t('dialog.loading')} />
      ) : state.loading ? (
        <div className="foyer-center" aria-hidden="true">
          <span className="foyer-spinner" />
        </div>
      ) : null}
      <div ref={sentinelRef} className="foyer-sentinel" aria-hidden="true" />
    </div>
  )
}
