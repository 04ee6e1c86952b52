import { createHash, randomBytes } from 'node:crypto'
import type { Cache } from './createCache.ts'

/** A response kept as the bytes it is answered with, and its entity tag. */
export type CachedResponse = { etag: string; body: string }

export type CreateResponseCacheParameters = {
  cache: Cache
  /**
   * How long a process trusts the registry version it last read. With Redis, a registry import by
   * another process (`foyer-server registry import`) reaches every process within it. Default 1 s.
   */
  versionTtlMs?: number | undefined
  now?: (() => number) | undefined
}

export type ResponseCache = {
  /** The stored response of `key` (already prefixed by the caller with what it depends on). */
  get: (key: string) => Promise<CachedResponse | undefined>
  /** Serialises `value` once, stores the text and its entity tag, and returns them. */
  set: (key: string, value: unknown, ttlMs: number) => Promise<CachedResponse>
  /** A binary response (an image), stored as base64 with its content type. */
  getBinary: (key: string) => Promise<CachedBinary | undefined>
  setBinary: (
    key: string,
    value: { contentType: string; data: Uint8Array },
    ttlMs: number,
  ) => Promise<CachedBinary>
  /** The current wallet-registry version: part of the key of every answer built from it. */
  registryVersion: () => Promise<string>
  /** Drops every answer built from the registry (all processes sharing the cache backend). */
  invalidateRegistry: () => Promise<void>
}

export type CachedBinary = { etag: string; contentType: string; data: Buffer }

const registryVersionKey = 'response:registry-version'
/** The version outlives any answer keyed by it (a missing version is replaced by a new one). */
const registryVersionLifetimeMs = 365 * 24 * 3_600_000

/** The strong entity tag of a body: a hash, so every process tags the same bytes alike. */
export function entityTag(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * Whole responses in the shared cache (memory or Redis), stored as their serialised text so a hit
 * is answered as is: no parsing and serialising again. Text entries are `etag\nbody`.
 */
export function createResponseCache(parameters: CreateResponseCacheParameters): ResponseCache {
  const { cache, versionTtlMs = 1_000, now = Date.now } = parameters
  let version: { value: string; readAt: number } | undefined

  async function writeVersion(): Promise<string> {
    const value = randomBytes(6).toString('base64url')
    await cache.setText(registryVersionKey, value, registryVersionLifetimeMs)
    version = { value, readAt: now() }
    return value
  }

  return {
    async get(key) {
      const text = await cache.getText(key)
      if (text === undefined) return undefined
      const split = text.indexOf('\n')
      return { etag: text.slice(0, split), body: text.slice(split + 1) }
    },
    async set(key, value, ttlMs) {
      const body = JSON.stringify(value)
      const etag = entityTag(body)
      await cache.setText(key, `${etag}\n${body}`, ttlMs)
      return { etag, body }
    },
    async getBinary(key) {
      const text = await cache.getText(key)
      if (text === undefined) return undefined
      const [etag, contentType, data] = text.split('\n') as [string, string, string]
      return { etag, contentType, data: Buffer.from(data, 'base64') }
    },
    async setBinary(key, { contentType, data }, ttlMs) {
      const buffer = Buffer.from(data)
      const etag = entityTag(buffer)
      await cache.setText(key, `${etag}\n${contentType}\n${buffer.toString('base64')}`, ttlMs)
      return { etag, contentType, data: buffer }
    },
    async registryVersion() {
      if (version && now() - version.readAt < versionTtlMs) return version.value
      const stored = await cache.getText(registryVersionKey)
      if (stored === undefined) return writeVersion()
      version = { value: stored, readAt: now() }
      return stored
    },
    async invalidateRegistry() {
      await writeVersion()
    },
  }
}
