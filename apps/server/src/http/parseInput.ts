import { describeIssues } from '@foyer/protocol'
import * as v from 'valibot'
import { InvalidInputError, ProjectIdMissingError } from '../errors.ts'

/**
 * Validates one part of a request against its protocol schema. A missing `projectId` is reported
 * as 'Project ID Not Configured'; any other problem as a 400 naming the field.
 */
export function parseInput<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
  part: 'query' | 'params' | 'body',
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, value ?? {})
  if (result.success) return result.output
  const { field, message } = describeIssues(result.issues)
  if (
    field === 'projectId' &&
    isMissing((value as Record<string, unknown> | undefined)?.projectId)
  ) {
    throw new ProjectIdMissingError()
  }
  throw new InvalidInputError(field ? message : `${part}: ${message}`, field ?? part)
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}
