import { expect } from 'vitest'
import { e2eEmailCooldownSeconds } from './serverOptions.ts'

/** The world's development mailbox: every mail the Foyer server sent, newest first. */
const mailboxUrl = 'http://127.0.0.1:4400/dev/mailbox.json'

export type Mail = { to: string[]; subject: string; text: string; receivedAt: string }

export async function mailsTo(to: string): Promise<Mail[]> {
  const response = await fetch(`${mailboxUrl}?to=${encodeURIComponent(to)}`)
  return ((await response.json()) as { mails: Mail[] }).mails
}

export const countMails = async (to: string, subject: string) =>
  (await mailsTo(to)).filter((mail) => mail.subject === subject).length

/** Waits for a mail to `to` with this subject that was not there before (`seen` mails). */
export async function nextMail(to: string, subject: string, seen: number): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(to)).filter((mail) => mail.subject === subject)
        found = mails.length > seen ? mails[0] : undefined
        return found !== undefined
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  return found!
}

export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)![1]!
export const approvalLinkIn = (mail: Mail) => /(http:\/\/\S+approve\S+)/.exec(mail.text)![1]!

/**
 * Codes to one email are sent at most once per cooldown (SPEC §5: 30 s; the world's server here:
 * `e2eEmailCooldownSeconds`), counted from the last mail the server sent there (after a device
 * approval that is later than the login started): wait out what is left of it, and a second more.
 */
export async function waitForEmailSlot(to: string) {
  const sentAt = (await mailsTo(to)).map((mail) => Date.parse(mail.receivedAt))
  const wait = Math.max(0, ...sentAt) + (e2eEmailCooldownSeconds + 1) * 1000 - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}
