import { defaultProjectFeatures, type ProjectFeatures } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export type Project = {
  id: string
  name: string
  allowedOrigins: string[]
  features: ProjectFeatures
}

export type UpsertProjectParameters = {
  db: Kysely<Database>
  id: string
  name: string
  allowedOrigins: string[]
  features?: Partial<ProjectFeatures> | undefined
}

/** Creates a project or replaces its name, origins and (given) features. */
export async function upsertProject(parameters: UpsertProjectParameters): Promise<Project> {
  const { db, id, name, allowedOrigins } = parameters
  const existing = await getProject({ db, id })
  const features: ProjectFeatures = {
    ...defaultProjectFeatures,
    ...existing?.features,
    ...parameters.features,
  }
  await db
    .insertInto('projects')
    .values({
      id,
      name,
      allowed_origins: JSON.stringify(allowedOrigins),
      features: JSON.stringify(features),
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name,
        allowed_origins: JSON.stringify(allowedOrigins),
        features: JSON.stringify(features),
        updated_at: new Date(),
      }),
    )
    .execute()
  return { id, name, allowedOrigins, features }
}

export type GetProjectParameters = { db: Kysely<Database>; id: string }

export async function getProject({ db, id }: GetProjectParameters): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toProject(row) : undefined
}

export async function listProjects({ db }: { db: Kysely<Database> }): Promise<Project[]> {
  const rows = await db.selectFrom('projects').selectAll().orderBy('id').execute()
  return rows.map(toProject)
}

function toProject(row: {
  id: string
  name: string
  allowed_origins: string[]
  features: Record<string, unknown>
}): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    features: { ...defaultProjectFeatures, ...(row.features as Partial<ProjectFeatures>) },
  }
}
