import {
  type AnalyticsEvent,
  jsonByteLength,
  maxErrorEventsPerMinute,
  maxEventsBodyBytes,
  maxEventsPerBatch,
} from '@foyer/protocol'

/** What a batch post came to: `forbidden` (HTTP 403) ends analytics for the session. */
export type PostResult = 'ok' | 'forbidden' | 'failed'

export type AnalyticsTransport = {
  /** Posts one batch to `POST /e`; `keepalive` lets it outlive the page. */
  post(events: AnalyticsEvent[], options: { keepalive: boolean }): Promise<PostResult>
  /** Queues one batch with `navigator.sendBeacon`; false when that was not possible. */
  beacon(events: AnalyticsEvent[]): boolean
}

export type CreateEventQueueParameters = {
  transport: AnalyticsTransport
  /** How long events gather before one request takes them (default 1.5 s). */
  flushDelayMs?: number | undefined
  /** Events per request; a full batch is sent at once (default 20, at most the server's 50). */
  maxBatchSize?: number | undefined
  /** Events kept while waiting; the oldest drop beyond (default 200). */
  maxQueued?: number | undefined
  /** Error reports accepted per sliding minute (default 5, SPEC §8). */
  maxErrorsPerMinute?: number | undefined
  now?: (() => number) | undefined
}

export type EventQueue = {
  /** Queues an event; false when it was dropped (error cap, or analytics stopped). */
  add(event: AnalyticsEvent): boolean
  /**
   * Allows sending (the visitor interacted). Until then events only wait in the queue, so nothing
   * is ever sent at page load.
   */
  release(): void
  /** Sends what is queued now: by beacon (page hide) or by `fetch`. */
  flush(options?: { beacon?: boolean | undefined }): Promise<void>
  /** Sends what is queued, then takes no more events. */
  stop(): Promise<void>
  readonly size: number
  /** True after a 403 or `stop()`. */
  readonly stopped: boolean
}

const minuteMs = 60_000

/**
 * The client side of analytics: events wait in a queue and leave as one `POST /e` batch a short
 * delay after the first of them, at once when a batch is full, and by beacon when the page hides.
 * Error reports are capped at 5 per sliding minute (SPEC §8), like the server does. A 403 ends
 * sending for the session (the API client shows 'Invalid App Configuration' once). A batch that
 * fails otherwise is dropped: analytics never retries into a failing server.
 */
export function createEventQueue(parameters: CreateEventQueueParameters): EventQueue {
  const { transport } = parameters
  const flushDelayMs = parameters.flushDelayMs ?? 1_500
  const maxBatchSize = Math.min(parameters.maxBatchSize ?? 20, maxEventsPerBatch)
  const maxQueued = parameters.maxQueued ?? 200
  const maxErrors = parameters.maxErrorsPerMinute ?? maxErrorEventsPerMinute
  const now = parameters.now ?? Date.now

  let queue: AnalyticsEvent[] = []
  /** When each error report of the last minute was accepted. */
  let errorTimes: number[] = []
  let released = false
  /** A 403: the server refuses this app for the session. */
  let forbidden = false
  /** `stop()` was called. */
  let ended = false
  const stopped = () => forbidden || ended
  let timer: ReturnType<typeof setTimeout> | undefined

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }

  const schedule = () => {
    if (!released || stopped() || queue.length === 0) return
    if (queue.length >= maxBatchSize) {
      void flush()
      return
    }
    timer ??= setTimeout(() => {
      timer = undefined
      void flush()
    }, flushDelayMs)
  }

  const acceptError = () => {
    const at = now()
    errorTimes = errorTimes.filter((time) => at - time < minuteMs)
    if (errorTimes.length >= maxErrors) return false
    errorTimes.push(at)
    return true
  }

  async function flush(options: { beacon?: boolean | undefined } = {}): Promise<void> {
    clearTimer()
    if (!released || forbidden || queue.length === 0) return
    const batches = toBatches(queue, maxBatchSize)
    queue = []
    if (options.beacon) {
      // The page is going away: hand everything to the browser now, never await.
      for (const batch of batches)
        if (!transport.beacon(batch)) void transport.post(batch, { keepalive: true })
      return
    }
    for (const batch of batches) {
      if (forbidden) return
      const result = await transport
        .post(batch, { keepalive: false })
        .catch((): PostResult => 'failed')
      if (result === 'forbidden') {
        forbidden = true
        queue = []
        clearTimer()
      }
    }
  }

  return {
    add(event) {
      if (stopped()) return false
      if (event.props.type === 'error' && !acceptError()) return false
      queue.push(event)
      if (queue.length > maxQueued) queue.splice(0, queue.length - maxQueued)
      schedule()
      return true
    },
    release() {
      if (released) return
      released = true
      schedule()
    },
    flush,
    async stop() {
      if (ended) return
      const done = flush()
      ended = true
      clearTimer()
      await done
    },
    get size() {
      return queue.length
    },
    get stopped() {
      return stopped()
    },
  }
}

/**
 * Consecutive batches of at most `maxBatchSize` events whose JSON body stays within the server's
 * `maxEventsBodyBytes` (long page URLs make events larger). An event too large to be sent alone
 * is dropped: the server would refuse it.
 */
export function toBatches(events: readonly AnalyticsEvent[], maxBatchSize: number) {
  const batches: AnalyticsEvent[][] = []
  let batch: AnalyticsEvent[] = []
  // `[` and `]`, then each event and its comma.
  let bytes = 2
  for (const event of events) {
    const size = jsonByteLength(event) + 1
    if (size + 2 > maxEventsBodyBytes) continue
    if (batch.length >= maxBatchSize || bytes + size > maxEventsBodyBytes) {
      batches.push(batch)
      batch = []
      bytes = 2
    }
    batch.push(event)
    bytes += size
  }
  if (batch.length > 0) batches.push(batch)
  return batches
}
