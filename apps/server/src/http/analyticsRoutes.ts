import { analyticsEvent, type PostEventsResponse, routes } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { storeEvents } from '../analytics/events.ts'
import { parseInput } from './parseInput.ts'

export function registerAnalyticsRoutes(app: FastifyInstance): void {
  const { foyer } = app

  app.post(routes.postEvents.path, async (request): Promise<PostEventsResponse> => {
    const query = parseInput(routes.postEvents.query, request.query, 'query')
    // A single event is validated as one so errors name its field, not `0.field`.
    const events = Array.isArray(request.body)
      ? parseInput(routes.postEvents.body, request.body, 'body')
      : [parseInput(analyticsEvent, request.body, 'body')]
    const project = await foyer.requireProject(request, query.projectId)
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
    await storeEvents({ db: foyer.database.db, projectId: project.id, events: accepted })
    return { stored: accepted.length, dropped }
  })
}
