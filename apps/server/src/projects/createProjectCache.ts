import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { getProject, type Project } from './projects.ts'

export type CreateProjectCacheParameters = {
  db: Kysely<Database>
  /** How long a looked-up project (or its absence) is kept. Default 5 s. */
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
}

/**
 * Projects looked up per process for a few seconds: a project changed by `project upsert` (another
 * process) is answered by every server process within `ttlMs`. A changed project is a new object,
 * so answers memoised per project object (see `createProjectResponses`) follow it.
 */
export function createProjectCache(parameters: CreateProjectCacheParameters): ProjectCache {
  const { db, ttlMs = 5_000, maxEntries = 10_000, now = Date.now } = parameters
  const entries = new Map<string, { project: Project | undefined; expiresAt: number }>()
  function peek(projectId: string) {
    const hit = entries.get(projectId)
    return hit && hit.expiresAt > now() ? hit : undefined
  }
  return {
    peek,
    async find(projectId) {
      const hit = peek(projectId)
      if (hit) return hit.project
      const project = await getProject({ db, id: projectId })
      if (entries.size >= maxEntries) entries.clear()
      entries.set(projectId, { project, expiresAt: now() + ttlMs })
      return project
    },
  }
}
