import type { FastifyInstance } from 'fastify'
import type { DestinationStream } from 'pino'
import { createFrameServer } from '../frame/createFrameServer.ts'
import { createMailer, type Mailer } from '../mail/createMailer.ts'
import { registerMailboxRoutes } from '../mail/registerMailboxRoutes.ts'
import { type SmtpCapture, startSmtpCapture } from '../mail/startSmtpCapture.ts'
import { loadEmbeddedSecrets } from './embeddedSecrets.ts'
import { createLocalRecoveryKeyHolder, type RecoveryKeyHolder } from './recoveryKeyHolder.ts'

export type EmbeddedWalletOptions = {
  /** Frame listener host and port (default: the server's host, 4401). */
  frameHost?: string | undefined
  framePort?: number | undefined
  /** The frame's public origin (default `http://frameHost:framePort`). */
  framePublicUrl?: string | undefined
  smtpUrl?: string | undefined
  mailFrom?: string | undefined
  sessionSecret?: string | undefined
  shareKey?: string | undefined
  recoverySecretKey?: string | undefined
  recoveryPublicKey?: string | undefined
  rateLimit?: { perIpPerMinute?: number; perEmailPerMinute?: number } | false | undefined
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
  trustProxy?: boolean | string | undefined
  logger?: false | { level?: string; stream?: DestinationStream } | undefined
  recoveryKeyHolder?: RecoveryKeyHolder | undefined
}

export type EmbeddedWallet = {
  frame: FastifyInstance
  /** Development mail capture (`--dev` without `FOYER_SMTP_URL`). */
  mailbox: SmtpCapture | undefined
  /** The X25519 key frames seal recovery shares to. */
  recoveryPublicKey: `0x${string}` | undefined
  /** Starts the frame listener; resolves its URL. */
  listen: () => Promise<string>
}

/**
 * Sets up the embedded wallet next to `server`: its secrets, mail, the frame listener on its own
 * origin, and in development the SMTP capture with `/dev/mailbox` on the main server. Undefined
 * when the session secret or share key is not configured outside development.
 */
export async function createEmbeddedWallet(
  parameters: CreateEmbeddedWalletParameters,
): Promise<EmbeddedWallet | undefined> {
  const secrets = loadEmbeddedSecrets({
    sessionSecret: parameters.sessionSecret,
    shareKey: parameters.shareKey,
    recoverySecretKey: parameters.recoverySecretKey,
    recoveryPublicKey: parameters.recoveryPublicKey,
    generateInto: parameters.dev ? parameters.dataDir : undefined,
  })
  if (!secrets) {
    parameters.server.log.warn(
      'embedded wallet off: set FOYER_SESSION_SECRET and FOYER_SHARE_KEY to enable it',
    )
    return undefined
  }
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

  const recoveryKeyHolder =
    parameters.recoveryKeyHolder ??
    (secrets.recoverySecretKey
      ? createLocalRecoveryKeyHolder(secrets.recoverySecretKey)
      : undefined)

  let frameOrigin = parameters.framePublicUrl ?? `http://${hostPart}:${framePort}`
  const frame = await createFrameServer({
    server: parameters.server,
    secrets,
    mailer,
    recoveryKeyHolder,
    // Port 0 is resolved at listen time.
    frameOrigin: () => frameOrigin,
    rateLimit: parameters.rateLimit,
    redisUrl: parameters.redisUrl,
    trustProxy: parameters.trustProxy,
    logger: parameters.logger,
  })
  if (mailbox) {
    const capture = mailbox
    frame.addHook('onClose', async () => capture.close())
  }
  return {
    frame,
    mailbox,
    recoveryPublicKey: recoveryKeyHolder?.publicKey ?? secrets.recoveryPublicKey,
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
