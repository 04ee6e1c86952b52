import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMigratedTemplateCache } from './migratedTemplateCache.ts'

describe('createMigratedTemplateCache', () => {
  const dirs: string[] = []
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-db-template-test-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('is off without a directory', () => {
    expect(createMigratedTemplateCache({ dir: undefined })).toBeUndefined()
    expect(createMigratedTemplateCache({ dir: '' })).toBeUndefined()
  })

  it('gives a later process the files an earlier one kept, and forgets a dropped copy', async () => {
    const dir = newDir()
    const earlier = createMigratedTemplateCache({ dir })!
    expect(earlier.read()).toBeUndefined()
    await earlier.write(new Blob([new Uint8Array([1, 2, 3])]))

    const later = createMigratedTemplateCache({ dir })!
    const files = later.read()
    expect(new Uint8Array(await files!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]))
    // Written under a temporary name and renamed: nothing half-written is left beside it.
    expect(readdirSync(dir).filter((name) => name.endsWith('.partial'))).toEqual([])

    later.drop()
    expect(createMigratedTemplateCache({ dir })!.read()).toBeUndefined()
  })

  it('removes copies of other schemas when it keeps one', async () => {
    const dir = newDir()
    const older = join(dir, 'migrated-0000000000000000.tar')
    writeFileSync(older, 'an older schema')
    await createMigratedTemplateCache({ dir })!.write(new Blob(['files']))
    expect(existsSync(older)).toBe(false)
    expect(readdirSync(dir)).toHaveLength(1)
  })
})
