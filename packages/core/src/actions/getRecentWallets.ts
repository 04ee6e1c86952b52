import type { Foyer } from '../createFoyer.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'

/** Connector/wallet ids connected most recently first, at most 2 (SPEC §5). */
export function getRecentWallets(foyer: Foyer): readonly string[] {
  return foyer.storage.getItem<string[]>(STORAGE_KEYS.recentWallets) ?? []
}
