import { createHash } from 'node:crypto'

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
}

export type MailboxPublishParameters = {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  publisherId: string
}

export type CreateMailboxReturnType = {
  /** Stores a message; returns `undefined` when the same content is already stored on the topic. */
  publish(parameters: MailboxPublishParameters): MailboxMessage | undefined
  /** Unexpired messages on `topic` that `clientId` neither published nor acknowledged, oldest first. */
  unacknowledgedFor(clientId: string, topic: string): MailboxMessage[]
  acknowledge(clientId: string, key: string): void
  /** Drops expired messages; returns how many were dropped. */
  removeExpired(): number
  readonly size: number
}

type Entry = MailboxMessage & { acknowledgedBy: Set<string> }

/** Per-topic store of relayed messages, kept until their TTL, remembering who acknowledged what. */
export function createMailbox({
  maxTtlSeconds,
  now,
}: CreateMailboxParameters): CreateMailboxReturnType {
  const entriesByTopic = new Map<string, Map<string, Entry>>()
  let size = 0

  return {
    publish({ topic, message, ttlSeconds, tag, publisherId }) {
      const key = `${topic}:${createHash('sha256').update(message).digest('hex')}`
      let entries = entriesByTopic.get(topic)
      if (!entries) {
        entries = new Map()
        entriesByTopic.set(topic, entries)
      }
      const existing = entries.get(key)
      if (existing && existing.expiresAt > now()) return undefined
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
      if (!existing) size++
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
            removed++
          }
        }
        if (entries.size === 0) entriesByTopic.delete(topic)
      }
      size -= removed
      return removed
    },

    get size() {
      return size
    },
  }
}

function toMessage({ acknowledgedBy: _, ...message }: Entry): MailboxMessage {
  return message
}
