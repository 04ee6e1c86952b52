import * as v from 'valibot'
import { sdkQueryEntries } from './common.ts'

/** Error reports accepted per client per minute (SPEC §8); the rest are dropped. */
export const maxErrorEventsPerMinute = 5
/** Events accepted in one batch. */
export const maxEventsPerBatch = 50

export const analyticsEvent = v.object({
  eventId: v.pipe(v.string('eventId must be a string'), v.minLength(1), v.maxLength(128)),
  url: v.pipe(v.string('url must be a string'), v.maxLength(2048, 'url is too long')),
  domain: v.pipe(v.string('domain must be a string'), v.maxLength(253, 'domain is too long')),
  /** Milliseconds since the epoch. */
  timestamp: v.pipe(v.number('timestamp must be a number'), v.integer(), v.minValue(0)),
  props: v.looseObject({
    /** `error` marks an error report; anything else is a tracked event. */
    type: v.optional(v.pipe(v.string(), v.maxLength(32))),
    event: v.optional(v.pipe(v.string(), v.maxLength(128))),
    address: v.optional(v.pipe(v.string(), v.maxLength(128))),
    properties: v.optional(v.record(v.string(), v.unknown())),
  }),
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
