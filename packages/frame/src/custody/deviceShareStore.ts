/** Where the frame keeps this device's share, one per wallet (user id). */
export type DeviceShareStore = {
  /** A random id of this device (browser profile), made on first use and kept. */
  getDeviceId: () => Promise<string>
  getShare: (walletId: string) => Promise<Uint8Array | null>
  setShare: (walletId: string, share: Uint8Array) => Promise<void>
  deleteShare: (walletId: string) => Promise<void>
  /**
   * The wallet's recovery key, kept by every device that created or recovered the wallet so it
   * can approve the visitor's next device and add recovery methods without asking for a factor.
   */
  getRecoveryKey: (walletId: string) => Promise<Uint8Array | null>
  setRecoveryKey: (walletId: string, key: Uint8Array) => Promise<void>
}

/** A key-value place for structured-cloneable values (IndexedDB, or a Map in tests). */
export type StructuredCloneBackend = {
  get: (key: string) => Promise<unknown>
  put: (key: string, value: unknown) => Promise<void>
  delete: (key: string) => Promise<void>
}

type EncryptedShare = { iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer }

const WRAPPING_KEY = 'wrapping-key'
const DEVICE_ID = 'device-id'

/**
 * Encrypts each share with AES-GCM under a non-extractable CryptoKey kept in the same backend:
 * script on the frame origin can use the key but never read its bytes, and a copy of the stored
 * data without the browser's key material is useless.
 */
export function createEncryptedDeviceShareStore(backend: StructuredCloneBackend): DeviceShareStore {
  let wrappingKey: Promise<CryptoKey> | undefined
  const getWrappingKey = () => {
    wrappingKey ??= (async () => {
      const existing = await backend.get(WRAPPING_KEY)
      if (existing instanceof CryptoKey) return existing
      const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
        'encrypt',
        'decrypt',
      ])
      await backend.put(WRAPPING_KEY, key)
      return key
    })()
    return wrappingKey
  }
  const shareKey = (walletId: string) => `share:${walletId}`
  const recoveryKeyKey = (walletId: string) => `recovery-key:${walletId}`
  const read = async (key: string) => {
    const stored = (await backend.get(key)) as EncryptedShare | undefined
    if (!stored) return null
    const plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: stored.iv },
      await getWrappingKey(),
      stored.ciphertext,
    )
    return new Uint8Array(plaintext)
  }
  const write = async (key: string, value: Uint8Array) => {
    const iv = crypto.getRandomValues(new Uint8Array(12))
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      await getWrappingKey(),
      value as Uint8Array<ArrayBuffer>,
    )
    await backend.put(key, { iv, ciphertext } satisfies EncryptedShare)
  }
  return {
    async getDeviceId() {
      const existing = await backend.get(DEVICE_ID)
      if (typeof existing === 'string') return existing
      const deviceId = crypto.randomUUID()
      await backend.put(DEVICE_ID, deviceId)
      return deviceId
    },
    getShare: (walletId) => read(shareKey(walletId)),
    setShare: (walletId, share) => write(shareKey(walletId), share),
    async deleteShare(walletId) {
      await backend.delete(shareKey(walletId))
      await backend.delete(recoveryKeyKey(walletId))
    },
    getRecoveryKey: (walletId) => read(recoveryKeyKey(walletId)),
    setRecoveryKey: (walletId, key) => write(recoveryKeyKey(walletId), key),
  }
}

/** A device share store in memory, for Node and tests; shares are still encrypted. */
export function createMemoryDeviceShareStore(): DeviceShareStore & {
  backend: StructuredCloneBackend
} {
  const values = new Map<string, unknown>()
  const backend: StructuredCloneBackend = {
    get: async (key) => values.get(key),
    put: async (key, value) => {
      values.set(key, structuredClone(value))
    },
    delete: async (key) => {
      values.delete(key)
    },
  }
  return { ...createEncryptedDeviceShareStore(backend), backend }
}

export type CreateIndexedDbDeviceShareStoreParameters = {
  indexedDB?: IDBFactory
  databaseName?: string
}

/** The browser store: IndexedDB on the frame's origin. */
export function createIndexedDbDeviceShareStore(
  parameters: CreateIndexedDbDeviceShareStoreParameters = {},
): DeviceShareStore {
  const factory = parameters.indexedDB ?? globalThis.indexedDB
  const databaseName = parameters.databaseName ?? 'foyer-frame'
  const storeName = 'custody'
  let database: Promise<IDBDatabase> | undefined
  const open = () => {
    database ??= new Promise((resolve, reject) => {
      const request = factory.open(databaseName, 1)
      request.onupgradeneeded = () => request.result.createObjectStore(storeName)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    return database
  }
  const run = async <value>(
    mode: IDBTransactionMode,
    action: (store: IDBObjectStore) => IDBRequest,
  ): Promise<value> => {
    const db = await open()
    return new Promise<value>((resolve, reject) => {
      const transaction = db.transaction(storeName, mode)
      const request = action(transaction.objectStore(storeName))
      transaction.oncomplete = () => resolve(request.result as value)
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  }
  return createEncryptedDeviceShareStore({
    get: (key) => run('readonly', (store) => store.get(key)),
    put: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key))
    },
    delete: async (key) => {
      await run('readwrite', (store) => store.delete(key))
    },
  })
}
