import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDatabase } from './createDatabase.ts'
import { createMigratedTemplateCache } from './migratedTemplateCache.ts'

describe('createDatabase with kept migrated copies', () => {
  const keptDir = process.env.FOYER_DB_TEMPLATE_DIR
  const made: string[] = []
  afterEach(() => {
    process.env.FOYER_DB_TEMPLATE_DIR = keptDir
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    made.push(dir)
    return dir
  }

  it('makes a new data directory by initdb when the kept copy does not open, and forgets the copy', async () => {
    const templates = tempDir('foyer-kept-')
    process.env.FOYER_DB_TEMPLATE_DIR = templates
    const cache = createMigratedTemplateCache({ dir: templates })!
    await cache.write(new Blob(['not a PGlite data directory']))
    expect(cache.read()).toBeDefined()

    const database = await createDatabase({ dataDir: tempDir('foyer-data-') })
    try {
      await database.db
        .insertInto('projects')
        .values({ id: 'opened', name: 'Opened', allowed_origins: '[]', features: '{}' })
        .execute()
      const rows = await database.db.selectFrom('projects').select('id').execute()
      expect(rows.map((row) => row.id)).toEqual(['opened'])
    } finally {
      await database.destroy()
    }
    expect(cache.read()).toBeUndefined()
  }, 180_000)
})
