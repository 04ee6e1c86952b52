import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../src/db/migrations.ts'
import { createPgliteDialect } from '../src/db/pgliteDialect.ts'
import type { Database } from '../src/db/schema.ts'
import { migrateBefore } from './support/migrateBefore.ts'

describe('migration 0006_custody_and_projects', () => {
  let db: Kysely<Database> | undefined
  afterEach(async () => {
    await db?.destroy()
  })

  it('carries no legacy embedded-wallet row over (operator-sealed recovery shares, accounts without a project)', async () => {
    db = new Kysely<Database>({ dialect: createPgliteDialect(await PGlite.create('memory://')) })
    await migrateBefore({ db, firstMissing: '0006' })
    // A wallet of the old custody: its recovery share sealed to the operator's key.
    await sql`insert into embedded_users (id, email) values ('u1', 'old@example.com')`.execute(db)
    await sql`insert into embedded_devices (user_id, device_id) values ('u1', 'device-old')`.execute(
      db,
    )
    await sql`insert into embedded_sessions (id, user_id, device_id, device_approved) values ('s1', 'u1', 'device-old', true)`.execute(
      db,
    )
    await sql`insert into embedded_wallets (user_id, addresses) values ('u1', '{"eip155":"0x0000000000000000000000000000000000000001","solana":"11111111111111111111111111111111"}')`.execute(
      db,
    )
    await sql`insert into embedded_share_sets (share_set_id, user_id, device_id, auth_share_encrypted, sealed_recovery_share) values ('set-1', 'u1', 'device-old', 'x', '{"version":1}')`.execute(
      db,
    )
    await sql`insert into embedded_email_throttle (email, last_sent_at) values ('old@example.com', now())`.execute(
      db,
    )

    expect(await migrateToLatest({ db })).toContain('0006_custody_and_projects')
    for (const table of [
      'embedded_users',
      'embedded_devices',
      'embedded_sessions',
      'embedded_wallets',
      'embedded_share_sets',
      'embedded_email_throttle',
    ] as const) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
      expect([table, Number(count)]).toEqual([table, 0])
    }
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'embedded_share_sets'`.execute(
      db,
    )
    expect(columns.rows.map((c) => c.column_name)).not.toContain('sealed_recovery_share')

    // One account per email and project.
    await db
      .insertInto('embedded_users')
      .values([
        { id: 'a', project_id: 'project-a', email: 'same@example.com', last_login_at: null },
        { id: 'b', project_id: 'project-b', email: 'same@example.com', last_login_at: null },
      ])
      .execute()
    await expect(
      db
        .insertInto('embedded_users')
        .values({
          id: 'c',
          project_id: 'project-a',
          email: 'same@example.com',
          last_login_at: null,
        })
        .execute(),
    ).rejects.toThrow()
  }, 120_000)
})
