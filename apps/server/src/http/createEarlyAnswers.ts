import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Project } from '../projects/projects.ts'
import type { PreparedAnswer } from './preparedAnswer.ts'
import type { SendPreparedAnswerOptions } from './sendCachedResponse.ts'

/** What a GET answered, and what it depended on: while that holds, the same URL gets it again. */
export type EarlyAnswer = {
  /** The request's project (undefined for a route that took none). */
  projectId: string | undefined
  /** The project object the answer was built with: a changed project is a new object. */
  project: Project | undefined
  /** Whether the route refuses origins the project does not allow (all but the allow-list). */
  checkOrigin: boolean
  /** The registry version the answer was built from, when it was. */
  registryVersion?: string | undefined
  /** Until when (ms since the epoch) the answer may be given; Infinity for project answers. */
  validUntil: number
  answer: PreparedAnswer
  cacheControl?: string | undefined
  /** Anything else the answer was built from that may change in this process. */
  isCurrent?: (() => boolean | Promise<boolean>) | undefined
  /** Headers the route sets besides the answer's own (an image's CSP). */
  headers?: Readonly<Record<string, string>> | undefined
}

export type CreateEarlyAnswersParameters = {
  peekProject: (projectId: string) => { project: Project | undefined } | undefined
  /** Checks origin and per-project rate as the route does; throws its refusal. */
  requireProject: (
    request: FastifyRequest,
    projectId: string,
    options: { checkOrigin: boolean },
  ) => Promise<Project>
  peekRegistryVersion: () => string | undefined
  sendAnswer: (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: PreparedAnswer,
    options: SendPreparedAnswerOptions,
  ) => FastifyReply
  /** URLs remembered; the oldest is dropped when full. Default 2 000. */
  maxEntries?: number | undefined
  now?: (() => number) | undefined
}

/**
 * Answers a GET the server already answered, by its URL, from the first hook (`onRequest`): the
 * URL says everything the answer depends on besides the project, the registry version and the
 * Origin, so its validation, key building and lookups are skipped, and only the checks a request
 * can change are run again (the project's origin decision and rate limit). Anything else (a
 * changed project or registry, a refused origin, an unknown URL) goes the route's way, which
 * remembers its answer again.
 */
export function createEarlyAnswers(parameters: CreateEarlyAnswersParameters) {
  const {
    peekProject,
    requireProject,
    peekRegistryVersion,
    sendAnswer,
    maxEntries = 2_000,
    now = Date.now,
  } = parameters
  const known = new Map<string, EarlyAnswer>()

  return {
    /** Remembers the answer a route gave to a GET (other methods are not answered early). */
    remember(request: FastifyRequest, entry: EarlyAnswer): void {
      if (request.method !== 'GET') return
      if (known.size >= maxEntries && !known.has(request.url)) {
        const oldest = known.keys().next()
        if (!oldest.done) known.delete(oldest.value)
      }
      known.set(request.url, entry)
    },
    /** The routes' `onRequest` hook. */
    async answerEarly(request: FastifyRequest, reply: FastifyReply) {
      if (request.method !== 'GET') return
      const entry = known.get(request.url)
      if (entry === undefined) return
      if (entry.validUntil <= now()) {
        known.delete(request.url)
        return
      }
      if (entry.registryVersion !== undefined && peekRegistryVersion() !== entry.registryVersion)
        return
      if (entry.isCurrent !== undefined && !(await entry.isCurrent())) return
      if (entry.projectId !== undefined) {
        const peeked = peekProject(entry.projectId)
        if (peeked === undefined || peeked.project !== entry.project) return
        // The origin decision (remembered per allow-list) and the rate limit; a refusal is
        // answered as the route answers it.
        await requireProject(request, entry.projectId, { checkOrigin: entry.checkOrigin })
      }
      // The headers the CORS hook gives these routes' answers, in its order: the Origin was
      // allowed (or the route answers any origin).
      reply.header('vary', 'Origin')
      const origin = request.headers.origin
      if (origin !== undefined && entry.projectId !== undefined)
        reply.header('access-control-allow-origin', origin)
      if (entry.headers) reply.headers(entry.headers)
      return sendAnswer(request, reply, entry.answer, { cacheControl: entry.cacheControl })
    },
  }
}
