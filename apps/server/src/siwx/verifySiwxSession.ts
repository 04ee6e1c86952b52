import { type SiwxSession, siwxCookieName, siwxSessionResponse } from '@foyer/protocol'
import * as v from 'valibot'
import { readSiwxTokensFromHeader } from './siwxCookie.ts'

/** `verifySiwxSession` could not get an answer (not a 200 or a 401) from the Foyer server. */
export class SiwxSessionCheckError extends Error {
  override name = 'SiwxSessionCheckError'
  /** The HTTP status the Foyer server answered, when it answered. */
  readonly status: number | undefined

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.status = options.status
  }
}

export type VerifySiwxSessionParameters = {
  /** The Foyer server's URL, e.g. `https://foyer.example.com`. */
  serverUrl: string
  projectId: string
  /**
   * The `Cookie` header of the request your backend received (only its `foyer_siwx` is sent
   * on), or the bare `foyer_siwx` value.
   */
  cookie: string | undefined
  /** Default: the global `fetch`. */
  fetch?: typeof fetch | undefined
  /** Give up after this long (default 5 s). */
  timeoutMs?: number | undefined
}

/**
 * For the app's own backend: whose wallet signed in on this request? Asks the Foyer server's
 * `GET /v1/siwx/session` with the request's `foyer_siwx` cookie and resolves the session
 * (`{ address, chainId, namespace, expiresAt, accounts }`), or `null` when the visitor is not
 * signed in to `projectId` (no cookie, expired, signed out, another project's). Throws
 * `SiwxSessionCheckError` when the server cannot say (unknown project, limits, down): never
 * read that as "signed in". Sends no `Origin` (a server-to-server call) and no other cookie.
 */
export async function verifySiwxSession(
  parameters: VerifySiwxSessionParameters,
): Promise<SiwxSession | null> {
  const { serverUrl, projectId, timeoutMs = 5_000 } = parameters
  const tokens = siwxTokensOf(parameters.cookie)
  if (tokens.length === 0) return null
  const url = new URL('/v1/siwx/session', serverUrl)
  url.searchParams.set('projectId', projectId)
  let response: Response
  try {
    response = await (parameters.fetch ?? fetch)(url, {
      headers: { cookie: tokens.map((token) => `${siwxCookieName}=${token}`).join('; ') },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    throw new SiwxSessionCheckError(`The Foyer server at ${url.origin} did not answer`, {
      cause: error,
    })
  }
  if (response.status === 401) return null
  const body: unknown = await response.json().catch(() => undefined)
  if (response.status !== 200) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : ''
    throw new SiwxSessionCheckError(
      `The Foyer server answered HTTP ${response.status}${message ? `: ${message}` : ''}`,
      { status: response.status },
    )
  }
  const parsed = v.safeParse(siwxSessionResponse, body)
  if (!parsed.success)
    throw new SiwxSessionCheckError('The Foyer server answered a session of another shape', {
      status: response.status,
    })
  return parsed.output.session
}

/** `foyer_siwx` values of a `Cookie` header, or the value itself when given bare. */
function siwxTokensOf(cookie: string | undefined): string[] {
  const bare = cookie?.trim() ?? ''
  return readSiwxTokensFromHeader(bare.includes('=') ? bare : `${siwxCookieName}=${bare}`)
}
