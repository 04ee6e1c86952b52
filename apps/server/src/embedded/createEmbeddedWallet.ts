import type { FastifyInstance } from 'fastify'
import type { DestinationStream } from 'pino'
import { type CreateFrameServerParameters, createFrameServer } from '../frame/createFrameServer.ts'
import type { TrustProxy } from '../http/trustProxy.ts'
import { createMailer, type Mailer } from '../mail/createMailer.ts'
import { registerMailboxRoutes } from '../mail/registerMailboxRoutes.ts'
import { type SmtpCapture, startSmtpCapture } from '../mail/startSmtpCapture.ts'
import { EmbeddedConfigError, loadEmbeddedSecrets } from './embeddedSecrets.ts'
import { createLocalRecoveryKeyHolder, type RecoveryKeyHolder } from './recoveryKeyHolder.ts'
import type { CreateFarcasterLoginParameters } from './social/farcasterLogin.ts'
import type { SocialProviderConfig } from './social/socialProviders.ts'

export type EmbeddedWalletOptions = {
  /** Frame listener host and port (default: the server's host, 4401). */
  frameHost?: string | undefined
  framePort?: number | undefined
  /** The frame's public origin (default `http://frameHost:framePort`). */
  framePublicUrl?: string | undefined
  /**
   * Other origins the frame is also reached on (see `createFrameServer`). In development with a
   * loopback frame host, `http://localhost:<port>` is added: passkeys need a domain, not an IP.
   */
  alternateFrameOrigins?: readonly string[] | undefined
  smtpUrl?: string | undefined
  mailFrom?: string | undefined
  sessionSecret?: string | undefined
  /** Previous session secrets, comma-separated: still accepted for verifying (key rotation). */
  previousSessionSecrets?: string | undefined
  shareKey?: string | undefined
  /**
   * Operator-recovery mode (`FOYER_OPERATOR_RECOVERY=true`; default off, also with `--dev`): share
   * sets also carry the recovery share sealed to the operator's recovery key, and a new device
   * approved by email gets it re-sealed by the server. The operator can then recover every wallet.
   * Needs a recovery key holder: `recoverySecretKey`, or `recoveryKeyHolder` (with
   * `recoveryPublicKey` naming its key).
   */
  operatorRecovery?: boolean | undefined
  /** Operator-recovery mode only (unused otherwise). */
  recoverySecretKey?: string | undefined
  /** Operator-recovery mode only: the public key of an external `recoveryKeyHolder`. */
  recoveryPublicKey?: string | undefined
  rateLimit?: { perIpPerMinute?: number; perEmailPerMinute?: number } | false | undefined
  /** Social login providers (see `readSocialProviders`); none by default. */
  socialProviders?: readonly SocialProviderConfig[] | undefined
  /** Sign In With Farcaster: the auth relay and an Optimism RPC; off by default. */
  farcaster?: CreateFarcasterLoginParameters | undefined
  /** Failed code checks per address and the lock after (see `LoginFailureBudget`); false = none. */
  loginFailureBudget?: CreateFrameServerParameters['loginFailureBudget']
  /** Proof of work after repeated email login starts from one network; false = never. */
  loginProofOfWork?: CreateFrameServerParameters['loginProofOfWork']
  /** Seconds between two code mails to one address (default 30, SPEC §5). */
  emailCooldownSeconds?: CreateFrameServerParameters['emailCooldownSeconds']
  /** Absolute session lifetime (default 90 days). */
  sessionLifetimeSeconds?: number | undefined
  /** The approximate place of an IP, shown with device approvals (`FOYER_IP_PLACE_URL`). */
  placeLookup?: CreateFrameServerParameters['placeLookup']
  /** The clean-up job of rows past their use; false = off. */
  cleanup?: CreateFrameServerParameters['cleanup']
}

export type CreateEmbeddedWalletParameters = EmbeddedWalletOptions & {
  /** The main server, not yet listening. */
  server: FastifyInstance
  /** Development: generate missing secrets into `dataDir`, capture mail, serve `/dev/mailbox`. */
  dev: boolean
  dataDir: string
  /** Used when `frameHost` is not set. */
  host: string
  redisUrl?: string | undefined
  trustProxy?: TrustProxy | undefined
  logger?: false | { level?: string; stream?: DestinationStream } | undefined
  /** Operator-recovery mode only: a holder of the recovery key in another service (or KMS). */
  recoveryKeyHolder?: RecoveryKeyHolder | undefined
}

export type EmbeddedWallet = {
  frame: FastifyInstance
  /** Development mail capture (`--dev` without `FOYER_SMTP_URL`). */
  mailbox: SmtpCapture | undefined
  /** Operator-recovery mode is on (the operator can recover every wallet). */
  operatorRecovery: boolean
  /** Operator-recovery mode only: the X25519 key frames seal recovery shares to. */
  recoveryPublicKey: `0x${string}` | undefined
  /** Starts the frame listener; resolves its URL. */
  listen: () => Promise<string>
}

/**
 * Sets up the embedded wallet next to `server`: its secrets, mail, the frame listener on its own
 * origin, and in development the SMTP capture with `/dev/mailbox` on the main server. Undefined
 * when the session secret or share key is not configured outside development. Throws
 * `EmbeddedConfigError` in operator-recovery mode without a recovery key holder.
 */
export async function createEmbeddedWallet(
  parameters: CreateEmbeddedWalletParameters,
): Promise<EmbeddedWallet | undefined> {
  const operatorRecovery = parameters.operatorRecovery === true
  const secrets = loadEmbeddedSecrets({
    sessionSecret: parameters.sessionSecret,
    previousSessionSecrets: parameters.previousSessionSecrets,
    shareKey: parameters.shareKey,
    // Outside operator-recovery mode no recovery key is read, made or used.
    recoverySecretKey: operatorRecovery ? parameters.recoverySecretKey : undefined,
    recoveryPublicKey: operatorRecovery ? parameters.recoveryPublicKey : undefined,
    generateInto: parameters.dev ? parameters.dataDir : undefined,
    generateRecoveryKey: operatorRecovery && !parameters.recoveryKeyHolder,
  })
  if (!secrets) {
    parameters.server.log.warn(
      'embedded wallet off: set FOYER_SESSION_SECRET and FOYER_SHARE_KEY to enable it',
    )
    return undefined
  }
  const recoveryKeyHolder = operatorRecovery
    ? (parameters.recoveryKeyHolder ??
      (secrets.recoverySecretKey
        ? createLocalRecoveryKeyHolder(secrets.recoverySecretKey)
        : undefined))
    : undefined
  if (operatorRecovery) {
    if (!recoveryKeyHolder)
      throw new EmbeddedConfigError(
        'FOYER_OPERATOR_RECOVERY=true needs the recovery key: set FOYER_RECOVERY_SECRET_KEY, or pass a recoveryKeyHolder to createEmbeddedWallet (with FOYER_RECOVERY_PUBLIC_KEY)',
      )
    if (secrets.recoveryPublicKey && secrets.recoveryPublicKey !== recoveryKeyHolder.publicKey)
      throw new EmbeddedConfigError(
        "FOYER_RECOVERY_PUBLIC_KEY is not the recovery key holder's public key",
      )
    parameters.server.log.warn(
      "operator recovery ON: this server's operator can recover every embedded wallet",
    )
  } else if (parameters.recoverySecretKey || parameters.recoveryKeyHolder)
    parameters.server.log.warn(
      'operator recovery off: the configured recovery key is not used (FOYER_OPERATOR_RECOVERY)',
    )
  const frameHost = parameters.frameHost ?? parameters.host
  const framePort = parameters.framePort ?? 4401
  const hostPart = frameHost.includes(':') ? `[${frameHost}]` : frameHost

  let mailbox: SmtpCapture | undefined
  let mailer: Mailer | undefined
  if (parameters.smtpUrl)
    mailer = createMailer({ smtpUrl: parameters.smtpUrl, from: parameters.mailFrom })
  else if (parameters.dev) {
    mailbox = await startSmtpCapture()
    mailer = createMailer({ smtpUrl: mailbox.url, from: parameters.mailFrom })
    registerMailboxRoutes(parameters.server, mailbox)
  } else parameters.server.log.warn('embedded wallet: FOYER_SMTP_URL not set, login mails fail')

  let frameOrigin = parameters.framePublicUrl ?? `http://${hostPart}:${framePort}`
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(frameHost)
  const alternateFrameOrigins = () => [
    ...(parameters.alternateFrameOrigins ?? []),
    // The local world serves the frame on 127.0.0.1; WebAuthn needs it on `localhost`.
    ...(parameters.dev && loopback && !parameters.framePublicUrl
      ? [`http://localhost:${new URL(frameOrigin).port || framePort}`]
      : []),
  ]
  const frame = await createFrameServer({
    server: parameters.server,
    secrets,
    mailer,
    operatorRecovery,
    recoveryKeyHolder,
    // Port 0 is resolved at listen time.
    frameOrigin: () => frameOrigin,
    alternateFrameOrigins,
    rateLimit: parameters.rateLimit,
    redisUrl: parameters.redisUrl,
    trustProxy: parameters.trustProxy,
    logger: parameters.logger,
    socialProviders: parameters.socialProviders ?? [],
    farcaster: parameters.farcaster,
    loginFailureBudget: parameters.loginFailureBudget,
    loginProofOfWork: parameters.loginProofOfWork,
    emailCooldownSeconds: parameters.emailCooldownSeconds,
    sessionLifetimeSeconds: parameters.sessionLifetimeSeconds,
    placeLookup: parameters.placeLookup,
    cleanup: parameters.cleanup,
  })
  for (const provider of parameters.socialProviders ?? [])
    parameters.server.foyer.loginProviders.add(provider.id)
  if (parameters.farcaster) parameters.server.foyer.loginProviders.add('farcaster')
  if (mailbox) {
    const capture = mailbox
    frame.addHook('onClose', async () => capture.close())
  }
  return {
    frame,
    mailbox,
    operatorRecovery,
    recoveryPublicKey: recoveryKeyHolder?.publicKey,
    async listen() {
      await frame.listen({ host: frameHost, port: framePort })
      const address = frame.server.address()
      const port = typeof address === 'object' && address ? address.port : framePort
      const url = `http://${hostPart}:${port}`
      if (!parameters.framePublicUrl) frameOrigin = url
      return url
    },
  }
}
