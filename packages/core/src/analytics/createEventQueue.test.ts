import { type AnalyticsEvent, jsonByteLength, maxEventsBodyBytes } from '@foyer/protocol'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import {
  type AnalyticsTransport,
  createEventQueue,
  type PostResult,
  toBatches,
} from './createEventQueue.ts'

let counter = 0
function event(type: 'track' | 'error' = 'track', name = 'MODAL_OPEN'): AnalyticsEvent {
  counter++
  return {
    eventId: `e${counter}`,
    url: 'https://app.example/',
    domain: 'app.example',
    timestamp: Date.now(),
    props: { type, event: name, properties: {} },
  }
}

function recordingTransport(answer: PostResult = 'ok') {
  const posts: { events: AnalyticsEvent[]; keepalive: boolean }[] = []
  const beacons: AnalyticsEvent[][] = []
  let beaconAccepts = true
  const transport: AnalyticsTransport = {
    post: vi.fn(async (events, { keepalive }) => {
      posts.push({ events, keepalive })
      return answer
    }),
    beacon: vi.fn((events) => {
      if (beaconAccepts) beacons.push(events)
      return beaconAccepts
    }),
  }
  return {
    transport,
    posts,
    beacons,
    refuseBeacons() {
      beaconAccepts = false
    },
  }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createEventQueue', () => {
  test('sends nothing before release, however long events wait', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport })
    queue.add(event())
    queue.add(event())
    await vi.advanceTimersByTimeAsync(60_000)
    await queue.flush()
    await queue.flush({ beacon: true })
    expect(posts).toEqual([])
    expect(transport.beacon).not.toHaveBeenCalled()
    expect(queue.size).toBe(2)
  })

  test('batches the events of the flush delay into one request', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, flushDelayMs: 1_500 })
    queue.release()
    const first = event()
    queue.add(first)
    await vi.advanceTimersByTimeAsync(1_000)
    const second = event()
    queue.add(second)
    expect(posts).toEqual([])
    await vi.advanceTimersByTimeAsync(500)
    expect(posts).toEqual([{ events: [first, second], keepalive: false }])
    expect(queue.size).toBe(0)
  })

  test('events queued before release leave in the first batch after it', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, flushDelayMs: 1_000 })
    const early = event('track', 'CONNECT_SUCCESS')
    queue.add(early)
    queue.release()
    const open = event()
    queue.add(open)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(posts.map((post) => post.events)).toEqual([[early, open]])
  })

  test('a full batch is sent at once, without waiting for the delay', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, maxBatchSize: 3, flushDelayMs: 10_000 })
    queue.release()
    for (let index = 0; index < 3; index++) queue.add(event())
    await vi.advanceTimersByTimeAsync(0)
    expect(posts).toHaveLength(1)
    expect(posts[0]!.events).toHaveLength(3)
  })

  test('never puts more than the server accepts (50) into one request', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, maxBatchSize: 500 })
    for (let index = 0; index < 120; index++) queue.add(event())
    queue.release()
    await vi.advanceTimersByTimeAsync(0)
    await queue.flush()
    expect(posts.map((post) => post.events.length)).toEqual([50, 50, 20])
  })

  test('keeps at most maxQueued events, dropping the oldest', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, maxQueued: 3, maxBatchSize: 10 })
    const events = [event(), event(), event(), event(), event()]
    for (const item of events) queue.add(item)
    expect(queue.size).toBe(3)
    queue.release()
    await queue.flush()
    expect(posts[0]!.events).toEqual(events.slice(2))
  })

  test('caps error reports at 5 in any sliding minute; tracked events are not capped', async () => {
    let now = 1_000_000
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, now: () => now, maxBatchSize: 50 })
    queue.release()
    const accepted = []
    for (let index = 0; index < 7; index++) {
      accepted.push(queue.add(event('error', 'CONNECT_ERROR')))
      now += 5_000
    }
    // Seven reports within 35 s: the first five pass.
    expect(accepted).toEqual([true, true, true, true, true, false, false])
    for (let index = 0; index < 10; index++) expect(queue.add(event())).toBe(true)
    // 60 s after the first report one slot frees, not five (a sliding, not a fixed, window).
    now = 1_000_000 + 60_000
    expect(queue.add(event('error'))).toBe(true)
    expect(queue.add(event('error'))).toBe(false)
    now = 1_000_000 + 65_000
    expect(queue.add(event('error'))).toBe(true)
    await queue.flush()
    const sent = posts.flatMap((post) => post.events)
    expect(sent.filter((item) => item.props.type === 'error')).toHaveLength(7)
    expect(sent.filter((item) => item.props.type === 'track')).toHaveLength(10)
  })

  test('a 403 stops sending for the session', async () => {
    const { transport, posts } = recordingTransport('forbidden')
    const queue = createEventQueue({ transport, flushDelayMs: 1_000 })
    queue.release()
    queue.add(event())
    await vi.advanceTimersByTimeAsync(1_000)
    expect(posts).toHaveLength(1)
    expect(queue.stopped).toBe(true)
    expect(queue.add(event())).toBe(false)
    await vi.advanceTimersByTimeAsync(60_000)
    await queue.flush()
    await queue.flush({ beacon: true })
    expect(posts).toHaveLength(1)
    expect(transport.beacon).not.toHaveBeenCalled()
  })

  test('a 403 drops the batches still waiting in the same flush', async () => {
    const { transport, posts } = recordingTransport('forbidden')
    const queue = createEventQueue({ transport, maxBatchSize: 2, flushDelayMs: 1_000 })
    for (let index = 0; index < 5; index++) queue.add(event())
    queue.release()
    await vi.advanceTimersByTimeAsync(0)
    await queue.flush()
    expect(posts).toHaveLength(1)
  })

  test('other failures drop the batch but keep analytics running', async () => {
    const post = vi
      .fn<AnalyticsTransport['post']>()
      .mockResolvedValueOnce('failed')
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValue('ok')
    const queue = createEventQueue({ transport: { post, beacon: () => true }, flushDelayMs: 100 })
    queue.release()
    for (let round = 0; round < 3; round++) {
      queue.add(event())
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(post).toHaveBeenCalledTimes(3)
    expect(queue.stopped).toBe(false)
    expect(queue.size).toBe(0)
  })

  test('page hide hands the queue to sendBeacon, or to a keepalive fetch when refused', async () => {
    const recorder = recordingTransport()
    const queue = createEventQueue({ transport: recorder.transport, flushDelayMs: 10_000 })
    queue.release()
    const first = event()
    queue.add(first)
    await queue.flush({ beacon: true })
    expect(recorder.beacons).toEqual([[first]])
    expect(recorder.posts).toEqual([])

    recorder.refuseBeacons()
    const second = event()
    queue.add(second)
    await queue.flush({ beacon: true })
    expect(recorder.posts).toEqual([{ events: [second], keepalive: true }])
    // The timer of the first add is gone with the flush: nothing more leaves.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(recorder.posts).toHaveLength(1)
  })

  test('stop sends what waits, then refuses events', async () => {
    const { transport, posts } = recordingTransport()
    const queue = createEventQueue({ transport, flushDelayMs: 10_000 })
    queue.release()
    queue.add(event())
    await queue.stop()
    expect(posts).toHaveLength(1)
    expect(queue.add(event())).toBe(false)
  })
})

describe('toBatches', () => {
  test('splits by count and keeps each body within the server cap (long page URLs)', () => {
    const long = (i: number): AnalyticsEvent => ({
      ...event(),
      eventId: `long-${i}`,
      url: `https://app.example/${'p'.repeat(2_000)}`,
    })
    const events = Array.from({ length: 20 }, (_, i) => long(i))
    expect(jsonByteLength(events)).toBeGreaterThan(maxEventsBodyBytes)
    const batches = toBatches(events, 20)
    expect(batches.length).toBeGreaterThan(1)
    for (const batch of batches)
      expect(jsonByteLength(batch)).toBeLessThanOrEqual(maxEventsBodyBytes)
    expect(batches.flat()).toEqual(events)
    expect(toBatches([event(), event(), event()], 2).map((batch) => batch.length)).toEqual([2, 1])
  })

  test("the SDK's ordinary events fit 20 to a batch", () => {
    const events = Array.from({ length: 20 }, () => ({
      ...event('error', 'CONNECT_ERROR'),
      url: 'https://app.example/some/page/of/the/app',
      props: {
        type: 'error',
        event: 'CONNECT_ERROR',
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        properties: { message: 'm'.repeat(200), connector: 'injected', method: 'browser' },
      },
    }))
    expect(toBatches(events, 20)).toHaveLength(1)
  })
})
