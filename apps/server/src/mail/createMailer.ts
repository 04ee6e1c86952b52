import nodemailer from 'nodemailer'

export type OutgoingMail = { to: string; subject: string; text: string; html?: string }

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>
  close: () => void
}

export type CreateMailerParameters = {
  /** nodemailer connection URL, e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…`. */
  smtpUrl: string
  /** Sender address; default `Foyer <no-reply@localhost>`. */
  from?: string | undefined
}

/** Sends mail through any SMTP server (nodemailer). Never logs message contents. */
export function createMailer({ smtpUrl, from }: CreateMailerParameters): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  const sender = from ?? 'Foyer <no-reply@localhost>'
  return {
    async send(mail) {
      await transport.sendMail({ from: sender, ...mail })
    },
    close: () => transport.close(),
  }
}
