import { describe, expect, it } from 'vitest'
import { createMemoryDeviceShareStore } from './deviceShareStore.ts'

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
})
