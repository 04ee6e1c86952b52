import * as v from 'valibot'
import { sdkQueryEntries, textSchema } from './common.ts'
import { storableJson } from './storableJson.ts'

/** Error reports accepted per client per minute (SPEC §8); the rest are dropped. */
export const maxErrorEventsPerMinute = 5
/** Events accepted in one batch. */
export const maxEventsPerBatch = 50
/** How deep an event's props may nest (a flat object of properties is depth 2). */
export const maxEventPropsDepth = 16
/** An event's props as JSON (UTF-8) at most this long. The SDK's records are a few hundred bytes. */
export const maxEventPropsBytes = 4 * 1024
/** A `POST /e` body at most this long (larger: 413); clients split batches to fit. */
export const maxEventsBodyBytes = 16 * 1024

const utf8 = new TextEncoder()
/** Bytes of a value's JSON in UTF-8 (how a batch or its props count against the caps). */
export const jsonByteLength = (value: unknown): number =>
  utf8.encode(JSON.stringify(value) ?? '').length

/** Event props: known fields checked as text, everything else storable as jsonb. */
const analyticsEventProps = v.pipe(
  v.looseObject({
    /** `error` marks an error report; anything else is a tracked event. */
    type: v.optional(textSchema('type', { maxLength: 32 })),
    event: v.optional(textSchema('event', { maxLength: 128 })),
    address: v.optional(textSchema('address', { maxLength: 128 })),
    properties: v.optional(v.record(v.string(), v.unknown())),
  }),
  storableJson('props', { maxDepth: maxEventPropsDepth }),
  // Measured only once the props are known storable (not too deep for JSON.stringify).
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && !dataset.issues && jsonByteLength(dataset.value) > maxEventPropsBytes)
      addIssue({ message: `props must be at most ${maxEventPropsBytes} bytes of JSON` })
  }),
)

export const analyticsEvent = v.object({
  eventId: textSchema('eventId', { minLength: 1, maxLength: 128 }),
  url: textSchema('url', { maxLength: 2048 }),
  domain: textSchema('domain', { maxLength: 253 }),
  /** Milliseconds since the epoch; a safe integer, so it fits the int8 column exactly. */
  timestamp: v.pipe(
    v.number('timestamp must be a number'),
    v.safeInteger('timestamp must be a whole number of milliseconds below 2^53'),
    v.minValue(0, 'timestamp must not be negative'),
  ),
  props: analyticsEventProps,
})
export type AnalyticsEvent = v.InferOutput<typeof analyticsEvent>

// POST /e — one event or a batch of them (normalised to an array by the schema).
export const postEventsQuery = v.object({ ...sdkQueryEntries })
export type PostEventsQuery = v.InferInput<typeof postEventsQuery>
export const postEventsBody = v.pipe(
  v.unknown(),
  v.transform((body) => (Array.isArray(body) ? body : [body])),
  v.array(analyticsEvent),
  v.minLength(1, 'batch is empty'),
  v.maxLength(maxEventsPerBatch, `a batch holds at most ${maxEventsPerBatch} events`),
)
export type PostEventsBody =
  | v.InferInput<typeof analyticsEvent>
  | v.InferInput<typeof analyticsEvent>[]
export const postEventsResponse = v.object({
  stored: v.number(),
  /** Error reports over the per-minute cap, not stored. */
  dropped: v.number(),
})
export type PostEventsResponse = v.InferOutput<typeof postEventsResponse>
