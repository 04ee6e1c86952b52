import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
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
  /** What else in this process the answer was built from still holds (checked every time). */
  isCurrent?: (() => boolean) | undefined
  /**
   * The cached texts the answer was built from are still stored (a balance's). A passed check
   * is trusted for `recheckMs` while this process writes nothing to its cache, so a hit asks no
   * shared cache (Redis) per request.
   */
  isStored?: (() => boolean | Promise<boolean>) | undefined
  /** Headers the route sets besides the answer's own (an image's CSP). */
  headers?: Readonly<Record<string, string>> | undefined
}

export type CreateEarlyAnswersParameters = {
  peekProject: (projectId: string) => { project: Project | undefined } | undefined
  /**
   * Checks origin and per-project rate as the route does: throws its refusal, or returns a
   * promise (rejected with it) while a rate limiter is asked; undefined when admitted at once.
   */
  admitProject: (
    request: FastifyRequest,
    project: Project,
    options: { checkOrigin: boolean },
  ) => Promise<void> | undefined
  peekRegistryVersion: () => string | undefined
  sendAnswer: (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: PreparedAnswer,
    options: SendPreparedAnswerOptions,
  ) => FastifyReply
  /**
   * Writes this process made to the cache `isStored` reads (see `countCacheWrites`): a write
   * here has every answer checked again at its next request.
   */
  cacheWrites?: (() => number) | undefined
  /**
   * How long a passed `isStored` is trusted without a write in this process (default 1 s): with
   * Redis, what another process stored is answered here within it, as a registry import is.
   */
  recheckMs?: number | undefined
  /** URLs remembered; the oldest is dropped when full. Default 2 000. */
  maxEntries?: number | undefined
  now?: (() => number) | undefined
}

type KnownAnswer = EarlyAnswer & {
  /** When `isStored` last held, and the process's cache writes then. */
  checkedAt: number
  checkedWrites: number
}

const noWrites = () => 0

/**
 * Answers a GET the server already answered, by its URL, from the first hook (`onRequest`): the
 * URL says everything the answer depends on besides the project, the registry version and the
 * Origin, so its validation, key building and lookups are skipped, and only the checks a request
 * can change are run again (the project's origin decision and rate limit). Anything else (a
 * changed project or registry, a refused origin, an unknown URL) goes the route's way, which
 * remembers its answer again. The hook takes a callback and makes no promise unless a check
 * must wait (a rate limiter, a cache read): a cached answer is most of the server's requests.
 */
export function createEarlyAnswers(parameters: CreateEarlyAnswersParameters) {
  const {
    peekProject,
    admitProject,
    peekRegistryVersion,
    sendAnswer,
    cacheWrites = noWrites,
    recheckMs = 1_000,
    maxEntries = 2_000,
    now = Date.now,
  } = parameters
  const known = new Map<string, KnownAnswer>()

  function isTrusted(entry: KnownAnswer, time: number): boolean {
    return time - entry.checkedAt < recheckMs && entry.checkedWrites === cacheWrites()
  }

  /** The project's checks, then the answer; a refusal is answered as the route answers it. */
  function admitAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
    entry: KnownAnswer,
  ): void {
    if (entry.projectId !== undefined) {
      const peeked = peekProject(entry.projectId)
      if (peeked === undefined || peeked.project !== entry.project) {
        done()
        return
      }
      let admitting: Promise<void> | undefined
      try {
        admitting = admitProject(request, peeked.project!, { checkOrigin: entry.checkOrigin })
      } catch (error) {
        done(error as Error)
        return
      }
      if (admitting !== undefined) {
        admitting.then(() => send(request, reply, entry)).catch(done)
        return
      }
    }
    send(request, reply, entry)
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: KnownAnswer): void {
    // The headers the CORS hook gives these routes' answers, in its order: the Origin was
    // allowed (or the route answers any origin).
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (origin !== undefined && entry.projectId !== undefined)
      reply.header('access-control-allow-origin', origin)
    if (entry.headers) reply.headers(entry.headers)
    sendAnswer(request, reply, entry.answer, { cacheControl: entry.cacheControl })
  }

  return {
    /** Remembers the answer a route gave to a GET (other methods are not answered early). */
    remember(request: FastifyRequest, entry: EarlyAnswer): void {
      if (request.method !== 'GET') return
      if (known.size >= maxEntries && !known.has(request.url)) {
        const oldest = known.keys().next()
        if (!oldest.done) known.delete(oldest.value)
      }
      // Not trusted yet: a write by a request running beside the route's may have followed the
      // reads it was built from.
      known.set(request.url, {
        ...entry,
        checkedAt: Number.NEGATIVE_INFINITY,
        checkedWrites: -1,
      })
    },
    /** The routes' `onRequest` hook. */
    answerEarly(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      if (request.method !== 'GET') return done()
      const entry = known.get(request.url)
      if (entry === undefined) return done()
      const time = now()
      if (entry.validUntil <= time) {
        known.delete(request.url)
        return done()
      }
      if (entry.registryVersion !== undefined && peekRegistryVersion() !== entry.registryVersion)
        return done()
      if (entry.isCurrent !== undefined && !entry.isCurrent()) return done()
      if (entry.isStored === undefined || isTrusted(entry, time))
        return admitAndSend(request, reply, done, entry)
      // Writes made while the check runs have it run again next time.
      const writes = cacheWrites()
      const passed = () => {
        entry.checkedAt = time
        entry.checkedWrites = writes
      }
      const stored = entry.isStored()
      if (stored === true) {
        passed()
        return admitAndSend(request, reply, done, entry)
      }
      if (stored === false) return done()
      stored
        .then(
          (isStored) => {
            if (!isStored) return done()
            passed()
            admitAndSend(request, reply, done, entry)
          },
          // A check that fails (a cache that does not answer) leaves the request to the route.
          () => done(),
        )
        .catch(done)
    },
  }
}
