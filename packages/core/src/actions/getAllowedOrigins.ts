import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import { showAlert } from './showAlert.ts'

export type GetAllowedOriginsReturnType = readonly string[]
export type GetAllowedOriginsErrorType = AllowedOriginsError

/** The origins fetch failed in a way the visitor must hear about (SPEC §8). */
export class AllowedOriginsError extends BaseError {
  override name = 'AllowedOriginsError'
  readonly code: 'RATE_LIMITED' | 'SERVER_ERROR'
  constructor(parameters: { code: 'RATE_LIMITED' | 'SERVER_ERROR'; cause?: unknown }) {
    super(parameters.code === 'RATE_LIMITED' ? 'Rate Limited' : 'Server Error', {
      cause: parameters.cause,
    })
    this.code = parameters.code
  }
}

/**
 * The project's allowed origin patterns from `/projects/v1/origins`. HTTP 429 fails with
 * RATE_LIMITED and 5xx with SERVER_ERROR (each also shown as its alert); any other failure yields
 * an empty list (SPEC §8).
 */
export async function getAllowedOrigins(foyer: Foyer): Promise<GetAllowedOriginsReturnType> {
  try {
    const { allowedOrigins } = await getApiClient(foyer).request('getOrigins')
    return allowedOrigins
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 429 || error.status >= 500)) {
      const code = error.status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR'
      showAlert(foyer, { code })
      throw new AllowedOriginsError({ code, cause: error })
    }
    return []
  }
}
