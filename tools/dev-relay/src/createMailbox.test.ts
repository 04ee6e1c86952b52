import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMailbox } from './createMailbox.ts'
import { MailboxFullError } from './errors.ts'

function setup(maxTtlSeconds = 3600) {
  const clock = { time: 1_000_000 }
  const mailbox = createMailbox({ maxTtlSeconds, now: () => clock.time })
  return { clock, mailbox }
}

const message = (text: string, ttlSeconds = 60) => ({
  topic: 'topic',
  message: text,
  ttlSeconds,
  tag: 1,
  publisherId: 'alice',
})

describe('createMailbox', () => {
  it('keeps a message for every client but its publisher until acknowledged', () => {
    const { mailbox } = setup()
    const stored = mailbox.publish(message('hello'))!
    expect(mailbox.unacknowledgedFor('alice', 'topic')).toEqual([])
    expect(mailbox.unacknowledgedFor('bob', 'topic')).toEqual([stored])
    mailbox.acknowledge('bob', stored.key)
    expect(mailbox.unacknowledgedFor('bob', 'topic')).toEqual([])
    expect(mailbox.unacknowledgedFor('carol', 'topic')).toEqual([stored])
  })

  it('stores the same content on a topic once', () => {
    const { mailbox } = setup()
    expect(mailbox.publish(message('hello'))).toBeDefined()
    expect(mailbox.publish({ ...message('hello'), publisherId: 'bob' })).toBeUndefined()
    expect(mailbox.size).toBe(1)
  })

  it('forgets messages after their TTL, capped by the maximum', () => {
    const { clock, mailbox } = setup(120)
    mailbox.publish(message('short', 60))
    mailbox.publish(message('capped', 10_000))
    clock.time += 60_000
    expect(mailbox.unacknowledgedFor('bob', 'topic').map((m) => m.message)).toEqual(['capped'])
    clock.time += 60_000
    expect(mailbox.unacknowledgedFor('bob', 'topic')).toEqual([])
    expect(mailbox.removeExpired()).toBe(2)
    expect(mailbox.size).toBe(0)
  })

  it('hands messages out oldest first', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 20 }), (texts) => {
        const { clock, mailbox } = setup()
        for (const text of texts) {
          mailbox.publish(message(text))
          clock.time += 1
        }
        expect(mailbox.unacknowledgedFor('bob', 'topic').map((m) => m.message)).toEqual(texts)
      }),
    )
  })

  describe('caps (issue 26 item 11)', () => {
    const capped = () => {
      const clock = { time: 1_000_000 }
      const mailbox = createMailbox({
        maxTtlSeconds: 3600,
        now: () => clock.time,
        maxMessagesPerTopic: 3,
        maxMessagesPerPublisher: 5,
        maxStoredBytes: 1000,
      })
      const publish = (topic: string, text: string, publisherId = 'alice', ttlSeconds = 60) =>
        mailbox.publish({ topic, message: text, ttlSeconds, tag: 1, publisherId })
      return { clock, mailbox, publish }
    }

    it('refuses a message beyond the per-topic cap, until older ones expire', () => {
      const { clock, mailbox, publish } = capped()
      for (const text of ['1', '2', '3']) publish('t', text, text)
      expect(() => publish('t', '4', 'dave')).toThrow(MailboxFullError)
      expect(() => publish('t', '4', 'dave')).toThrow('3 messages on this topic')
      expect(mailbox.size).toBe(3)
      clock.time += 61_000
      expect(publish('t', '4', 'dave')).toBeDefined()
      expect(mailbox.size).toBe(1)
    })

    it('refuses a message beyond the per-publisher cap, on any topic', () => {
      const { mailbox, publish } = capped()
      for (let i = 0; i < 5; i++) publish(`topic-${i}`, `m${i}`)
      expect(() => publish('topic-9', 'm9')).toThrow('5 messages from this client')
      expect(publish('topic-9', 'm9', 'bob')).toBeDefined()
      expect(mailbox.size).toBe(6)
    })

    it('refuses a message beyond the total byte cap, and counts bytes back when it expires', () => {
      const { clock, mailbox, publish } = capped()
      publish('a', 'x'.repeat(600), 'alice', 10)
      expect(() => publish('b', 'y'.repeat(500), 'bob')).toThrow('1000 bytes in total')
      expect(mailbox.bytes).toBe(600)
      clock.time += 11_000
      publish('b', 'y'.repeat(500), 'bob')
      expect(mailbox.bytes).toBe(500)
      expect(mailbox.removeExpired()).toBe(0)
    })
  })
})
