/** The Web Storage subset Foyer needs; `localStorage`, `sessionStorage` and friends fit it. */
export type BaseStorage = {
  getItem(key: string): string | null | undefined
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

export type Storage = {
  key: string
  getItem<value>(key: string, defaultValue?: value): value | undefined
  setItem(key: string, value: unknown): void
  removeItem(key: string): void
}

export type CreateStorageParameters = {
  storage: BaseStorage
  /** Prefix for every key; keys are stored as `{key}.{name}`. */
  key?: string | undefined
}

/** JSON storage under a key prefix. Storage failures (quota, privacy mode) never throw. */
export function createStorage(parameters: CreateStorageParameters): Storage {
  const { storage, key: prefix = 'foyer' } = parameters
  return {
    key: prefix,
    getItem(key, defaultValue) {
      try {
        const raw = storage.getItem(`${prefix}.${key}`)
        if (raw === null || raw === undefined) return defaultValue
        return JSON.parse(raw)
      } catch {
        return defaultValue
      }
    },
    setItem(key, value) {
      try {
        if (value === undefined || value === null) storage.removeItem(`${prefix}.${key}`)
        else storage.setItem(`${prefix}.${key}`, JSON.stringify(value))
      } catch {}
    },
    removeItem(key) {
      try {
        storage.removeItem(`${prefix}.${key}`)
      } catch {}
    },
  }
}

/** A fresh in-memory storage (per call: two Foyer instances never share one by accident). */
export function createMemoryStorage(): BaseStorage {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/** Stores in `document.cookie`, so a server render can read the state from the request. */
export const cookieStorage: BaseStorage = {
  getItem(key) {
    if (typeof document === 'undefined') return null
    return parseCookie(document.cookie, key)
  },
  setItem(key, value) {
    if (typeof document === 'undefined') return
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and not in every browser; storage must be sync.
    document.cookie = `${key}=${encodeURIComponent(value)};path=/;samesite=Lax`
  },
  removeItem(key) {
    if (typeof document === 'undefined') return
    // biome-ignore lint/suspicious/noDocumentCookie: see setItem.
    document.cookie = `${key}=;max-age=-1;path=/`
  },
}

/** Reads one cookie from a `Cookie` header or `document.cookie`. */
export function parseCookie(cookie: string, key: string): string | null {
  for (const part of cookie.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() === key)
      return decodeURIComponent(part.slice(separator + 1).trim())
  }
  return null
}

/** localStorage in the browser, memory elsewhere (SSR). */
export function getDefaultStorage(): BaseStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage
  } catch {
    // Accessing localStorage throws in some sandboxed iframes.
  }
  return createMemoryStorage()
}
