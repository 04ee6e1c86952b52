import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'

type Entry = { payload: AdapterPayload; expiresAt: number }

export type MemoryAdapter = {
  factory: AdapterFactory
  /** Forgets everything (on stop). */
  clear(): void
}

/**
 * oidc-provider's storage for one stand-in provider: plain maps, entries dropped once expired.
 * Replaces oidc-provider's default in-memory adapter only to keep each provider's data apart and
 * to avoid its start-up warning; nothing outlives the process.
 */
export function createMemoryAdapter(now: () => number = Date.now): MemoryAdapter {
  const entries = new Map<string, Entry>()
  const sessionIdsByUid = new Map<string, string>()
  const idsByUserCode = new Map<string, string>()
  const keysByGrantId = new Map<string, Set<string>>()

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry.payload
  }

  // Expired entries go when read, and every 256 writes in one sweep, so a long session stays small.
  let writes = 0
  const sweep = () => {
    const at = now()
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key)
    for (const [grantId, keys] of keysByGrantId) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key)
      if (keys.size === 0) keysByGrantId.delete(grantId)
    }
    for (const [uid, id] of sessionIdsByUid)
      if (!entries.has(`Session:${id}`)) sessionIdsByUid.delete(uid)
    for (const [code, id] of idsByUserCode) {
      if (!entries.has(`DeviceCode:${id}`)) idsByUserCode.delete(code)
    }
  }

  const factory: AdapterFactory = (model: string): Adapter => {
    const keyOf = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        if (++writes % 256 === 0) sweep()
        const key = keyOf(id)
        const expiresAt = typeof expiresIn === 'number' ? now() + expiresIn * 1000 : Infinity
        entries.set(key, { payload, expiresAt })
        if (model === 'Session' && typeof payload.uid === 'string') {
          sessionIdsByUid.set(payload.uid, id)
        }
        if (typeof payload.userCode === 'string') idsByUserCode.set(payload.userCode, id)
        if (typeof payload.grantId === 'string') {
          let keys = keysByGrantId.get(payload.grantId)
          if (keys === undefined) {
            keys = new Set()
            keysByGrantId.set(payload.grantId, keys)
          }
          keys.add(key)
        }
      },
      async find(id) {
        return read(keyOf(id))
      },
      async findByUid(uid) {
        const id = sessionIdsByUid.get(uid)
        return id === undefined ? undefined : read(keyOf(id))
      },
      async findByUserCode(userCode) {
        const id = idsByUserCode.get(userCode)
        return id === undefined ? undefined : read(keyOf(id))
      },
      async consume(id) {
        const payload = read(keyOf(id))
        if (payload !== undefined) payload.consumed = Math.floor(now() / 1000)
      },
      async destroy(id) {
        const key = keyOf(id)
        const payload = entries.get(key)?.payload
        entries.delete(key)
        if (typeof payload?.uid === 'string' && sessionIdsByUid.get(payload.uid) === id) {
          sessionIdsByUid.delete(payload.uid)
        }
        if (typeof payload?.userCode === 'string') idsByUserCode.delete(payload.userCode)
      },
      async revokeByGrantId(grantId) {
        for (const key of keysByGrantId.get(grantId) ?? []) entries.delete(key)
        keysByGrantId.delete(grantId)
      },
    }
  }

  return {
    factory,
    clear() {
      entries.clear()
      sessionIdsByUid.clear()
      idsByUserCode.clear()
      keysByGrantId.clear()
    },
  }
}
