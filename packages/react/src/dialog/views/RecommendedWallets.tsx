import { navigate, RECOMMENDED_WALLETS_LIMIT } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { afterNextPaint } from '../afterNextPaint.ts'
import { SkeletonList } from '../components/Skeleton.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import type { RegistryWalletListEntry } from './walletRegistry.ts'

const RECOMMENDED_TAG: MessageKey = 'connect.tag.recommended'

export type RecommendedWallets = {
  entries: readonly RegistryWalletListEntry[]
  /** The first listing is on its way (rows for it show as skeletons). */
  loading: boolean
}

/**
 * The registry's recommended wallets (first 4 not already installed or featured); none without a
 * Foyer server or when the fetch fails.
 */
export function useRecommendedWallets(): RecommendedWallets {
  const foyer = useFoyer()
  const { connectors } = useConnectors()
  const [entries, setEntries] = useState<readonly RegistryWalletListEntry[]>([])
  const hasServer = Boolean(foyer.config.serverUrl)
  // Only the first listing shows skeletons: a later one (new connectors) keeps the rows it has.
  const [settled, setSettled] = useState(false)

  useEffect(() => {
    if (!hasServer) return
    const controller = new AbortController()
    const walletConnect = connectors.find((connector) => connector.type === 'walletConnect')
    // The registry code (and its API client) loads only for apps with a server, after the view's
    // first frame.
    const cancel = afterNextPaint(() => {
      import('./walletRegistry.ts')
        .then(async ({ fetchRecommendedWallets, registryWalletToEntry }) => {
          const wallets = await fetchRecommendedWallets(foyer, {
            limit: RECOMMENDED_WALLETS_LIMIT,
            localConnectors: connectors,
            signal: controller.signal,
          })
          return wallets.map((wallet) => registryWalletToEntry(foyer, wallet, walletConnect))
        })
        .then(
          (next) => {
            if (!controller.signal.aborted) setEntries(next)
          },
          // The connectors and All Wallets stay usable; nothing to show here.
          () => {},
        )
        .finally(() => {
          if (!controller.signal.aborted) setSettled(true)
        })
    })
    return () => {
      cancel()
      controller.abort()
    }
  }, [foyer, hasServer, connectors])

  return { entries, loading: hasServer && !settled }
}

/**
 * The recommended wallets as Connect list items; they connect over WalletConnect. While the
 * registry answers, skeleton rows hold their place, so the list does not jump when they arrive.
 */
export function RecommendedWalletItems({ entries, loading }: RecommendedWallets) {
  const { t } = useFoyerContext()
  if (loading)
    return (
      <li>
        <SkeletonList count={RECOMMENDED_WALLETS_LIMIT} label={t('connect.loadingWallets')} />
      </li>
    )
  return entries.map((entry) => (
    <RegistryWalletItem key={entry.id} entry={entry} tag={RECOMMENDED_TAG} />
  ))
}

/**
 * A registry wallet as a Connect list item: opens its WalletConnect pairing (QR code and the
 * wallet's deep links), as All Wallets does.
 */
export function RegistryWalletItem({
  entry,
  tag,
}: {
  entry: RegistryWalletListEntry
  tag?: MessageKey | undefined
}) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  return (
    <li>
      <button
        type="button"
        className="foyer-list-item"
        data-foyer-item=""
        data-wallet-id={entry.id}
        disabled={!entry.connectorId}
        onClick={() =>
          navigate(foyer, {
            view: 'ConnectingWalletConnect',
            data: { connectorId: entry.connectorId, wallet: entry.registry },
          })
        }
      >
        <WalletIcon src={entry.imageUrl} />
        <span className="foyer-list-item-label">{entry.name}</span>
        {tag ? <span className="foyer-tag">{t(tag)}</span> : null}
      </button>
    </li>
  )
}
