import type { BaseStorage } from '@foyer/core'

/** The storage key of the extensions the site was enabled in. */
export const ENABLED_EXTENSIONS_KEY = 'foyer.polkadot.enabledExtensions'

export type EnabledExtensions = {
  has(key: string): boolean
  add(key: string): void
  remove(key: string): void
}

/**
 * Which extensions this site was enabled in, so `getAccounts` can call `enable` again after a
 * reload without prompting (an extension answers `enable` silently for a site it authorised). A
 * site never enabled is never asked silently: that `enable` would open a popup.
 */
export function createEnabledExtensions(
  getStorage: () => BaseStorage | undefined,
): EnabledExtensions {
  const memory = new Set<string>()
  const read = (): Set<string> => {
    try {
      const raw = getStorage()?.getItem(ENABLED_EXTENSIONS_KEY)
      if (raw === undefined) return memory
      const parsed: unknown = raw ? JSON.parse(raw) : []
      return new Set(Array.isArray(parsed) ? parsed.filter((key) => typeof key === 'string') : [])
    } catch {
      return memory
    }
  }
  const write = (keys: Set<string>) => {
    const storage = getStorage()
    if (!storage) return
    try {
      if (keys.size) storage.setItem(ENABLED_EXTENSIONS_KEY, JSON.stringify([...keys]))
      else storage.removeItem(ENABLED_EXTENSIONS_KEY)
    } catch {}
  }
  return {
    has: (key) => read().has(key),
    add(key) {
      const keys = read()
      keys.add(key)
      memory.add(key)
      write(keys)
    },
    remove(key) {
      const keys = read()
      keys.delete(key)
      memory.delete(key)
      write(keys)
    },
  }
}
