import {
  type PostSiwxNonceResponse,
  routes,
  type SiwxRevokeResponse,
  type SiwxSessionResponse,
  siwxMessages,
} from '@foyer/protocol'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { SiwxUnauthenticatedError } from '../siwx/errors.ts'
import { issueSiwxNonce } from '../siwx/nonces.ts'
import { findSiwxSession, hashSiwxToken, revokeSiwxSession } from '../siwx/sessionStore.ts'
import {
  clearSiwxCookie,
  readSiwxTokens,
  type SiwxCookiePolicy,
  setSiwxCookie,
  siwxCookiePolicy,
} from '../siwx/siwxCookie.ts'
import { verifySignIn } from '../siwx/verifySignIn.ts'
import { parseInput } from './parseInput.ts'
import { pickProjectId } from './pickProjectId.ts'

export type RegisterSiwxRoutesParameters = {
  /** `serve --dev`: plain-http cookies from a non-loopback host may go without `Secure`. */
  dev: boolean
  /** `Domain=` of the cookie (`FOYER_SIWX_COOKIE_DOMAIN`), to share it with the app's backend. */
  cookieDomain: string | undefined
  /** The longest a session lasts, whatever the message's Expiration Time (default 7 days). */
  sessionLifetimeMs: number
}

/**
 * Sign in with any wallet (SIWX), the default verifier: nonces, verification of the signed
 * message, and the session held in the `foyer_siwx` cookie. Each route checks the project and the
 * request's `Origin` against its allow-list (a page of another site cannot sign a visitor in or
 * out: its cross-site request carries its own `Origin`), is limited like every route, and is
 * never cached (`no-store`: the answers depend on the cookie).
 */
export function registerSiwxRoutes(
  app: FastifyInstance,
  { dev, cookieDomain, sessionLifetimeMs }: RegisterSiwxRoutesParameters,
): void {
  const { foyer } = app
  const policyOf = (request: FastifyRequest): SiwxCookiePolicy =>
    siwxCookiePolicy({ request, publicUrl: foyer.publicUrl, dev, domain: cookieDomain })
  const tokenHashesOf = (request: FastifyRequest) => readSiwxTokens(request).map(hashSiwxToken)
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store')

  app.post(routes.postSiwxNonce.path, async (request, reply): Promise<PostSiwxNonceResponse> => {
    noStore(reply)
    const query = parseInput(routes.postSiwxNonce.query, request.query, 'query')
    const body = parseInput(routes.postSiwxNonce.body, request.body, 'body')
    const project = await foyer.requireProject(
      request,
      pickProjectId(query.projectId, body.projectId),
    )
    const { nonce } = await issueSiwxNonce({
      db: foyer.database.db,
      projectId: project.id,
      now: Date.now(),
    })
    return { nonce }
  })

  app.post(routes.postSiwxVerify.path, async (request, reply): Promise<SiwxSessionResponse> => {
    noStore(reply)
    const query = parseInput(routes.postSiwxVerify.query, request.query, 'query')
    const body = parseInput(routes.postSiwxVerify.body, request.body, 'body')
    const project = await foyer.requireProject(
      request,
      pickProjectId(query.projectId, body.projectId),
    )
    const now = Date.now()
    const result = await verifySignIn({
      db: foyer.database.db,
      project,
      chains: foyer.chains,
      namespace: body.namespace,
      message: body.message,
      signature: body.signature,
      tokenHashes: tokenHashesOf(request),
      sessionLifetimeMs,
      now,
    })
    setSiwxCookie(
      reply,
      result.token,
      (result.cookieExpiresAt.getTime() - now) / 1000,
      policyOf(request),
    )
    return { session: result.session }
  })

  app.get(routes.getSiwxSession.path, async (request, reply): Promise<SiwxSessionResponse> => {
    noStore(reply)
    const query = parseInput(routes.getSiwxSession.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    const found = await findSiwxSession({
      db: foyer.database.db,
      projectId: project.id,
      tokenHashes: tokenHashesOf(request),
      now: Date.now(),
    })
    if (found.status === 'active') return { session: found.session }
    throw new SiwxUnauthenticatedError(
      found.status === 'expired'
        ? siwxMessages.sessionExpired
        : found.status === 'revoked'
          ? siwxMessages.sessionRevoked
          : siwxMessages.noSession,
    )
  })

  const revoke = async (
    request: FastifyRequest,
    reply: FastifyReply,
    projectId: string,
  ): Promise<SiwxRevokeResponse> => {
    noStore(reply)
    const project = await foyer.requireProject(request, projectId)
    const { revoked, tokenInUse } = await revokeSiwxSession({
      db: foyer.database.db,
      projectId: project.id,
      tokenHashes: tokenHashesOf(request),
      now: Date.now(),
    })
    // The cookie stays while it still holds the browser's sessions of other projects.
    if (!tokenInUse) clearSiwxCookie(reply, policyOf(request))
    return { revoked }
  }
  app.delete(routes.deleteSiwxSession.path, async (request, reply) => {
    const query = parseInput(routes.deleteSiwxSession.query, request.query, 'query')
    return revoke(request, reply, query.projectId)
  })
  app.post(routes.postSiwxRevoke.path, async (request, reply) => {
    const query = parseInput(routes.postSiwxRevoke.query, request.query, 'query')
    const body = parseInput(routes.postSiwxRevoke.body, request.body, 'body')
    return revoke(request, reply, pickProjectId(query.projectId, body.projectId))
  })
}
