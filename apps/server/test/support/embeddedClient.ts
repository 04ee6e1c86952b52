import type { FastifyInstance } from 'fastify'

/** A browser's cookie jar for the frame origin: a `fetch` that sends and stores cookies. */
export function createCookieJar() {
  const cookies = new Map<string, string>()
  const jarFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers)
    if (cookies.size > 0)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
  return { fetch: jarFetch, cookies }
}

export type CapturedMailJson = { to: string[]; subject: string; text: string }

/** The newest mail to `to` in the dev mailbox of the main server. */
export async function latestMail(server: FastifyInstance, to: string): Promise<CapturedMailJson> {
  for (let i = 0; i < 50; i++) {
    const response = await server.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` })
    const { mails } = response.json() as { mails: CapturedMailJson[] }
    if (mails[0]) return mails[0]
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no mail to ${to}`)
}

export async function mailCount(server: FastifyInstance, to: string): Promise<number> {
  const response = await server.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` })
  return (response.json() as { mails: unknown[] }).mails.length
}

export const codeOf = (mail: CapturedMailJson) => {
  const match = /\b(\d{6})\b/.exec(mail.text)
  if (!match) throw new Error(`no code in mail: ${mail.subject}`)
  return match[1]!
}

export const linkOf = (mail: CapturedMailJson) => {
  const match = /(http:\/\/\S+approve\?token=\S+)/.exec(mail.text)
  if (!match) throw new Error(`no link in mail: ${mail.subject}`)
  return match[1]!
}
