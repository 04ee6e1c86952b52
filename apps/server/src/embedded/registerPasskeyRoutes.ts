import { randomBytes } from 'node:crypto'
import { authApiRoutes } from '@foyer/frame/protocol'
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { EmbeddedApiError } from './errors.ts'
import type { EmbeddedSession, SessionService } from './sessions.ts'
import { toUserRecord } from './userRecord.ts'

/** How long a WebAuthn challenge works. */
export const passkeyChallengeLifetimeMs = 5 * 60_000

export type PasskeyRoutesDependencies = {
  db: Kysely<Database>
  sessions: SessionService
  /** The frame's origins (the first one and any alternate, e.g. `http://localhost:4401`). */
  frameOrigins: () => readonly string[]
  requireProject: (request: FastifyRequest) => Promise<string>
  requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<EmbeddedSession>
  holdsShareSet: (session: EmbeddedSession) => Promise<boolean>
  parseBody: <name extends PasskeyRouteName>(name: name, body: unknown) => PasskeyBody<name>
}

type PasskeyRouteName =
  | 'passkeyRegisterOptions'
  | 'passkeyRegisterVerify'
  | 'passkeyLoginOptions'
  | 'passkeyLoginVerify'
type PasskeyBody<name extends PasskeyRouteName> = import('@foyer/frame/protocol').AuthApiBody<name>

const refused = (message: string, cause?: unknown) =>
  new EmbeddedApiError(401, 'passkey_refused', message, cause ? { cause } : undefined)

/** The challenge a client signed, read from its clientDataJSON (checked again by the verifier). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown
    }
    if (typeof data.challenge === 'string' && data.challenge.length > 0) return data.challenge
  } catch {
    // Refused below.
  }
  throw refused('The passkey answer is not valid')
}

/**
 * Passkeys that log in (WebAuthn, verified by `@simplewebauthn/server`): registration by a
 * signed-in device that holds the wallet, login without a session. The relying party is the
 * frame's hostname; the origins are the frame's origins only.
 */
export function registerPasskeyRoutes(app: FastifyInstance, deps: PasskeyRoutesDependencies) {
  const { db } = deps
  const origins = () => deps.frameOrigins().map((origin) => new URL(origin).origin)
  /** The RP ID for this request: the hostname of its (frame) Origin, else of the frame's origin. */
  const rpIdOf = (request: FastifyRequest) => {
    const origin = request.headers.origin
    const known = origins()
    const frameOrigin = origin && known.includes(origin) ? origin : known[0]
    if (!frameOrigin) throw new EmbeddedApiError(500, 'server_error', 'Server Error')
    return new URL(frameOrigin).hostname
  }
  const issueChallenge = async (parameters: {
    projectId: string
    purpose: 'register' | 'login'
    userId: string | null
    rpId: string
  }) => {
    const challenge = randomBytes(32).toString('base64url')
    await db
      .deleteFrom('embedded_passkey_challenges')
      .where('expires_at', '<', new Date())
      .execute()
    await db
      .insertInto('embedded_passkey_challenges')
      .values({
        challenge,
        project_id: parameters.projectId,
        purpose: parameters.purpose,
        user_id: parameters.userId,
        rp_id: parameters.rpId,
        expires_at: new Date(Date.now() + passkeyChallengeLifetimeMs),
      })
      .execute()
    return challenge
  }
  /** Takes the challenge once: a second use, an expired one or another project's is refused. */
  const consumeChallenge = async (parameters: {
    challenge: string
    projectId: string
    purpose: 'register' | 'login'
    userId: string | null
  }) => {
    let query = db
      .deleteFrom('embedded_passkey_challenges')
      .where('challenge', '=', parameters.challenge)
      .where('project_id', '=', parameters.projectId)
      .where('purpose', '=', parameters.purpose)
      .where('expires_at', '>', new Date())
    if (parameters.userId !== null) query = query.where('user_id', '=', parameters.userId)
    const row = await query.returning('rp_id').executeTakeFirst()
    if (!row) throw refused('This passkey request has expired. Try again.')
    return row.rp_id
  }

  app.post(authApiRoutes.passkeyRegisterOptions.path, async (request, reply) => {
    const session = await deps.requireSession(request, reply)
    deps.parseBody('passkeyRegisterOptions', request.body)
    if (!(await deps.holdsShareSet(session)))
      throw new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
    const rpId = rpIdOf(request)
    const challenge = await issueChallenge({
      projectId: session.projectId,
      purpose: 'register',
      userId: session.userId,
      rpId,
    })
    return {
      options: {
        challenge,
        rpId,
        timeout: passkeyChallengeLifetimeMs,
        userId: randomBytes(32).toString('base64url'),
      },
    }
  })

  app.post(authApiRoutes.passkeyRegisterVerify.path, async (request, reply) => {
    const session = await deps.requireSession(request, reply)
    const body = deps.parseBody('passkeyRegisterVerify', request.body)
    if (!(await deps.holdsShareSet(session)))
      throw new EmbeddedApiError(403, 'device_not_verified', 'Device not verified')
    const rpId = await consumeChallenge({
      challenge: challengeOf(body.response.response.clientDataJSON),
      projectId: session.projectId,
      purpose: 'register',
      userId: session.userId,
    })
    const verified = await verifyRegistrationResponse({
      response: {
        ...body.response,
        clientExtensionResults: {},
      } as RegistrationResponseJSON,
      expectedChallenge: () => true,
      expectedOrigin: [...origins()],
      expectedRPID: rpId,
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw refused('The passkey could not be verified', error)
    })
    if (!verified.verified) throw refused('The passkey could not be verified')
    const { credential } = verified.registrationInfo
    const inserted = await db
      .insertInto('embedded_passkeys')
      .values({
        credential_id: credential.id,
        project_id: session.projectId,
        user_id: session.userId,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: JSON.stringify(
          credential.transports ?? body.response.response.transports ?? [],
        ),
        rp_id: rpId,
        last_used_at: null,
      })
      .onConflict((c) => c.columns(['project_id', 'credential_id']).doNothing())
      .returning('credential_id')
      .executeTakeFirst()
    if (!inserted)
      throw new EmbeddedApiError(409, 'passkey_exists', 'This passkey is already registered')
    return { credentialId: credential.id }
  })

  app.post(authApiRoutes.passkeyLoginOptions.path, async (request) => {
    const projectId = await deps.requireProject(request)
    deps.parseBody('passkeyLoginOptions', request.body)
    const rpId = rpIdOf(request)
    const challenge = await issueChallenge({ projectId, purpose: 'login', userId: null, rpId })
    return { options: { challenge, rpId, timeout: passkeyChallengeLifetimeMs } }
  })

  app.post(authApiRoutes.passkeyLoginVerify.path, async (request, reply) => {
    const projectId = await deps.requireProject(request)
    const body = deps.parseBody('passkeyLoginVerify', request.body)
    const rpId = await consumeChallenge({
      challenge: challengeOf(body.response.response.clientDataJSON),
      projectId,
      purpose: 'login',
      userId: null,
    })
    // Within this project only: another project's passkey is unknown here.
    const passkey = await db
      .selectFrom('embedded_passkeys')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('credential_id', '=', body.response.id)
      .executeTakeFirst()
    if (!passkey || passkey.rp_id !== rpId)
      throw refused('This passkey does not belong to an account of this app')
    const verified = await verifyAuthenticationResponse({
      response: { ...body.response, clientExtensionResults: {} } as AuthenticationResponseJSON,
      expectedChallenge: () => true,
      expectedOrigin: [...origins()],
      expectedRPID: passkey.rp_id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: Number(passkey.counter),
        transports: passkey.transports as never,
      },
    }).catch((error: unknown) => {
      throw refused('The passkey could not be verified', error)
    })
    if (!verified.verified) throw refused('The passkey could not be verified')
    // The counter only moves forward (a cloned authenticator would replay an older one).
    const updated = await db
      .updateTable('embedded_passkeys')
      .set({ counter: verified.authenticationInfo.newCounter, last_used_at: new Date() })
      .where('project_id', '=', projectId)
      .where('credential_id', '=', passkey.credential_id)
      .where((eb) =>
        eb.or([eb('counter', '<', verified.authenticationInfo.newCounter), eb('counter', '=', 0)]),
      )
      .returning('user_id')
      .executeTakeFirst()
    if (!updated) throw refused('The passkey could not be verified')
    const user = await db
      .selectFrom('embedded_users')
      .selectAll()
      .where('id', '=', passkey.user_id)
      .where('project_id', '=', projectId)
      .executeTakeFirst()
    if (!user) throw refused('This passkey does not belong to an account of this app')
    // The passkey proves the visitor: this device is theirs from now on.
    await db
      .insertInto('embedded_devices')
      .values({ user_id: user.id, device_id: body.deviceId })
      .onConflict((c) => c.columns(['user_id', 'device_id']).doNothing())
      .execute()
    await db
      .updateTable('embedded_users')
      .set({ last_login_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    await deps.sessions.start(reply, {
      projectId,
      userId: user.id,
      deviceId: body.deviceId,
      deviceApproved: false,
    })
    return { user: toUserRecord(user) }
  })
}
