import type { RegistryWallet } from '@foyer/core'
import { useEffect, useMemo, useState } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFoyer } from '../../hooks/useFoyer.ts'
import type { RegistryWalletListEntry } from './walletRegistry.ts'

type FetchedFeatured = {
  registry: typeof import('./walletRegistry.ts')
  wallets: readonly RegistryWallet[]
}

/**
 * The app's featured wallets from the server's registry that are not installed, in the
 * configured order. Fetched when a wallet list of the dialog first shows (never at page load);
 * empty until then, without a Foyer server, or when the fetch fails.
 */
export function useFeaturedWallets(): readonly RegistryWalletListEntry[] {
  const foyer = useFoyer()
  const { connectors } = useConnectors()
  const [fetched, setFetched] = useState<FetchedFeatured>()
  useEffect(() => {
    // The registry code (and its API client) loads only for apps with a server.
    if (!foyer.config.serverUrl || foyer.config.featuredWalletIds.length === 0) return
    let current = true
    import('./walletRegistry.ts')
      .then(async (registry) => ({ registry, wallets: await registry.fetchFeaturedWallets(foyer) }))
      .then(
        (next) => {
          if (current) setFetched(next)
        },
        // The other wallets stay usable; the featured ones are simply not shown.
        () => {},
      )
    return () => {
      current = false
    }
  }, [foyer])
  return useMemo(
    () =>
      fetched ? fetched.registry.featuredWalletEntries(foyer, fetched.wallets, connectors) : [],
    [foyer, fetched, connectors],
  )
}
