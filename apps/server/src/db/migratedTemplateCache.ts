import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A freshly migrated PGlite database's files, kept in `FOYER_DB_TEMPLATE_DIR` for the next
 * process: its first `memory://` database and any new data directory start as a copy. Without it
 * each runs initdb and every migration, about 9 s of CPU; a test run starts dozens (test workers,
 * server and tool processes).
 * The file's name is a hash of the migrations' source and PGlite's version, so a changed migration
 * or another PGlite never reads an old copy. Unset (the default), nothing is read or written.
 */
export type MigratedTemplateCache = {
  /** The cached files, when this schema's copy exists. */
  read: () => Blob | undefined
  /** Keeps the files for later processes (atomically: a reader never sees half a file). */
  write: (files: Blob) => Promise<void>
  /** Forgets a copy that did not open (e.g. written by a PGlite of the same name but other data). */
  drop: () => void
}

export type CreateMigratedTemplateCacheParameters = {
  /** The directory (`FOYER_DB_TEMPLATE_DIR`); undefined turns the cache off. */
  dir: string | undefined
}

export function createMigratedTemplateCache({
  dir,
}: CreateMigratedTemplateCacheParameters): MigratedTemplateCache | undefined {
  if (!dir) return undefined
  const key = templateKey()
  // Built code (dist/) has no migrations.ts beside it: no key, no cache.
  if (!key) return undefined
  const file = join(resolve(dir), `migrated-${key}.tar`)
  return {
    read() {
      try {
        return new Blob([readFileSync(file)])
      } catch {
        return undefined
      }
    },
    async write(files) {
      try {
        mkdirSync(dirname(file), { recursive: true })
        const partial = `${file}.${process.pid}.partial`
        writeFileSync(partial, Buffer.from(await files.arrayBuffer()))
        renameSync(partial, file)
        // Copies of older schemas are never read again (40 MB each).
        for (const name of readdirSync(dirname(file)))
          if (name.startsWith('migrated-') && name !== basename(file) && !name.endsWith('.partial'))
            rmSync(join(dirname(file), name), { force: true })
      } catch {
        // A cache: the next process makes its own copy.
      }
    },
    drop() {
      rmSync(file, { force: true })
    },
  }
}

function templateKey(): string | undefined {
  try {
    const migrationsSource = readFileSync(
      fileURLToPath(new URL('./migrations.ts', import.meta.url)),
    )
    const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
    const pglitePackage = readFileSync(join(dirname(pgliteEntry), '..', 'package.json'))
    return createHash('sha256')
      .update(migrationsSource)
      .update(pglitePackage)
      .digest('hex')
      .slice(0, 16)
  } catch {
    return undefined
  }
}
