import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  analyticsEvent,
  maxEventPropsBytes,
  maxEventPropsDepth,
  postEventsBody,
} from './analytics.ts'
import { describeIssues } from './issues.ts'

const event = (changes: Record<string, unknown> = {}) => ({
  eventId: 'e-1',
  url: 'https://app.example/',
  domain: 'app.example',
  timestamp: 1_700_000_000_000,
  props: { type: 'error', event: 'CONNECT_ERROR', properties: { message: 'line 1\nline 2' } },
  ...changes,
})

/** The field and message a refused event is answered with. */
function refusal(value: unknown) {
  const result = v.safeParse(postEventsBody, value)
  expect(result.success).toBe(false)
  return result.success ? undefined : describeIssues(result.issues)
}

describe('analyticsEvent', () => {
  it('accepts an error report whose message spans lines', () => {
    expect(v.parse(analyticsEvent, event())).toEqual(event())
  })

  it('refuses control characters in its text fields, naming the field', () => {
    for (const field of ['eventId', 'url', 'domain'] as const) {
      for (const text of ['\u0000', 'a\nb', 'tab\there', '\u007f', 'lone \ud800']) {
        expect(refusal(event({ [field]: text }))?.field).toBe(`0.${field}`)
      }
    }
    expect(refusal(event({ props: { type: 'err\u0000' } }))?.field).toBe('0.props.type')
  })

  it('refuses NUL and lone surrogates anywhere in props, but keeps other text', () => {
    expect(refusal(event({ props: { properties: { stack: 'at x\u0000' } } }))).toEqual({
      field: '0.props.properties.stack',
      message: '0.props.properties.stack: props must not contain NUL characters or invalid Unicode',
    })
    expect(refusal(event({ props: { list: ['ok', '\udc00'] } }))?.field).toBe('0.props.list.1')
    expect(refusal(event({ props: { 'bad\u0000key': 1 } }))).toEqual({
      field: '0.props',
      message: '0.props: keys in props must not contain NUL characters or invalid Unicode',
    })
    // Astral characters are pairs of surrogates, not lone ones.
    const emoji = event({ props: { properties: { note: 'ok 🎉\r\n' } } })
    expect(v.parse(analyticsEvent, emoji)).toEqual(emoji)
  })

  it(`accepts props nested up to ${maxEventPropsDepth} levels, no deeper`, () => {
    const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)])
    expect(v.safeParse(analyticsEvent, event({ props: { x: nested(15) } })).success).toBe(true)
    expect(refusal(event({ props: { x: nested(16) } }))?.message).toMatch(
      /props is nested more than 16 levels deep$/,
    )
  })

  it('accepts exactly the timestamps that are safe integers of milliseconds', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeInteger()), (timestamp) => {
        const ok = v.safeParse(analyticsEvent, event({ timestamp })).success
        expect(ok).toBe(Number.isSafeInteger(timestamp) && timestamp >= 0)
      }),
    )
    expect(refusal(event({ timestamp: 1e20 }))?.field).toBe('0.timestamp')
  })
})

describe('event size caps', () => {
  it('refuses props over 4 KB of JSON, naming props', () => {
    const fits = event({ props: { type: 'track', properties: { note: 'x'.repeat(3_900) } } })
    expect(v.safeParse(analyticsEvent, fits).success).toBe(true)
    const tooBig = event({ props: { type: 'track', properties: { note: 'x'.repeat(4_100) } } })
    expect(refusal(tooBig)).toEqual({
      field: '0.props',
      message: `0.props: props must be at most ${maxEventPropsBytes} bytes of JSON`,
    })
  })
})
