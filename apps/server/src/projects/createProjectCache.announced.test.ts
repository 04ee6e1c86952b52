import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countingProjectCache } from '../../test/support/countingProjectCache.ts'
import { openTestDatabase } from '../../test/support/openTestDatabase.ts'
import type { FoyerDatabase } from '../db/createDatabase.ts'
import { upsertProject } from './projects.ts'

describe('createProjectCache with announced changes', () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>
  let database: FoyerDatabase
  beforeAll(async () => {
    opened = await openTestDatabase()
    database = opened.database
  }, 120_000)
  afterAll(() => opened?.close())

  /** A cache told of every change, counting its queries, on a clock the test moves. */
  function announcedCache(ttlMs = 1_000) {
    const cache = countingProjectCache(database, ttlMs)
    cache.projects.setAnnounced(true)
    return cache
  }
  const newProject = async (name: string) => {
    const id = `announced-${randomUUID()}`
    await rename(id, name)
    return id
  }
  const rename = (id: string, name: string) =>
    upsertProject({ db: database.db, id, name, allowedOrigins: ['https://a.example'] })

  it('keeps a project past its lifetime, asking the database nothing, until it changes', async () => {
    const id = await newProject('Kept')
    const { clock, projects, queries } = announcedCache()
    const first = await projects.find(id)
    const before = queries()
    clock.now = 24 * 3_600_000
    expect(projects.peek(id)?.project).toBe(first)
    expect(await projects.find(id)).toBe(first)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(queries() - before).toBe(0)

    await rename(id, 'Changed')
    projects.changed(id)
    expect(projects.peek(id)).toBeUndefined()
    expect((await projects.find(id))?.name).toBe('Changed')
  })

  it('keeps an unknown id unknown until a project by that id is announced', async () => {
    const id = `missing-${randomUUID()}`
    const { clock, projects } = announcedCache()
    expect(await projects.find(id)).toBeUndefined()
    clock.now = 3_600_000
    expect(projects.peek(id)).toEqual(expect.objectContaining({ project: undefined }))
    await rename(id, 'Created')
    projects.changed(id)
    expect((await projects.find(id))?.name).toBe('Created')
  })

  it('does not keep a lookup that was under way when its project changed', async () => {
    const id = await newProject('Before')
    const { projects } = announcedCache()
    const underWay = projects.find(id)
    projects.changed(id)
    // Its waiters get what it read; it is not kept, since it may predate the change.
    expect((await underWay)?.name).toBe('Before')
    expect(projects.peek(id)).toBeUndefined()
  })

  it('looks a changed project up again for requests arriving while an older lookup runs', async () => {
    const id = await newProject('Changing')
    const { projects, queries } = announcedCache()
    const before = queries()
    const older = projects.find(id)
    projects.changed(id)
    // Joining the older lookup would answer what may predate the change.
    const newer = projects.find(id)
    await Promise.all([older, newer])
    expect(queries() - before).toBe(2)
    // The newer one is kept; the older one, ending after it started, did not drop it.
    const before2 = queries()
    expect((await projects.find(id))?.name).toBe('Changing')
    expect(queries() - before2).toBe(0)
  })

  it('reads kept projects again at once when announcements stop, keeping them at most its lifetime', async () => {
    const id = await newProject('Kept')
    const { clock, projects, queries } = announcedCache(1_000)
    clock.now = 10_000
    const kept = await projects.find(id)
    const before = queries()
    projects.setAnnounced(false)
    // Still answered at once while it is looked up again in the background.
    expect(projects.peek(id)?.project).toBe(kept)
    await expect.poll(() => queries() - before).toBe(1)
    // Unchanged: the same object, now living the lifetime from that lookup.
    expect(projects.peek(id)?.project).toBe(kept)
    clock.now = 11_000
    expect(projects.peek(id)).toBeUndefined()
  })

  it('keeps a lookup that ends after announcements stopped only for its lifetime', async () => {
    const id = await newProject('Racing')
    const { clock, projects } = announcedCache(1_000)
    const underWay = projects.find(id)
    projects.setAnnounced(false)
    await underWay
    // Not kept as announced: found again from the database and kept its lifetime.
    const again = await projects.find(id)
    expect(again?.name).toBe('Racing')
    clock.now = 1_000
    expect(projects.peek(id)).toBeUndefined()
  })

  it('keeps projects read before announcements began only for their lifetime', async () => {
    const id = await newProject('Early')
    const { clock, projects } = announcedCache(1_000)
    projects.setAnnounced(false)
    await projects.find(id)
    projects.setAnnounced(true)
    // Past its refresh point it is read again, and from then on kept as announced.
    clock.now = 600
    expect(projects.peek(id)?.project?.name).toBe('Early')
    await new Promise((resolve) => setTimeout(resolve, 20))
    clock.now = 3_600_000
    await expect.poll(() => projects.peek(id)?.project?.name).toBe('Early')
  })
})
