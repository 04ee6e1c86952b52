import { createFoyer } from './createFoyer.ts'
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
