import { InvalidInputError, ProjectIdMissingError } from '../errors.ts'

/**
 * The project of a call that may name it in the query (like every blockchain-API call) and in the
 * body (SPEC §7 for `POST /v1/fungible/price`): either one, or both when they agree.
 */
export function pickProjectId(fromQuery: string | undefined, fromBody: string | undefined): string {
  if (fromQuery !== undefined && fromBody !== undefined && fromQuery !== fromBody) {
    throw new InvalidInputError(
      'projectId: the query and the body name different projects',
      'projectId',
    )
  }
  const projectId = fromBody ?? fromQuery
  if (projectId === undefined) throw new ProjectIdMissingError()
  return projectId
}
