import type { Kysely } from 'kysely'
import { refreshAfterMs } from '../cache/refreshAfterMs.ts'
import type { Database } from '../db/schema.ts'
import { getProject, type Project } from './projects.ts'

export type CreateProjectCacheParameters = {
  db: Kysely<Database>
  /**
   * While changes are not announced (see `setAnnounced`): how long a looked-up project (or its
   * absence) is kept, from when it was asked for. Default 5 s. Its last second (its second half,
   * when shorter than 2 s), the next request has it looked up again in the background.
   */
  ttlMs?: number | undefined
  /** Entries kept at most; the cache starts over when full. Default 10 000. */
  maxEntries?: number | undefined
  now?: (() => number) | undefined
}

export type ProjectCache = {
  /** The project, from the cache while fresh, else from the database. */
  find: (projectId: string) => Promise<Project | undefined>
  /**
   * The fresh cached answer without waiting (`{ project }`, `project` undefined for an unknown
   * id), or undefined when the database must be asked: lets a synchronous hook skip a promise.
   */
  peek: (projectId: string) => { project: Project | undefined } | undefined
  /** The database announced that this project changed: the next request looks it up again. */
  changed: (projectId: string) => void
  /**
   * Whether every change is announced (`changed`), as the database's change notifications are
   * while they are listened to. While it is, a project is kept until it changes: a warm request
   * asks the database nothing. When announcements stop (the listening connection dropped),
   * what is kept lives `ttlMs` from then and is looked up again at once in the background.
   */
  setAnnounced: (announced: boolean) => void
}

type Entry = {
  project: Project | undefined
  /** Its JSON: a project looked up again and found equal keeps its object. */
  text: string | undefined
  expiresAt: number
  refreshAt: number
}

/**
 * Projects looked up per process. With changes announced, a project is kept until the database
 * says it changed, so `project upsert` (or any write to the table, from any process) reaches
 * every server process at once; without, each keeps it `ttlMs`. A changed project is a new
 * object, so answers memoised per project object (the project routes' answers) follow it; an
 * unchanged one keeps its object, so they stay. One lookup per project runs at a time: requests
 * arriving meanwhile wait for it rather than each asking the database, and a fresh entry is
 * looked up again before it runs out, so requests do not wait at all while the database answers
 * in time.
 */
export function createProjectCache(parameters: CreateProjectCacheParameters): ProjectCache {
  const { db, ttlMs = 5_000, maxEntries = 10_000, now = Date.now } = parameters
  const entries = new Map<string, Entry>()
  const loading = new Map<string, Promise<Project | undefined>>()
  let announced = false
  /**
   * Counts announced changes and switches of `announced`: a lookup asked before one may have
   * read what changed, so it answers its waiters but is not kept.
   */
  let generation = 0

  function lookUp(projectId: string): Promise<Project | undefined> {
    const running = loading.get(projectId)
    if (running) return running
    const askedAt = now()
    const askedIn = generation
    const started = getProject({ db, id: projectId })
      .then((found) => {
        const text = found === undefined ? undefined : JSON.stringify(found)
        const known = entries.get(projectId)
        const project = known !== undefined && known.text === text ? known.project : found
        if (askedIn !== generation) return project
        if (entries.size >= maxEntries && known === undefined) entries.clear()
        entries.set(projectId, {
          project,
          text,
          expiresAt: announced ? Number.POSITIVE_INFINITY : askedAt + ttlMs,
          refreshAt: announced ? Number.POSITIVE_INFINITY : askedAt + refreshAfterMs(ttlMs),
        })
        return project
      })
      .finally(() => {
        if (loading.get(projectId) === started) loading.delete(projectId)
      })
    loading.set(projectId, started)
    return started
  }

  function peek(projectId: string) {
    const hit = entries.get(projectId)
    if (hit === undefined) return undefined
    const time = now()
    if (hit.expiresAt <= time) return undefined
    if (hit.refreshAt <= time && !loading.has(projectId))
      lookUp(projectId).catch(() => {
        // A database that failed is not asked again for this entry: it runs out, and the next
        // request then asks (and gets the failure).
        hit.refreshAt = hit.expiresAt
      })
    return hit
  }

  return {
    peek,
    async find(projectId) {
      const hit = peek(projectId)
      if (hit) return hit.project
      return lookUp(projectId)
    },
    changed(projectId) {
      generation++
      entries.delete(projectId)
      // Requests from now on must not wait for a lookup that may predate the change.
      loading.delete(projectId)
    },
    setAnnounced(value) {
      if (announced === value) return
      announced = value
      generation++
      if (value) return
      // Changes from now on may go unannounced: what is kept is looked up again at once, and
      // answered meanwhile for at most `ttlMs`.
      const time = now()
      for (const entry of entries.values()) {
        entry.expiresAt = Math.min(entry.expiresAt, time + ttlMs)
        entry.refreshAt = time
      }
    },
  }
}
