import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../../db/createDatabase.ts'
import { loginIdentity } from './loginIdentity.ts'

let database: FoyerDatabase
beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://' })
}, 60_000)
afterAll(async () => {
  await database?.destroy()
})

let counter = 0
/** A provider identity of its own per test (the database is shared). */
const newSubject = () => `subject-${++counter}`

const login = (
  profile: { subject: string; email?: string; name?: string; username?: string },
  options: { projectId?: string; provider?: string; deviceId?: string } = {},
) =>
  loginIdentity({
    db: database.db,
    projectId: options.projectId ?? 'project-a',
    provider: options.provider ?? 'github',
    profile,
    deviceId: options.deviceId ?? 'device-1',
  })

const identityRow = (subject: string, provider = 'github', projectId = 'project-a') =>
  database.db
    .selectFrom('embedded_identities')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow()

describe('loginIdentity', () => {
  it('makes an account on the first login and finds the same account on every later one', async () => {
    const subject = newSubject()
    const first = await login({ subject, name: 'Ada', username: 'ada' })
    expect(first).toMatchObject({
      project_id: 'project-a',
      email: null,
      social_provider: 'github',
      display_name: 'Ada',
    })
    expect(first.last_login_at).toBeInstanceOf(Date)
    const again = await login({ subject }, { deviceId: 'device-2' })
    expect(again.id).toBe(first.id)
    const devices = await database.db
      .selectFrom('embedded_devices')
      .select('device_id')
      .where('user_id', '=', first.id)
      .orderBy('device_id')
      .execute()
    expect(devices.map((row) => row.device_id)).toEqual(['device-1', 'device-2'])
    // The same device again adds nothing.
    await login({ subject }, { deviceId: 'device-2' })
    expect(
      await database.db
        .selectFrom('embedded_devices')
        .select('device_id')
        .where('user_id', '=', first.id)
        .execute(),
    ).toHaveLength(2)
  })

  it('stores what the provider said, and keeps it when a later login says less', async () => {
    const subject = newSubject()
    const user = await login({ subject, email: 'ada@example.com', name: 'Ada', username: 'ada' })
    expect(await identityRow(subject)).toMatchObject({
      user_id: user.id,
      email: 'ada@example.com',
      display_name: 'Ada',
      username: 'ada',
    })
    expect((await identityRow(subject)).last_login_at).toBeInstanceOf(Date)
    // A renamed account shows its new name; what the provider no longer says is kept.
    const renamed = await login({ subject, name: 'Ada L.' })
    expect(renamed.display_name).toBe('Ada L.')
    expect(await identityRow(subject)).toMatchObject({
      email: 'ada@example.com',
      display_name: 'Ada L.',
      username: 'ada',
    })
    await login({ subject, email: 'ada@new.example.com', username: 'ada2' })
    expect(await identityRow(subject)).toMatchObject({
      email: 'ada@new.example.com',
      display_name: 'Ada L.',
      username: 'ada2',
    })
  })

  it('names the account by the name, else the username, else the email the provider gave', async () => {
    expect(
      (await login({ subject: newSubject(), username: 'ada', email: 'a@x.io' })).display_name,
    ).toBe('ada')
    expect((await login({ subject: newSubject(), email: 'a@x.io' })).display_name).toBe('a@x.io')
    const nameless = newSubject()
    expect((await login({ subject: nameless })).display_name).toBeNull()
    expect(await identityRow(nameless)).toMatchObject({
      email: null,
      display_name: null,
      username: null,
    })
    // A later login that gives a name names the account.
    expect((await login({ subject: nameless, username: 'later' })).display_name).toBe('later')
  })

  it('never joins an account by a matching email: each provider identity has its own', async () => {
    const email = `shared-${newSubject()}@example.com`
    const byGithub = await login({ subject: newSubject(), email })
    const byGoogle = await login({ subject: newSubject(), email }, { provider: 'google' })
    expect(byGoogle.id).not.toBe(byGithub.id)
    expect(byGoogle.email).toBeNull()
    // The same subject at another provider, or in another project, is another account too.
    const subject = newSubject()
    const a = await login({ subject })
    const b = await login({ subject }, { provider: 'discord' })
    const c = await login({ subject }, { projectId: 'project-b' })
    expect(new Set([a.id, b.id, c.id]).size).toBe(3)
    expect(c.project_id).toBe('project-b')
  })

  it('gives simultaneous first logins of one identity the same account, and makes no other', async () => {
    const subject = newSubject()
    const name = `Racer ${subject}`
    const users = await Promise.all(
      ['device-1', 'device-2', 'device-3'].map((deviceId) =>
        login({ subject, name }, { deviceId }),
      ),
    )
    expect(new Set(users.map((user) => user.id)).size).toBe(1)
    const accounts = await database.db
      .selectFrom('embedded_users')
      .select('id')
      .where('display_name', '=', name)
      .execute()
    expect(accounts).toEqual([{ id: users[0]!.id }])
  })
})
