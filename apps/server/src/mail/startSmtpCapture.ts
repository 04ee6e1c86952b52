import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type CapturedMail = {
  id: number
  to: string[]
  from: string
  subject: string
  text: string
  html: string | undefined
  receivedAt: string
}

export type SmtpCapture = {
  /** `smtp://127.0.0.1:PORT` for `createMailer`. */
  url: string
  /** Newest first; `to` filters by recipient (case-insensitive). */
  list: (to?: string) => CapturedMail[]
  close: () => Promise<void>
}

export type StartSmtpCaptureParameters = {
  host?: string
  /** 0 (default) picks a free port. */
  port?: number
  /** Oldest mails are dropped beyond this. Default 500. */
  limit?: number
}

/** Development only: an SMTP server on loopback that keeps every mail in memory. */
export async function startSmtpCapture(
  parameters: StartSmtpCaptureParameters = {},
): Promise<SmtpCapture> {
  const host = parameters.host ?? '127.0.0.1'
  const limit = parameters.limit ?? 500
  const mails: CapturedMail[] = []
  let nextId = 1
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          mails.push({
            id: nextId++,
            to: recipients,
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            receivedAt: new Date().toISOString(),
          })
          if (mails.length > limit) mails.splice(0, mails.length - limit)
          callback()
        },
        (error: Error) => callback(error),
      )
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(parameters.port ?? 0, host, () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${host}:${port}?ignoreTLS=true`,
    list: (to) => {
      const wanted = to?.trim().toLowerCase()
      return mails.filter((mail) => !wanted || mail.to.includes(wanted)).reverse()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
