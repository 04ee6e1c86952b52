import { createRegisterNameMessage, nameLabelMessages } from '@foyer/protocol'
import { describe, expect, it } from 'vitest'
import type { HttpError } from '../errors.ts'
import {
  InvalidNameError,
  InvalidRegistrationMessageError,
  RegistrationMessageExpiredError,
} from './errors.ts'
import { parseRegistrationMessage } from './parseRegistrationMessage.ts'

const zone = 'foyer.eth'
const now = 1_750_000_000_000
const parse = (message: string) => parseRegistrationMessage({ message, zone, now })
const refusal = (message: string) => {
  try {
    parse(message)
  } catch (error) {
    return error as HttpError
  }
  throw new Error('accepted')
}

describe('parseRegistrationMessage', () => {
  it('reads the name, the attributes and the timestamp of the signed JSON text', () => {
    const message = createRegisterNameMessage({
      name: 'Visitor-1.foyer.eth',
      attributes: { avatar: 'https://example.com/a.png', description: 'hi' },
      timestamp: now - 60_000,
    })
    expect(parse(message)).toEqual({
      name: 'visitor-1.foyer.eth',
      label: 'visitor-1',
      zone,
      attributes: { avatar: 'https://example.com/a.png', description: 'hi' },
      timestamp: now - 60_000,
    })
    expect(parse(JSON.stringify({ name: 'alice.foyer.eth', timestamp: now })).attributes).toEqual(
      {},
    )
  })

  it('reads a timestamp in seconds as seconds', () => {
    const seconds = Math.floor(now / 1000) - 30
    expect(parse(JSON.stringify({ name: 'alice.foyer.eth', timestamp: seconds })).timestamp).toBe(
      seconds * 1000,
    )
  })

  it('refuses timestamps more than 10 minutes away, either way', () => {
    for (const timestamp of [now - 10 * 60_000 - 1, now + 10 * 60_000 + 1, 0]) {
      const error = refusal(JSON.stringify({ name: 'alice.foyer.eth', timestamp }))
      expect(error).toBeInstanceOf(RegistrationMessageExpiredError)
      expect(error.field).toBe('message')
    }
    expect(
      parse(JSON.stringify({ name: 'alice.foyer.eth', timestamp: now - 10 * 60_000 })).name,
    ).toBe('alice.foyer.eth')
  })

  it('refuses text that is not the message, naming what is wrong', () => {
    expect(refusal('alice.foyer.eth')).toBeInstanceOf(InvalidRegistrationMessageError)
    expect(refusal('alice.foyer.eth').shortMessage).toBe(
      'message must be the JSON text of { name, attributes?, timestamp }: it is not JSON',
    )
    expect(refusal(JSON.stringify({ name: 'alice.foyer.eth' })).shortMessage).toMatch(/timestamp/)
    expect(
      refusal(JSON.stringify({ name: 'alice.foyer.eth', timestamp: '1' })).shortMessage,
    ).toMatch(/timestamp must be a number/)
    expect(
      refusal(JSON.stringify({ name: 'alice.foyer.eth', timestamp: now, attributes: { url: 'x' } }))
        .shortMessage,
    ).toMatch(/attributes may hold only avatar and description/)
    expect(
      refusal(
        JSON.stringify({
          name: 'alice.foyer.eth',
          timestamp: now,
          attributes: { avatar: 'a\u0000' },
        }),
      ).shortMessage,
    ).toMatch(/avatar must not contain control characters/)
    expect(refusal('[]')).toBeInstanceOf(InvalidRegistrationMessageError)
  })

  it("refuses names that break the zone's rules", () => {
    for (const [name, message] of [
      ['abc.foyer.eth', nameLabelMessages.characters],
      ['ali_ce.foyer.eth', nameLabelMessages.characters],
      ['alice.eth', 'name must end in .foyer.eth'],
    ]) {
      const error = refusal(JSON.stringify({ name, timestamp: now }))
      expect(error).toBeInstanceOf(InvalidNameError)
      expect(error.shortMessage).toBe(message)
    }
  })
})
