import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { upsertProject } from '../projects/projects.ts'
import { createDatabase, type FoyerDatabase } from './createDatabase.ts'
import { projectChangesChannel } from './migrations.ts'

describe('listening on the embedded database', () => {
  let database: FoyerDatabase
  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
  }, 120_000)
  afterAll(() => database?.destroy())

  function listen(channel = projectChangesChannel) {
    const heard: string[] = []
    const listening: boolean[] = []
    const stop = database.listen!({
      channel,
      onNotification: (payload) => heard.push(payload),
      onListening: (value) => listening.push(value),
    })
    return { heard, listening, stop }
  }

  it("announces each changed project's id, whoever writes the row", async () => {
    const { heard, listening, stop } = listen()
    await expect.poll(() => listening).toEqual([true])
    const id = `notify-${randomUUID()}`
    await upsertProject({ db: database.db, id, name: 'First', allowedOrigins: [] })
    await upsertProject({ db: database.db, id, name: 'Second', allowedOrigins: [] })
    // An operator's own SQL is announced too.
    await sql`update projects set name = 'Third' where id = ${id}`.execute(database.db)
    await sql`delete from projects where id = ${id}`.execute(database.db)
    await expect.poll(() => heard).toEqual([id, id, id, id])
    await stop()
    expect(listening).toEqual([true, false])
    await upsertProject({ db: database.db, id, name: 'Unheard', allowedOrigins: [] })
    expect(heard).toHaveLength(4)
  })

  it('announces a change at commit, and not at all when it is rolled back', async () => {
    const { heard, listening, stop } = listen()
    await expect.poll(() => listening).toEqual([true])
    const kept = `kept-${randomUUID()}`
    const undone = `undone-${randomUUID()}`
    await database.db
      .transaction()
      .execute(async (trx) => {
        await upsertProject({ db: trx, id: undone, name: 'Undone', allowedOrigins: [] })
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    await database.db.transaction().execute(async (trx) => {
      await upsertProject({ db: trx, id: kept, name: 'Kept', allowedOrigins: [] })
      expect(heard).toEqual([])
    })
    await expect.poll(() => heard).toEqual([kept])
    await stop()
  })

  it("keeps listening when it starts during another caller's transaction that rolls back", async () => {
    let started: ReturnType<typeof listen> | undefined
    await database.db
      .transaction()
      .execute(async (trx) => {
        started = listen()
        await sql`select 1`.execute(trx)
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    const { heard, listening, stop } = started!
    await expect.poll(() => listening).toEqual([true])
    const id = `after-${randomUUID()}`
    await upsertProject({ db: database.db, id, name: 'Heard', allowedOrigins: [] })
    await expect.poll(() => heard).toEqual([id])
    await stop()
  })

  it('refuses a channel that is not a plain name', () => {
    expect(() => listen('changes; drop table projects')).toThrow(/Not a plain channel name/)
  })
})
