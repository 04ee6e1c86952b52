import type { RegistryWallet } from '@foyer/core'
import { useEffect, useMemo, useState } from 'react'
import { useConnectors } from '../../hooks/useConnectors.ts'
import { useFoyer } from '../../hooks/useFoyer.ts'
import {
  featuredWalletEntries,
  fetchFeaturedWallets,
  type RegistryWalletListEntry,
} from './walletRegistry.ts'

/**
 * The app's featured wallets from the server's registry that are not installed, in the
 * configured order. Fetched when a wallet list of the dialog first shows (never at page load);
 * empty until then, without a Foyer server, or when the fetch fails.
 */
export function useFeaturedWallets(): readonly RegistryWalletListEntry[] {
  const foyer = useFoyer()
  const { connectors } = useConnectors()
  const [wallets, setWallets] = useState<readonly RegistryWallet[]>([])
  useEffect(() => {
    let current = true
    fetchFeaturedWallets(foyer).then(
      (fetched) => {
        if (current) setWallets(fetched)
      },
      // The other wallets stay usable; the featured ones are simply not shown.
      () => {},
    )
    return () => {
      current = false
    }
  }, [foyer])
  return useMemo(
    () => featuredWalletEntries(foyer, wallets, connectors),
    [foyer, wallets, connectors],
  )
}
