import { describe, expect, it } from 'vitest'
import {
  createEncryptedDeviceShareStore,
  createIndexedDbDeviceShareStore,
  createMemoryDeviceShareStore,
} from './deviceShareStore.ts'

describe('createMemoryDeviceShareStore', () => {
  it('keeps shares encrypted under a non-extractable key and returns them intact', async () => {
    const store = createMemoryDeviceShareStore()
    const share = crypto.getRandomValues(new Uint8Array(33))
    await store.setShare('user-1', share)
    expect(await store.getShare('user-1')).toEqual(share)
    expect(await store.getShare('user-2')).toBeNull()
    const key = (await store.backend.get('wrapping-key')) as CryptoKey
    expect(key.extractable).toBe(false)
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    const stored = (await store.backend.get('share:user-1')) as { ciphertext: ArrayBuffer }
    expect(new Uint8Array(stored.ciphertext)).not.toEqual(share)
    expect(await store.getDeviceId()).toBe(await store.getDeviceId())
    await store.deleteShare('user-1')
    expect(await store.getShare('user-1')).toBeNull()
  })

  it("keeps each wallet's recovery key beside its share, and forgets both together", async () => {
    const store = createMemoryDeviceShareStore()
    const share = crypto.getRandomValues(new Uint8Array(33))
    const recoveryKey = crypto.getRandomValues(new Uint8Array(32))
    await store.setShare('user-1', share)
    await store.setRecoveryKey('user-1', recoveryKey)
    await store.setRecoveryKey('user-2', new Uint8Array(32).fill(2))
    expect(await store.getRecoveryKey('user-1')).toEqual(recoveryKey)
    expect(await store.getShare('user-1')).toEqual(share)
    expect(await store.getRecoveryKey('user-3')).toBeNull()
    await store.deleteShare('user-1')
    expect(await store.getShare('user-1')).toBeNull()
    expect(await store.getRecoveryKey('user-1')).toBeNull()
    expect(await store.getRecoveryKey('user-2')).toEqual(new Uint8Array(32).fill(2))
  })
})

describe('data kept by an earlier build of the frame', () => {
  it('stays readable: the wrapping key, the device id and the entries keep their names', async () => {
    const earlier = createMemoryDeviceShareStore()
    const share = new Uint8Array([1, 2, 3])
    await earlier.setShare('user-1', share)
    await earlier.setRecoveryKey('user-1', new Uint8Array(32).fill(4))
    const deviceId = await earlier.getDeviceId()
    expect([...(await keysOf(earlier.backend))].sort()).toEqual([
      'device-id',
      'recovery-key:user-1',
      'share:user-1',
      'wrapping-key',
    ])
    // A new page load: a new store over the same backend reuses the key and the device id.
    const later = createEncryptedDeviceShareStore(earlier.backend)
    expect(await later.getShare('user-1')).toEqual(share)
    expect(await later.getRecoveryKey('user-1')).toEqual(new Uint8Array(32).fill(4))
    expect(await later.getDeviceId()).toBe(deviceId)
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/)
  })
})

async function keysOf(backend: { get: (key: string) => Promise<unknown> }) {
  const names = ['device-id', 'wrapping-key', 'share:user-1', 'recovery-key:user-1', '']
  const present = new Set<string>()
  for (const name of names) if ((await backend.get(name)) !== undefined) present.add(name)
  return present
}

describe('createIndexedDbDeviceShareStore', () => {
  it("keeps shares in the frame origin's 'foyer-frame' database, 'custody' store", async () => {
    const indexedDB = createFakeIndexedDb()
    const store = createIndexedDbDeviceShareStore({ indexedDB })
    const share = new Uint8Array([9, 8, 7])
    await store.setShare('user-1', share)
    expect(await store.getShare('user-1')).toEqual(share)
    expect(await store.getShare('user-2')).toBeNull()
    const deviceId = await store.getDeviceId()
    expect(indexedDB.opened).toEqual([['foyer-frame', 1]])
    const custody = indexedDB.databases.get('foyer-frame')?.get('custody')
    expect([...(custody?.keys() ?? [])].sort()).toEqual([
      'device-id',
      'share:user-1',
      'wrapping-key',
    ])
    expect(custody?.get('device-id')).toBe(deviceId)
    // Reopened after a reload, the same database gives back the same share.
    const reloaded = createIndexedDbDeviceShareStore({ indexedDB })
    expect(await reloaded.getShare('user-1')).toEqual(share)
    await reloaded.deleteShare('user-1')
    expect(await store.getShare('user-1')).toBeNull()
    expect(indexedDB.opened).toEqual([
      ['foyer-frame', 1],
      ['foyer-frame', 1],
    ])
  })

  it('uses the database name it is given, and the global indexedDB by default', async () => {
    const indexedDB = createFakeIndexedDb()
    const original = globalThis.indexedDB
    Object.defineProperty(globalThis, 'indexedDB', { value: indexedDB, configurable: true })
    try {
      await createIndexedDbDeviceShareStore().setShare('user-1', new Uint8Array([1]))
      await createIndexedDbDeviceShareStore({ databaseName: 'other' }).getDeviceId()
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', { value: original, configurable: true })
    }
    expect(indexedDB.opened).toEqual([
      ['foyer-frame', 1],
      ['other', 1],
    ])
  })

  it('rejects when the database cannot be opened or a transaction fails', async () => {
    const blocked = createFakeIndexedDb({ failOpen: true })
    await expect(
      createIndexedDbDeviceShareStore({ indexedDB: blocked }).getDeviceId(),
    ).rejects.toThrow('blocked')
    const failing = createFakeIndexedDb({ failTransactions: 'error' })
    await expect(
      createIndexedDbDeviceShareStore({ indexedDB: failing }).getDeviceId(),
    ).rejects.toThrow('quota')
    const aborting = createFakeIndexedDb({ failTransactions: 'abort' })
    await expect(
      createIndexedDbDeviceShareStore({ indexedDB: aborting }).getDeviceId(),
    ).rejects.toThrow('quota')
  })
})

/**
 * The part of IndexedDB the store uses, in memory, with its asynchrony: requests succeed after
 * the caller set its handlers, a transaction completes after its request.
 */
function createFakeIndexedDb(
  options: { failOpen?: boolean; failTransactions?: 'error' | 'abort' } = {},
) {
  const databases = new Map<string, Map<string, Map<string, unknown>>>()
  const opened: [string, number][] = []
  const later = (fn: () => void) => setTimeout(fn, 0)
  const factory = {
    databases,
    opened,
    open(name: string, version: number) {
      opened.push([name, version])
      const request: Record<string, unknown> & {
        onupgradeneeded?: () => void
        onsuccess?: () => void
        onerror?: () => void
      } = {}
      later(() => {
        if (options.failOpen) {
          request.error = new Error('blocked')
          request.onerror?.()
          return
        }
        const isNew = !databases.has(name)
        const stores = databases.get(name) ?? new Map<string, Map<string, unknown>>()
        databases.set(name, stores)
        request.result = {
          createObjectStore: (store: string) => stores.set(store, new Map()),
          transaction(store: string, mode: string) {
            if (mode !== 'readonly' && mode !== 'readwrite') throw new TypeError(`mode ${mode}`)
            const transaction: Record<string, unknown> & {
              oncomplete?: () => void
              onerror?: () => void
              onabort?: () => void
            } = {
              objectStore() {
                const values = stores.get(store)!
                const respond = (result: unknown, write: () => void) => {
                  const op = { result }
                  later(() => {
                    if (options.failTransactions) {
                      transaction.error = new Error('quota')
                      if (options.failTransactions === 'error') transaction.onerror?.()
                      else transaction.onabort?.()
                      return
                    }
                    if (mode === 'readwrite') write()
                    transaction.oncomplete?.()
                  })
                  return op
                }
                return {
                  get: (key: string) => respond(values.get(key), () => {}),
                  put: (value: unknown, key: string) =>
                    respond(key, () => values.set(key, structuredClone(value))),
                  delete: (key: string) => respond(undefined, () => values.delete(key)),
                }
              },
            }
            return transaction
          },
        }
        if (isNew) request.onupgradeneeded?.()
        request.onsuccess?.()
      })
      return request
    },
  }
  return factory as typeof factory & IDBFactory
}
