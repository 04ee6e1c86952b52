import * as v from 'valibot'
import { AuthApiError } from '../errors.ts'
import {
  type AuthApiBody,
  type AuthApiResponse,
  type AuthApiRouteName,
  authApiErrorSchema,
  authApiRoutes,
} from '../protocol/auth-api.ts'
import { solveProofOfWork } from './proofOfWork.ts'

/** What the frame needs from the server; one method per route of `authApiRoutes`. */
export type AuthApi = {
  [name in AuthApiRouteName]: AuthApiBody<name> extends undefined
    ? () => Promise<AuthApiResponse<name>>
    : (body: AuthApiBody<name>) => Promise<AuthApiResponse<name>>
}

export type CreateHttpAuthApiParameters = {
  /** The server's origin, e.g. `http://127.0.0.1:4401` (the frame's own origin). */
  baseUrl: string
  projectId: string
  fetch?: typeof fetch
}

/**
 * The `AuthApi` over HTTP: same-origin requests with the session cookie, validated both ways.
 * When the server asks for a proof of work before an email login (429 `proof_required`), it is
 * solved here (WebCrypto) and the start sent again once with it: callers never see it.
 */
export function createHttpAuthApi(parameters: CreateHttpAuthApiParameters): AuthApi {
  const fetchFn = parameters.fetch ?? globalThis.fetch.bind(globalThis)
  const call = async (name: AuthApiRouteName, body?: unknown): Promise<unknown> => {
    try {
      return await send(name, body)
    } catch (error) {
      const challenge = error instanceof AuthApiError ? error.proofOfWork : undefined
      if (name !== 'startEmailLogin' || !challenge) throw error
      const proof = await solveProofOfWork(challenge)
      return send(name, { ...(body as object), proof })
    }
  }
  const send = async (name: AuthApiRouteName, body?: unknown): Promise<unknown> => {
    const route = authApiRoutes[name]
    const url = new URL(route.path, parameters.baseUrl)
    url.searchParams.set('projectId', parameters.projectId)
    const response = await fetchFn(url, {
      method: route.method,
      credentials: 'include',
      headers: route.method === 'POST' ? { 'content-type': 'application/json' } : {},
      ...(route.method === 'POST'
        ? { body: JSON.stringify('body' in route ? v.parse(route.body, body ?? {}) : {}) }
        : {}),
    })
    const json: unknown = await response.json().catch(() => null)
    if (!response.ok) {
      const error = v.safeParse(authApiErrorSchema, json)
      throw new AuthApiError(error.success ? error.output.message : 'Server Error', {
        status: response.status,
        details: error.success ? error.output.error : `HTTP ${response.status}`,
        proofOfWork: error.success ? error.output.proofOfWork : undefined,
      })
    }
    return v.parse(route.response, json)
  }
  return Object.fromEntries(
    Object.keys(authApiRoutes).map((name) => [
      name,
      (body?: unknown) => call(name as AuthApiRouteName, body),
    ]),
  ) as AuthApi
}
