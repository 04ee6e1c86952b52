import {
  analyticsEvent,
  maxEventsBodyBytes,
  type PostEventsResponse,
  routes,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { storeEvents } from '../analytics/events.ts'
import type { AnalyticsQuota } from '../analytics/quota.ts'
import { HttpError, OriginNotAllowedError } from '../errors.ts'
import { parseInput } from './parseInput.ts'

export type RegisterAnalyticsRoutesParameters = {
  /** The per-project daily event quota; none when undefined. */
  quota?: AnalyticsQuota | undefined
}

export function registerAnalyticsRoutes(
  app: FastifyInstance,
  { quota }: RegisterAnalyticsRoutesParameters = {},
): void {
  const { foyer } = app

  // A batch of the SDK is a few KB; the API's 64 KiB is far more than events need.
  app.post(
    routes.postEvents.path,
    { bodyLimit: maxEventsBodyBytes },
    async (request): Promise<PostEventsResponse> => {
      const query = parseInput(routes.postEvents.query, request.query, 'query')
      // A single event is validated as one so errors name its field, not `0.field`.
      const events = Array.isArray(request.body)
        ? parseInput(routes.postEvents.body, request.body, 'body')
        : [parseInput(analyticsEvent, request.body, 'body')]
      const project = await foyer.requireProject(request, query.projectId)
      // Browsers send an Origin with every POST (sendBeacon too); events come from pages of the
      // project's allowed origins only (checked by requireProject), never from a bare script.
      if (request.headers.origin === undefined) throw new OriginNotAllowedError()
      if (!project.features.analytics) return { stored: 0, dropped: events.length }
      const accepted = []
      let dropped = 0
      for (const event of events) {
        // Error reports are capped per client (SPEC §8); tracked events are not.
        if (event.props.type === 'error' && !(await foyer.allowErrorReport(request, project.id))) {
          dropped++
          continue
        }
        accepted.push(event)
      }
      const retryAfter =
        accepted.length > 0 ? await quota?.reserve(project.id, accepted.length) : undefined
      if (retryAfter !== undefined)
        throw new HttpError(
          429,
          'RATE_LIMITED',
          'Daily analytics quota of this project reached: try again tomorrow (UTC)',
          { details: String(retryAfter) },
        )
      await storeEvents({ db: foyer.database.db, projectId: project.id, events: accepted })
      return { stored: accepted.length, dropped }
    },
  )
}
