import { defaultProjectFeatures } from '@foyer/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { storeEvents } from '../src/analytics/events.ts'
import { analyticsQuery } from '../src/cli/analyticsQuery.ts'
import type { CliContext } from '../src/cli/cliContext.ts'
import { projectUpsert } from '../src/cli/projectUpsert.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { getProject, listProjects } from '../src/projects/projects.ts'

describe('operator commands', () => {
  let database: FoyerDatabase
  let opened: number
  let stdout: string
  let stderr: string
  /** The commands' context: one in-memory database kept open across commands, output captured. */
  const context: CliContext = {
    async openDatabase() {
      opened++
      // Commands close what they open; this database outlives them.
      return { ...database, destroy: async () => {} }
    },
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
  }

  beforeAll(async () => {
    database = await createDatabase({ dataDir: 'memory://' })
  })
  afterAll(async () => {
    await database?.destroy()
  })
  beforeEach(() => {
    opened = 0
    stdout = ''
    stderr = ''
  })

  const upsert = (...extra: string[]) =>
    projectUpsert(
      [
        '--id',
        'shop',
        '--name',
        'Shop',
        '--origins',
        'https://shop.example, http://localhost:*',
        ...extra,
      ],
      context,
    )

  describe('project upsert', () => {
    it('creates a project with the given feature switches on top of the defaults', async () => {
      expect(await upsert('--features', '{"swaps":false,"socials":["github"]}')).toBe(0)
      const project = await getProject({ db: database.db, id: 'shop' })
      expect(project).toEqual({
        id: 'shop',
        name: 'Shop',
        allowedOrigins: ['https://shop.example', 'http://localhost:*'],
        features: { ...defaultProjectFeatures, swaps: false, socials: ['github'] },
      })
      expect(JSON.parse(stdout)).toEqual(project)
      expect(stderr).toBe('')
    })

    it.each([
      ['a switch of the wrong type', '{"swaps":"no"}', /^features\.swaps: /],
      ['an unknown switch', '{"swap":false}', /^features: unknown feature "swap" \(known: email, /],
      ['an unknown social provider', '{"socials":["myspace"]}', /^features\.socials\.0: /],
      ['JSON that is not an object', '[true]', /^features must be a JSON object such as/],
      ['JSON null', 'null', /^features must be a JSON object such as/],
      ['text that is not JSON', '{swaps:false}', /^features must be a JSON object such as/],
    ])('refuses %s in --features and writes nothing', async (_, features, message) => {
      const before = await listProjects({ db: database.db })
      expect(await upsert('--name', 'Renamed', '--features', features)).toBe(2)
      expect(stderr).toMatch(message)
      expect(stdout).toBe('')
      expect(opened).toBe(0)
      expect(await listProjects({ db: database.db })).toEqual(before)
    })

    it('refuses missing arguments, a bad id and unknown options', async () => {
      expect(await projectUpsert(['--id', 'x', '--name', 'X'], context)).toBe(2)
      expect(stderr).toMatch(/needs --id, --name and --origins/)
      expect(await projectUpsert(['--id', 'bad id', '--name', 'X', '--origins', ''], context)).toBe(
        2,
      )
      expect(stderr).toMatch(/--id may contain only letters/)
      expect(await upsert('--colour', 'red')).toBe(2)
      expect(stderr).toMatch(/--colour/)
      expect(opened).toBe(0)
    })
  })

  describe('analytics query', () => {
    beforeAll(async () => {
      await storeEvents({
        db: database.db,
        projectId: 'shop',
        events: Array.from({ length: 3 }, (_, i) => ({
          eventId: `e-${i}`,
          url: 'https://shop.example/',
          domain: 'shop.example',
          timestamp: 1_700_000_000_000 + i,
          props: { type: i === 0 ? 'error' : 'track', event: 'MODAL_OPEN' },
        })),
      })
    })

    const lines = () =>
      stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { eventId: string; type: string })

    it('prints the newest events up to --limit', async () => {
      expect(await analyticsQuery(['--project', 'shop', '--limit', '2'], context)).toBe(0)
      expect(lines().map((event) => event.eventId)).toEqual(['e-2', 'e-1'])
    })

    it.each(['abc', '0', '-5', '2.5', '1e3', '10001', ''])(
      'refuses --limit %j with a clear message before opening the database',
      async (limit) => {
        expect(await analyticsQuery([`--limit=${limit}`], context)).toBe(2)
        expect(stderr).toBe(`--limit must be a whole number from 1 to 10000, got "${limit}"\n`)
        expect(stdout).toBe('')
        expect(opened).toBe(0)
      },
    )

    it('refuses a --since it cannot read', async () => {
      expect(await analyticsQuery(['--since', 'yesterday'], context)).toBe(2)
      expect(stderr).toMatch(/--since must be like 1h, 30m, 7d or an ISO date, got "yesterday"/)
      expect(opened).toBe(0)
    })
  })
})
