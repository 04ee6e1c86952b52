import { createCookieJar } from './embeddedClient.ts'

/** What the frame's callback page hands to the app: the result URI and the app origin. */
export type SocialCallbackResult = {
  resultUri: string
  appOrigin: string
  /** The callback page itself and its Content-Security-Policy. */
  page: { html: string; contentSecurityPolicy: string | null }
}

/** An HTML attribute's value, its character references decoded. */
const attribute = (tag: string, name: string) => {
  const raw = new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]
  return raw
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCharCode(Number.parseInt(code, 16)))
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/**
 * A visitor's browser at a social provider (the local stand-in): follows the redirects to the
 * login page, answers it (a person's name and email, Continue or Cancel), follows the provider's
 * redirect (or Apple's form POST) to the frame's callback page, and reads what that page posts to
 * the app. Its own cookie jar: the provider's session is its own.
 */
export function createSocialBrowser() {
  const jar = createCookieJar()
  const go = async (
    url: string,
    init: RequestInit = {},
  ): Promise<{ url: string; response: Response }> => {
    let current = url
    let request = init
    for (let hop = 0; hop < 20; hop++) {
      const response = await jar.fetch(current, { ...request, redirect: 'manual' })
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        current = new URL(location, current).href
        request = {}
        continue
      }
      return { url: current, response }
    }
    throw new Error('too many redirects')
  }

  /** The callback page's result; fails when the page is not a callback page. */
  const readCallback = async (response: Response): Promise<SocialCallbackResult> => {
    const html = await response.text()
    const json = /<script type="application\/json" id="foyer-social-result">(.*?)<\/script>/s.exec(
      html,
    )?.[1]
    if (!json)
      throw new Error(`not a callback page (HTTP ${response.status}): ${html.slice(0, 300)}`)
    const posted = JSON.parse(json) as Omit<SocialCallbackResult, 'page'>
    const contentSecurityPolicy = response.headers.get('content-security-policy')
    return { ...posted, page: { html, contentSecurityPolicy } }
  }

  return {
    jar,
    /**
     * Opens the authorization URL and answers the login page; resolves with the callback page's
     * result (after Apple's auto-submitted form too).
     */
    async signIn(
      authorizationUrl: string,
      person: { name: string; email: string },
      action: 'continue' | 'cancel' = 'continue',
    ): Promise<SocialCallbackResult> {
      const page = await go(authorizationUrl)
      const html = await page.response.text()
      const form = /<form method="post" action="([^"]*)"/.exec(html)
      if (!form) throw new Error(`no login form at ${page.url}: ${html.slice(0, 300)}`)
      const action_ = new URL(form[1]!.replaceAll('&amp;', '&'), page.url).href
      const answered = await go(action_, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: person.name, email: person.email, action }).toString(),
      })
      const body = await answered.response.clone().text()
      // Apple (response_mode=form_post): a page whose form posts the result to the callback.
      if (!body.includes('foyer-social-result') && /<form[^>]*method="post"/i.test(body)) {
        const formTag = /<form[^>]*>/i.exec(body)![0]
        const target = attribute(formTag, 'action')!
        const fields = new URLSearchParams()
        for (const input of body.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
          fields.append(attribute(input[0], 'name')!, attribute(input[0], 'value') ?? '')
        }
        const posted = await go(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            // A cross-site form POST from the provider's page.
            origin: new URL(page.url).origin,
          },
          body: fields.toString(),
        })
        return readCallback(posted.response)
      }
      return readCallback(answered.response)
    },
  }
}
