// Test helper: a browser reduced to what a sign-in needs — cookies, manual redirects, forms.

type Cookie = { name: string; value: string; path: string; expiresAt: number }

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

export function decodeHtml(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
}

export type ParsedForm = { action: string; fields: Record<string, string> }

/** The first `<form method="post">` of a page: its action and hidden inputs. */
export function parseForm(html: string): ParsedForm {
  const form = /<form method="post" action="([^"]*)">/.exec(html)
  if (!form) throw new Error(`no form in page:\n${html}`)
  const fields: Record<string, string> = {}
  for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decodeHtml(input[1]!)] = decodeHtml(input[2]!)
  }
  return { action: decodeHtml(form[1]!), fields }
}

export class ScriptedBrowser {
  /** Cookies by host name, as browsers keep them (ports share). */
  readonly #jar = new Map<string, Cookie[]>()

  cookieHeader(url: URL): string {
    const now = Date.now()
    return (this.#jar.get(url.hostname) ?? [])
      .filter((cookie) => cookie.expiresAt > now)
      .filter(
        (cookie) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(`${cookie.path.replace(/\/$/, '')}/`) ||
          cookie.path === '/',
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ')
  }

  #store(url: URL, response: Response) {
    const cookies = this.#jar.get(url.hostname) ?? []
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq)
      const value = pair.slice(eq + 1)
      let path = '/'
      let expiresAt = Number.POSITIVE_INFINITY
      for (const attribute of attributes) {
        const [key = '', ...rest] = attribute.split('=')
        const attributeValue = rest.join('=')
        switch (key.toLowerCase()) {
          case 'path':
            path = attributeValue || '/'
            break
          case 'expires':
            expiresAt = Math.min(expiresAt, Date.parse(attributeValue))
            break
          case 'max-age':
            expiresAt = Date.now() + Number(attributeValue) * 1000
            break
        }
      }
      const kept = cookies.filter((cookie) => !(cookie.name === name && cookie.path === path))
      kept.push({ name, value, path, expiresAt })
      cookies.splice(0, cookies.length, ...kept)
    }
    this.#jar.set(url.hostname, cookies)
  }

  /** One request, no redirect followed; cookies sent and kept. */
  async request(
    target: string | URL,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(target)
    const headers = new Headers(init.headers)
    const cookie = this.cookieHeader(url)
    if (cookie !== '') headers.set('cookie', cookie)
    let body: URLSearchParams | undefined
    if (init.form !== undefined) {
      body = new URLSearchParams(init.form)
      headers.set('content-type', 'application/x-www-form-urlencoded')
      if (!headers.has('origin')) headers.set('origin', url.origin)
    }
    const response = await fetch(url, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    })
    this.#store(url, response)
    return response
  }

  /**
   * Follows redirects from `target` until a page answers (returned with its URL) or a redirect
   * leaves for a URL that `stopAt` accepts (returned unfetched: the app is not running).
   */
  async navigate(
    target: string | URL,
    stopAt: (url: URL) => boolean,
    init: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<{ url: URL; response?: Response; html?: string }> {
    let url = new URL(target)
    let response = await this.request(url, init)
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || location === null) {
        return { url, response, html: await response.text() }
      }
      await response.body?.cancel()
      url = new URL(location, url)
      if (stopAt(url)) return { url }
      response = await this.request(url)
    }
    throw new Error('too many redirects')
  }
}
