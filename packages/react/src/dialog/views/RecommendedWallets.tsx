import { navigate, RECOMMENDED_WALLETS_LIMIT } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { afterNextPaint } from '../afterNextPaint.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import type { RegistryWalletListEntry } from './walletRegistry.ts'

const RECOMMENDED_TAG: MessageKey = 'connect.tag.recommended'

/**
 * The registry's recommended wallets (first 4 not already installed or featured); none without a
 * Foyer server or when the fetch fails.
 */
export function useRecommendedWallets(): readonly RegistryWalletListEntry[] {
  const foyer = useFoyer()
  const { connectors } = useConnectors()
  const [entries, setEntries] = useState<readonly RegistryWalletListEntry[]>([])
  const hasServer = Boolean(foyer.config.serverUrl)

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
    })
    return () => {
      cancel()
      controller.abort()
    }
  }, [foyer, hasServer, connectors])

  return entries
}

/** The recommended wallets as Connect list items; they connect over WalletConnect. */
export function RecommendedWalletItems({
  entries,
}: {
  entries: readonly RegistryWalletListEntry[]
}) {
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
