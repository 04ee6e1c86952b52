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

/** A hidden field of the device approval page's form. */
export const pageField = (html: string, name: string) => {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`no ${name} field on the page`)
  return match[1]!
}

/**
 * What a person does with the emailed approval link: opens the page (GET), then clicks one of its
 * buttons, which posts the page's form from the frame's origin. Resolves the answer page.
 */
export async function answerApprovalPage(
  link: string,
  decision: 'approve' | 'deny' = 'approve',
  fetchFn: typeof fetch = fetch,
) {
  const page = await fetchFn(link)
  if (page.status !== 200) throw new Error(`approval page answered ${page.status}`)
  const html = await page.text()
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) throw new Error('no form on the approval page')
  return fetchFn(new URL(action, link), {
    method: 'POST',
    headers: {
      origin: new URL(link).origin,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      token: pageField(html, 'token'),
      csrf: pageField(html, 'csrf'),
      decision,
    }),
  })
}
