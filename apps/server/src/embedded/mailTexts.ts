import type { OutgoingMail } from '../mail/createMailer.ts'
import { appLabel, type LoginAppDisplay } from './loginApp.ts'

export function loginCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: 'Your login code',
    text: `Your one-time login code is ${code}.\n\nIt expires in 10 minutes. If you did not try to log in, ignore this mail.`,
  }
}

/** The device that asks to log in, as the approval page and the mails name it. */
export type LoginDevice = {
  browser: string
  os: string
  place?: string | null | undefined
  at: Date
}

/** `2025-01-02 13:04 UTC`: one form in mails and on the page, whatever the reader's zone. */
export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

const describeDevice = (device: LoginDevice) =>
  [
    `  ${device.browser} on ${device.os}`,
    ...(device.place ? [`  near ${device.place} (approximate)`] : []),
    `  ${formatUtc(device.at)}`,
  ].join('\n')

/**
 * The mail of a new device's approval link. With the app the login was for, it names it: what the
 * app calls itself (cleaned, shortened) always beside the origin it runs on.
 */
export function deviceApprovalMail(
  to: string,
  link: string,
  device: LoginDevice,
  app?: LoginAppDisplay | undefined,
): OutgoingMail {
  const appLine = app
    ? `\n\nThe login is for ${app.name ? `the app that calls itself "${app.name}", at ${app.origin}` : `the app at ${app.origin}`}.`
    : ''
  return {
    to,
    subject: app ? `Approve a new login to ${appLabel(app)}` : 'Approve this device',
    text: `A right login code for your wallet was entered on a device it has not used before:\n\n${describeDevice(device)}${appLine}\n\nIf this was you, open this page and approve the device there (opening it changes nothing):\n${link}\n\nIf it was not you, open the page and choose "This wasn't me": that device is blocked. Someone had your code: change your email password, and never give a login code to anyone.\n\nThe page works for 30 minutes.`,
  }
}

export function deviceBlockedMail(to: string, device: LoginDevice): OutgoingMail {
  return {
    to,
    subject: 'A device was blocked from your wallet',
    text: `You chose "This wasn't me" for this device, which had entered a right login code:\n\n${describeDevice(device)}\n\nIt is blocked from your wallet and was not logged in. Someone had your login code: change your email password, and never give a login code to anyone.`,
  }
}

export function loginLockedMail(to: string, lockedUntil: Date): OutgoingMail {
  return {
    to,
    subject: 'Too many wrong login codes',
    text: `Too many wrong login codes were entered for your wallet's address. Logging in with a code is paused until ${formatUtc(lockedUntil)}.\n\nIf this was not you, someone is guessing codes: while the pause lasts no code is checked, so they cannot get in. Other login methods (a passkey) still work.`,
  }
}

export function emailUpdateCodeMail(
  to: string,
  code: string,
  stage: 'current' | 'new',
): OutgoingMail {
  return {
    to,
    subject: 'Confirm your email change',
    text:
      stage === 'current'
        ? `Your code to confirm the change of your wallet's email is ${code}.\n\nIt expires in 10 minutes.`
        : `Your code to confirm this new email for your wallet is ${code}.\n\nIt expires in 10 minutes.`,
  }
}
