import type { ProjectFeatures } from '@foyer/protocol'
import { CliUsageError } from '../errors.ts'
import { parseProjectFeatures } from '../projects/parseProjectFeatures.ts'
import { upsertProject } from '../projects/projects.ts'
import { type CliContext, parseCommandArgs, runCommand, withDatabase } from './cliContext.ts'

/**
 * `project upsert --id ID --name NAME --origins 'a,b' [--features JSON]`: creates or updates a
 * project. Every argument is checked before the database is opened, so a refused one writes
 * nothing.
 */
export function projectUpsert(args: string[], context: CliContext): Promise<number> {
  return runCommand(
    context,
    () => {
      const { values } = parseCommandArgs(args, {
        id: { type: 'string' },
        name: { type: 'string' },
        origins: { type: 'string' },
        features: { type: 'string' },
      })
      if (!values.id || !values.name || values.origins === undefined) {
        throw new CliUsageError('project upsert needs --id, --name and --origins')
      }
      if (!/^[A-Za-z0-9._-]{1,128}$/.test(values.id)) {
        throw new CliUsageError(
          '--id may contain only letters, digits, ".", "_" and "-" (at most 128)',
        )
      }
      const features: Partial<ProjectFeatures> | undefined =
        values.features === undefined ? undefined : parseProjectFeatures(values.features)
      return {
        id: values.id,
        name: values.name,
        allowedOrigins: values.origins
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
        features,
      }
    },
    (input) =>
      withDatabase(context, async (db) => {
        const project = await upsertProject({ db, ...input })
        context.stdout(`${JSON.stringify(project)}\n`)
      }),
  )
}
