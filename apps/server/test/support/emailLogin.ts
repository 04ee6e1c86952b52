import { createHttpAuthApi } from '@foyer/frame'
import { createCookieJar } from './embeddedClient.ts'

/** One browser profile against a frame listener: its cookie jar and the frame's HTTP client. */
export function createVisitor(frameUrl: string, projectId = 'foyer-dev') {
  const jar = createCookieJar()
  return { jar, api: createHttpAuthApi({ baseUrl: frameUrl, projectId, fetch: jar.fetch }) }
}

/** The code of the newest mail to `email` in a `serve --dev` process's mailbox (`/dev/mailbox.json`). */
export async function mailedCode(serverUrl: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    const { mails } = (await response.json()) as { mails: { text: string }[] }
    const code = mails[0] && /\b(\d{6})\b/.exec(mails[0].text)?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}
