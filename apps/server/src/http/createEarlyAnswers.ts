import type { IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { OriginDecisions } from '../projects/createOriginDecisions.ts'
import type { Project } from '../projects/projects.ts'
import type { PreparedAnswer } from './preparedAnswer.ts'
import { allowedOrigin } from './registerCors.ts'
import {
  type AnswerVariant,
  bodyOf,
  contentHeaders,
  createAnswerSender,
  mergeVary,
} from './sendCachedResponse.ts'

/** What a GET answered, and what it depended on: while that holds, the same URL gets it again. */
export type EarlyAnswer = {
  /** The request's project (undefined for a route that took none). */
  projectId: string | undefined
  /** The project object the answer was built with: a changed project is a new object. */
  project: Project | undefined
  /**
   * Whether the route refuses origins the project does not allow (all but the allow-list, which
   * every origin may read).
   */
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
    request: IncomingMessage,
    project: Project,
    options: { checkOrigin: boolean },
  ) => Promise<void> | undefined
  peekRegistryVersion: () => string | undefined
  /** The CORS hook's origin decisions (see `registerCors`). */
  originDecisions: OriginDecisions
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

/** An answer's status, headers (name, value, …, in the order the server's hooks set them) and body. */
export type EarlyHead = {
  statusCode: 200 | 304
  headers: readonly string[]
  body: Buffer | undefined
}

/** An answer found for a request by `findAhead`, ready to be admitted and written. */
export type FoundAnswer = {
  entry: KnownAnswer
  project: Project | undefined
}

type KnownAnswer = EarlyAnswer & {
  /** When `isStored` last held, and the process's cache writes then. */
  checkedAt: number
  checkedWrites: number
  /** Heads already composed, by variant and allowed origin (see `headFor`). */
  heads: Map<string, EarlyHead>
}

const noWrites = () => 0
const noop = () => {}
/** Heads kept per answer; arbitrary `Origin` headers cannot grow it past this. */
const maxHeadsPerAnswer = 64

export type EarlyAnswers = ReturnType<typeof createEarlyAnswers>

/**
 * Answers a GET (or HEAD) the server already answered, by its URL: the URL says everything the
 * answer depends on besides the project, the registry version and the Origin, so its validation,
 * key building and lookups are skipped, and only the checks a request can change are run again
 * (the project's origin decision and rate limit). Anything else (a changed project or registry, a
 * refused origin, an unknown URL) goes the route's way, which remembers its answer again.
 *
 * Two ways in, with the same checks and the same composed heads: the fast lane in front of
 * Fastify (`findAhead`, `admitAhead`, `headFor`; see `createFastLane`) answers what it can decide
 * at once, and the routes' first hook (`answerEarly`) what must wait for a rate limiter or a
 * cache read. The hook takes a callback and makes no promise unless a check must wait.
 */
export function createEarlyAnswers(parameters: CreateEarlyAnswersParameters) {
  const {
    peekProject,
    admitProject,
    peekRegistryVersion,
    originDecisions,
    cacheWrites = noWrites,
    recheckMs = 1_000,
    maxEntries = 2_000,
    now = Date.now,
  } = parameters
  const { variantOf } = createAnswerSender()
  const known = new Map<string, KnownAnswer>()

  function isTrusted(entry: KnownAnswer, time: number): boolean {
    return time - entry.checkedAt < recheckMs && entry.checkedWrites === cacheWrites()
  }

  /** Whether the answer still holds ('ask': its stored texts must be read again first). */
  function currentness(entry: KnownAnswer, url: string, time: number): 'yes' | 'no' | 'ask' {
    if (entry.validUntil <= time) {
      known.delete(url)
      return 'no'
    }
    if (entry.registryVersion !== undefined && peekRegistryVersion() !== entry.registryVersion)
      return 'no'
    if (entry.isCurrent !== undefined && !entry.isCurrent()) return 'no'
    return entry.isStored === undefined || isTrusted(entry, time) ? 'yes' : 'ask'
  }

  /** The project the answer was built with, while the project cache still holds that object. */
  function currentProject(entry: KnownAnswer): { project: Project | undefined } | undefined {
    if (entry.projectId === undefined) return { project: undefined }
    const peeked = peekProject(entry.projectId)
    return peeked !== undefined && peeked.project !== undefined && peeked.project === entry.project
      ? peeked
      : undefined
  }

  /**
   * The answer's head for a request: the CORS hook's `Vary` and `Access-Control-Allow-Origin`,
   * the route's own headers, then the answer's (see `createAnswerSender`), in the order the hooks
   * and the route set them on the way through Fastify. Composed once per variant and origin.
   */
  function headFor(
    found: FoundAnswer,
    headers: IncomingMessage['headers'],
  ): { head: EarlyHead; key: string } {
    const { entry, project } = found
    const variant: AnswerVariant = variantOf(entry.answer, headers)
    const allowed = allowedOrigin(headers.origin, project, originDecisions, {
      anyOrigin: !entry.checkOrigin && project !== undefined,
    })
    const key = `${variant.notModified ? 1 : 0}${variant.encoding ?? ''}:${allowed ?? ''}`
    let head = entry.heads.get(key)
    if (head === undefined) {
      head = composeHead(entry, variant, allowed)
      if (entry.heads.size >= maxHeadsPerAnswer) entry.heads.clear()
      entry.heads.set(key, head)
    }
    return { head, key }
  }

  function composeHead(
    entry: KnownAnswer,
    variant: AnswerVariant,
    allowed: string | undefined,
  ): EarlyHead {
    const { answer } = entry
    const headers = [
      'vary',
      answer.compressible ? mergeVary('Origin', 'Accept-Encoding') : 'Origin',
    ]
    if (allowed !== undefined) headers.push('access-control-allow-origin', allowed)
    if (entry.headers)
      for (const [name, value] of Object.entries(entry.headers)) headers.push(name, value)
    headers.push(...contentHeaders(answer, entry.cacheControl))
    if (variant.encoding !== undefined) headers.push('content-encoding', variant.encoding)
    return {
      statusCode: variant.notModified ? 304 : 200,
      headers,
      body: bodyOf(answer, variant),
    }
  }

  /** The answer through Fastify: the head on the reply; the hooks add theirs as for any answer. */
  function send(request: FastifyRequest, reply: FastifyReply, found: FoundAnswer): void {
    const { head } = headFor(found, request.headers)
    for (let index = 0; index < head.headers.length; index += 2)
      reply.header(head.headers[index]!, head.headers[index + 1])
    reply.code(head.statusCode).send(head.body)
  }

  /** The project's checks, then the answer; a refusal is answered as the route answers it. */
  function admitAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
    entry: KnownAnswer,
  ): void {
    const current = currentProject(entry)
    if (current === undefined) {
      done()
      return
    }
    const found = { entry, project: current.project }
    if (current.project !== undefined) {
      let admitting: Promise<void> | undefined
      try {
        admitting = admitProject(request.raw, current.project, { checkOrigin: entry.checkOrigin })
      } catch (error) {
        done(error as Error)
        return
      }
      if (admitting !== undefined) {
        admitting.then(() => send(request, reply, found)).catch(done)
        return
      }
    }
    send(request, reply, found)
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
        heads: new Map(),
      })
    },

    /**
     * The fast lane's lookup: the answer a GET or HEAD gets when everything it depends on is
     * known to hold without waiting; undefined otherwise (the request then goes Fastify's way).
     */
    findAhead(request: IncomingMessage): FoundAnswer | undefined {
      const { method, url, headers } = request
      if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return undefined
      // Fastify's router would look at these; an answer is only given where it certainly is the
      // route's (no versioned route, no request body).
      if (
        headers['accept-version'] !== undefined ||
        headers['content-length'] !== undefined ||
        headers['transfer-encoding'] !== undefined
      )
        return undefined
      const entry = known.get(url)
      if (entry === undefined || currentness(entry, url, now()) !== 'yes') return undefined
      const current = currentProject(entry)
      return current === undefined ? undefined : { entry, project: current.project }
    },

    /**
     * The project's origin and rate checks for the fast lane: true when admitted at once. A
     * refusal, or a rate limiter that must be waited for, is left to the route (the limiter
     * hands it the decision it took; see `createRateLimiter`).
     */
    admitAhead(request: IncomingMessage, found: FoundAnswer): boolean {
      if (found.project === undefined) return true
      try {
        const admitting = admitProject(request, found.project, {
          checkOrigin: found.entry.checkOrigin,
        })
        if (admitting === undefined) return true
        admitting.catch(noop)
        return false
      } catch {
        return false
      }
    },

    headFor: (found: FoundAnswer, request: IncomingMessage) => headFor(found, request.headers),

    /** The routes' `onRequest` hook: what the fast lane left, when a check must wait. */
    answerEarly(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return done()
      const entry = known.get(request.url)
      if (entry === undefined) return done()
      const time = now()
      const current = currentness(entry, request.url, time)
      if (current === 'no') return done()
      if (current === 'yes') return admitAndSend(request, reply, done, entry)
      // Writes made while the check runs have it run again next time.
      const writes = cacheWrites()
      const passed = () => {
        entry.checkedAt = time
        entry.checkedWrites = writes
      }
      const stored = entry.isStored!()
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
