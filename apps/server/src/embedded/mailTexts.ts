import type { OutgoingMail } from '../mail/createMailer.ts'

export function loginCodeMail(to: string, code: string): OutgoingMail {
  return {
    to,
    subject: 'Your login code',
    text: `Your one-time login code is ${code}.\n\nIt expires in 10 minutes. If you did not try to log in, ignore this mail.`,
  }
}

export function deviceApprovalMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Approve this device',
    text: `Someone is logging in to your wallet from a new device.\n\nIf it was you, open this link to approve the device:\n${link}\n\nIt expires in 30 minutes. If it was not you, ignore this mail.`,
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
