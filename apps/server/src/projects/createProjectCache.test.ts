import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countingProjectCache } from '../../test/support/countingProjectCache.ts'
import { openTestDatabase } from '../../test/support/openTestDatabase.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import { upsertProject } from './projects.ts'

describe('createProjectCache', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>
  let database: FoyerDatabase
  beforeAll(async () => {
    opened = await openTestDatabase()
    database = opened.database
  }, 120_000)
  afterAll(() => opened?.close())

  const countingCache = (ttlMs: number) => countingProjectCache(database, ttlMs)
  const newProject = async (name: string) => {
    const id = `cache-${randomUUID()}`
    await upsertProject({ db: database.db, id, name, allowedOrigins: ['https://a.example'] })
    return id
  }

  it('looks a project up once for requests arriving together', async () => {
    const id = await newProject('Together')
    const { projects, queries } = countingCache(5_000)
    const before = queries()
    const found = await Promise.all(Array.from({ length: 20 }, () => projects.find(id)))
    expect(queries() - before).toBe(1)
    expect(found.every((project) => project === found[0] && project?.name === 'Together')).toBe(
      true,
    )
  })

  it('looks a project up again before it runs out, keeping its object while it is unchanged', async () => {
    const id = await newProject('Kept')
    const { clock, projects, queries } = countingCache(1_000)
    const first = await projects.find(id)
    const before = queries()
    // Past half its lifetime: still answered at once, and looked up again meanwhile.
    clock.now = 600
    expect(projects.peek(id)?.project).toBe(first)
    expect(projects.peek(id)?.project).toBe(first)
    // Fresh again from the lookup's start (600): answered at once past the first lifetime.
    clock.now = 1_050
    await expect.poll(() => projects.peek(id)?.project).toBe(first)
    expect(queries() - before).toBe(1)
  })

  it('answers a changed project as a new object within its lifetime', async () => {
    const id = await newProject('Before')
    const { clock, projects } = countingCache(1_000)
    const before = await projects.find(id)
    await upsertProject({ db: database.db, id, name: 'After', allowedOrigins: [] })
    clock.now = 999
    expect(projects.peek(id)?.project).toBe(before)
    clock.now = 1_000
    expect(projects.peek(id)).toBeUndefined()
    const after = await projects.find(id)
    expect(after).not.toBe(before)
    expect(after?.name).toBe('After')
  })

  it('keeps an unknown id unknown for its lifetime', async () => {
    const { clock, projects, queries } = countingCache(1_000)
    const id = `missing-${randomUUID()}`
    expect(await projects.find(id)).toBeUndefined()
    const before = queries()
    clock.now = 400
    expect(projects.peek(id)).toEqual(expect.objectContaining({ project: undefined }))
    expect(await projects.find(id)).toBeUndefined()
    expect(queries() - before).toBe(0)
  })
})
