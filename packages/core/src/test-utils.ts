import { type OpenParameters, open } from './actions/open.ts'
import { startAnalytics } from './analytics/startAnalytics.ts'
import { createFoyer, type Foyer } from './createFoyer.ts'
import { createMemoryStorage, createStorage } from './storage/createStorage.ts'
import type { FoyerConfig } from './types/config.ts'

/** A Foyer with in-memory storage and the local anvil network, for unit tests. */
export function createTestFoyer(config: Partial<FoyerConfig> = {}) {
  return createFoyer({
    networks: ['eip155:31337', 'eip155:31338'],
    storage: createStorage({ storage: createMemoryStorage() }),
    ...config,
  })
}

/** What the dialog does when it opens: `open`, then its first render starts analytics. */
export function openDialog(foyer: Foyer, parameters?: OpenParameters) {
  open(foyer, parameters)
  startAnalytics(foyer)
}
