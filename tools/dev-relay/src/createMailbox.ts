import { createHash } from 'node:crypto'
import { MailboxFullError } from './errors.ts'

export type MailboxMessage = {
  /** Identity of the message in the mailbox: topic plus a hash of its content. */
  key: string
  topic: string
  message: string
  /** Milliseconds since the epoch. */
  publishedAt: number
  /** Milliseconds since the epoch; the message is dropped from then on. */
  expiresAt: number
  tag: number
  publisherId: string
}

export type CreateMailboxParameters = {
  /** Upper bound of a message's time to live, whatever its publisher asks for. */
  maxTtlSeconds: number
  /** Clock in milliseconds (tests pass their own). */
  now: () => number
  /** Unexpired messages kept per topic. Default 500. */
  maxMessagesPerTopic?: number | undefined
  /** Unexpired messages kept per publisher (client id). Default 1000. */
  maxMessagesPerPublisher?: number | undefined
  /** Bytes (UTF-8) of every kept message together. Default 64 MiB. */
  maxStoredBytes?: number | undefined
}

export type MailboxPublishParameters = {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  publisherId: string
}

export type CreateMailboxReturnType = {
  /**
   * Stores a message; returns `undefined` when the same content is already stored on the topic.
   * Throws `MailboxFullError` when the topic, the publisher or the whole mailbox is at its cap.
   */
  publish(parameters: MailboxPublishParameters): MailboxMessage | undefined
  /** Unexpired messages on `topic` that `clientId` neither published nor acknowledged, oldest first. */
  unacknowledgedFor(clientId: string, topic: string): MailboxMessage[]
  acknowledge(clientId: string, key: string): void
  /** Drops expired messages; returns how many were dropped. */
  removeExpired(): number
  readonly size: number
  /** UTF-8 bytes of the kept messages. */
  readonly bytes: number
}

type Entry = MailboxMessage & { acknowledgedBy: Set<string> }

/** Per-topic store of relayed messages, kept until their TTL, remembering who acknowledged what. */
export function createMailbox({
  maxTtlSeconds,
  now,
  maxMessagesPerTopic = 500,
  maxMessagesPerPublisher = 1000,
  maxStoredBytes = 64 * 1024 * 1024,
}: CreateMailboxParameters): CreateMailboxReturnType {
  const entriesByTopic = new Map<string, Map<string, Entry>>()
  const countByPublisher = new Map<string, number>()
  let size = 0
  let bytes = 0

  const forget = (entry: Entry) => {
    size--
    bytes -= Buffer.byteLength(entry.message)
    const count = (countByPublisher.get(entry.publisherId) ?? 1) - 1
    if (count > 0) countByPublisher.set(entry.publisherId, count)
    else countByPublisher.delete(entry.publisherId)
  }

  /** The cap this message would exceed, if any (expired messages do not count). */
  const capExceeded = (topic: string, publisherId: string, messageBytes: number) => {
    if ((entriesByTopic.get(topic)?.size ?? 0) >= maxMessagesPerTopic)
      return `${maxMessagesPerTopic} messages on this topic`
    if ((countByPublisher.get(publisherId) ?? 0) >= maxMessagesPerPublisher)
      return `${maxMessagesPerPublisher} messages from this client`
    if (bytes + messageBytes > maxStoredBytes) return `${maxStoredBytes} bytes in total`
    return undefined
  }

  const mailbox: CreateMailboxReturnType = {
    publish({ topic, message, ttlSeconds, tag, publisherId }) {
      const key = `${topic}:${createHash('sha256').update(message).digest('hex')}`
      const existing = entriesByTopic.get(topic)?.get(key)
      if (existing && existing.expiresAt > now()) return undefined
      if (existing) {
        entriesByTopic.get(topic)?.delete(key)
        forget(existing)
      }
      const messageBytes = Buffer.byteLength(message)
      if (capExceeded(topic, publisherId, messageBytes)) mailbox.removeExpired()
      const exceeded = capExceeded(topic, publisherId, messageBytes)
      if (exceeded) throw new MailboxFullError(exceeded)
      let entries = entriesByTopic.get(topic)
      if (!entries) {
        entries = new Map()
        entriesByTopic.set(topic, entries)
      }
      const publishedAt = now()
      const ttlMs = Math.min(Math.max(ttlSeconds, 0), maxTtlSeconds) * 1000
      const entry: Entry = {
        key,
        topic,
        message,
        publishedAt,
        expiresAt: publishedAt + ttlMs,
        tag,
        publisherId,
        // The publisher never gets its own message back.
        acknowledgedBy: new Set([publisherId]),
      }
      size++
      bytes += messageBytes
      countByPublisher.set(publisherId, (countByPublisher.get(publisherId) ?? 0) + 1)
      entries.set(key, entry)
      return toMessage(entry)
    },

    unacknowledgedFor(clientId, topic) {
      const entries = entriesByTopic.get(topic)
      if (!entries) return []
      const time = now()
      return [...entries.values()]
        .filter((entry) => entry.expiresAt > time && !entry.acknowledgedBy.has(clientId))
        .sort((a, b) => a.publishedAt - b.publishedAt)
        .map(toMessage)
    },

    acknowledge(clientId, key) {
      const topic = key.slice(0, key.lastIndexOf(':'))
      entriesByTopic.get(topic)?.get(key)?.acknowledgedBy.add(clientId)
    },

    removeExpired() {
      const time = now()
      let removed = 0
      for (const [topic, entries] of entriesByTopic) {
        for (const [key, entry] of entries) {
          if (entry.expiresAt <= time) {
            entries.delete(key)
            forget(entry)
            removed++
          }
        }
        if (entries.size === 0) entriesByTopic.delete(topic)
      }
      return removed
    },

    get size() {
      return size
    },

    get bytes() {
      return bytes
    },
  }
  return mailbox
}

function toMessage({ acknowledgedBy: _, ...message }: Entry): MailboxMessage {
  return message
}
