import { createHash, randomBytes } from 'node:crypto'
import { type PreparedAnswer, prepareAnswer } from '../http/preparedAnswer.ts'
import type { Cache } from './createCache.ts'
import { refreshAfterMs } from './refreshAfterMs.ts'

/** What Fastify sends for a serialised object: a stored answer goes out with the same type. */
export const jsonContentType = 'application/json; charset=utf-8'

/** A stored response, ready to be written (see `PreparedAnswer`), with its entity tag. */
export type CachedResponse = PreparedAnswer & { etag: string }

export type CreateResponseCacheParameters = {
  cache: Cache
  /**
   * How long a process trusts the registry version it last read (from when it asked). With Redis,
   * a registry import by another process (`foyer-server registry import`) reaches every process
   * within it. Default 1 s. Ahead of that (see `refreshAfterMs`), the next request has it read again
   * in the background (one read at a time), so requests are answered without waiting for it.
   */
  versionTtlMs?: number | undefined
  /** Prepared answers this process keeps (the oldest is dropped when full). Default 1 000. */
  maxPreparedEntries?: number | undefined
  now?: (() => number) | undefined
}

export type ResponseCache = {
  /**
   * The stored response of `key` (already prefixed by the caller with what it depends on).
   * `immutableMs`: the key names its content (a registry version is part of it), so this
   * process answers what it prepared for it that long without asking the shared cache.
   */
  get: (
    key: string,
    options?: { immutableMs?: number | undefined },
  ) => Promise<CachedResponse | undefined>
  /** Serialises `value` once, stores the text and its entity tag, and returns them prepared. */
  set: (key: string, value: unknown, ttlMs: number) => Promise<CachedResponse>
  /** A binary response (an image), stored as base64 with its content type. */
  getBinary: (
    key: string,
    options?: { immutableMs?: number | undefined },
  ) => Promise<CachedResponse | undefined>
  setBinary: (
    key: string,
    value: { contentType: string; data: Uint8Array },
    ttlMs: number,
  ) => Promise<CachedResponse>
  /** The current wallet-registry version: part of the key of every answer built from it. */
  registryVersion: () => Promise<string>
  /**
   * The registry version while this process still trusts what it read, else undefined. Ahead of
   * its end, a read is started in the background (see `versionTtlMs`).
   */
  peekRegistryVersion: () => string | undefined
  /** Drops every answer built from the registry (all processes sharing the cache backend). */
  invalidateRegistry: () => Promise<void>
}

const registryVersionKey = 'response:registry-version'
/** The version outlives any answer keyed by it (a missing version is replaced by a new one). */
const registryVersionLifetimeMs = 365 * 24 * 3_600_000

/** The strong entity tag of a body: a hash, so every process tags the same bytes alike. */
export function entityTag(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}

/**
 * Whole responses in the shared cache (memory or Redis), stored as their serialised text so a hit
 * is answered as is: no parsing and serialising again. Text entries are `etag\nbody` (JSON) or
 * `etag\ncontent type\nbase64` (binary). Each process keeps the answers it prepared from them
 * (bytes, compressed copies): a hit whose stored text is unchanged reuses them.
 */
export function createResponseCache(parameters: CreateResponseCacheParameters): ResponseCache {
  const { cache, versionTtlMs = 1_000, maxPreparedEntries = 1_000, now = Date.now } = parameters
  /** The version and when it was asked for: what another process wrote before then is in it. */
  let version: { value: string; readAt: number } | undefined
  /** The read under way: requests wanting the version meanwhile share it. */
  let reading: Promise<string> | undefined
  /** Versions this process wrote, and the last write: a read asked before it is older. */
  let written = 0
  let writing: Promise<string> | undefined
  const prepared = new Map<string, { text: string; answer: CachedResponse; preparedAt: number }>()

  function remember(key: string, text: string, answer: CachedResponse): CachedResponse {
    prepared.delete(key)
    if (prepared.size >= maxPreparedEntries) {
      const oldest = prepared.keys().next()
      if (!oldest.done) prepared.delete(oldest.value)
    }
    prepared.set(key, { text, answer, preparedAt: now() })
    return answer
  }

  async function lookUp(
    key: string,
    immutableMs: number | undefined,
    prepare: (text: string) => CachedResponse,
  ): Promise<CachedResponse | undefined> {
    const known = prepared.get(key)
    if (known && immutableMs !== undefined && now() - known.preparedAt < immutableMs)
      return known.answer
    const text = await cache.getText(key)
    if (text === undefined) return undefined
    // The same string (memory cache) or equal text (Redis): what was prepared still holds.
    if (known && known.text === text) return known.answer
    return remember(key, text, prepare(text))
  }

  function prepareJson(text: string): CachedResponse {
    const split = text.indexOf('\n')
    const etag = text.slice(0, split)
    return { ...prepareAnswer({ body: text.slice(split + 1), contentType: jsonContentType }), etag }
  }

  function prepareBinary(text: string): CachedResponse {
    const [etag, contentType, data] = text.split('\n') as [string, string, string]
    return { ...prepareAnswer({ body: Buffer.from(data, 'base64'), contentType }), etag }
  }

  function writeVersion(): Promise<string> {
    const value = randomBytes(6).toString('base64url')
    const writtenAt = now()
    written++
    writing = cache.setText(registryVersionKey, value, registryVersionLifetimeMs).then(() => {
      version = { value, readAt: writtenAt }
      return value
    })
    return writing
  }

  /** One read of the shared version at a time; a read older than what is known is dropped. */
  function readVersion(): Promise<string> {
    reading ??= (async () => {
      const askedAt = now()
      const writtenBefore = written
      const stored = await cache.getText(registryVersionKey)
      // An invalidation by this process while the read was under way wrote a newer version.
      if (written !== writtenBefore) return writing!
      if (stored === undefined) return writeVersion()
      version = { value: stored, readAt: askedAt }
      return stored
    })().finally(() => {
      reading = undefined
    })
    return reading
  }

  /** The version while trusted, having it read again ahead of the end of its trust. */
  function trustedVersion(): string | undefined {
    if (version === undefined) return undefined
    const age = now() - version.readAt
    if (age >= versionTtlMs) return undefined
    // The background read never fails a request: the fallback cache answers (or this process's).
    if (age >= refreshAfterMs(versionTtlMs) && reading === undefined)
      readVersion().catch(() => undefined)
    return version.value
  }

  return {
    get: (key, options) => lookUp(key, options?.immutableMs, prepareJson),
    async set(key, value, ttlMs) {
      const body = JSON.stringify(value)
      const etag = entityTag(body)
      const text = `${etag}\n${body}`
      await cache.setText(key, text, ttlMs)
      return remember(key, text, {
        ...prepareAnswer({ body, contentType: jsonContentType }),
        etag,
      })
    },
    getBinary: (key, options) => lookUp(key, options?.immutableMs, prepareBinary),
    async setBinary(key, { contentType, data }, ttlMs) {
      const buffer = Buffer.from(data)
      const etag = entityTag(buffer)
      const text = `${etag}\n${contentType}\n${buffer.toString('base64')}`
      await cache.setText(key, text, ttlMs)
      return remember(key, text, { ...prepareAnswer({ body: buffer, contentType }), etag })
    },
    async registryVersion() {
      return trustedVersion() ?? readVersion()
    },
    peekRegistryVersion: trustedVersion,
    async invalidateRegistry() {
      await writeVersion()
    },
  }
}
