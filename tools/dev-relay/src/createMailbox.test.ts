import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createMailbox } from './createMailbox.ts'

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
})
