import { describeIssues, type ProjectFeatures, projectFeatures } from '@foyer/protocol'
import * as v from 'valibot'
import { InvalidProjectFeaturesError } from '../errors.ts'

/** Some of a project's feature switches; unknown switches are refused, not ignored. */
const projectFeaturesPatch = v.partial(v.strictObject(projectFeatures.entries))
const knownFeatures = Object.keys(projectFeatures.entries).join(', ')

/**
 * Reads feature switches given as JSON (e.g. `{"swaps":false}`) and checks them against the
 * protocol's `projectFeatures`, so a typo never reaches the database or the clients.
 */
export function parseProjectFeatures(json: string): Partial<ProjectFeatures> {
  const notAnObject = 'features must be a JSON object such as {"swaps":false}'
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw new InvalidProjectFeaturesError(notAnObject, { cause: error })
  }
  // valibot takes arrays for objects (with keys "0", "1", …): refuse them by name.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidProjectFeaturesError(notAnObject)
  }
  const result = v.safeParse(projectFeaturesPatch, value)
  if (result.success) return result.output
  const issue = result.issues[0]
  const { field, message } = describeIssues(result.issues)
  if (issue?.type === 'strict_object' && field) {
    throw new InvalidProjectFeaturesError(
      `features: unknown feature "${field}" (known: ${knownFeatures})`,
    )
  }
  throw new InvalidProjectFeaturesError(field ? `features.${message}` : `features: ${message}`)
}
