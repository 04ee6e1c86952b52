import type { FastifyInstance, FastifyRequest } from 'fastify'
import { HttpError } from '../errors.ts'
import type { SmtpCapture } from './startSmtpCapture.ts'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/** Host names a request to this machine carries; any other name may be a rebinding attack. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The name of a `Host` header without its port (`[::1]:4400` → `[::1]`), lower-cased. */
export function hostName(host: string | undefined): string | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/i.exec(host ?? '')
  return match?.[1]?.toLowerCase()
}

/**
 * DNS rebinding: a page on `evil.example` whose name now resolves to 127.0.0.1 reaches this
 * server as same-origin, but its requests still name `evil.example` in `Host`. Only loopback names
 * are answered (the raw header: `X-Forwarded-Host` is not believed here).
 */
async function requireLoopbackHost(request: FastifyRequest): Promise<void> {
  const name = hostName(request.headers.host)
  if (name === undefined || !loopbackHosts.has(name))
    throw new HttpError(
      403,
      'ORIGIN_NOT_ALLOWED',
      'Development routes answer only requests to localhost, 127.0.0.1 or [::1]',
    )
}

/**
 * Development only (`serve --dev`): `GET /dev/mailbox` (HTML, newest first) and
 * `GET /dev/mailbox.json?to=` (for tests) over the SMTP capture. Both answer only a loopback
 * `Host` (403 otherwise) and send no CORS headers: no other origin can read login codes.
 */
export function registerMailboxRoutes(app: FastifyInstance, capture: SmtpCapture): void {
  app.get('/dev/mailbox.json', { onRequest: requireLoopbackHost }, async (request) => {
    const { to } = (request.query ?? {}) as { to?: string }
    return { mails: capture.list(typeof to === 'string' ? to : undefined) }
  })
  app.get('/dev/mailbox', { onRequest: requireLoopbackHost }, async (_request, reply) => {
    const items = capture
      .list()
      .map(
        (mail) => `<li><article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><small>to ${escapeHtml(mail.to.join(', '))} · ${escapeHtml(mail.receivedAt)}</small></p>
<pre>${escapeHtml(mail.text)}</pre>
</article></li>`,
      )
      .join('\n')
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer dev mailbox</title>
<style>body{font:15px system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}li{list-style:none;border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev mailbox</h1><p>Mail sent by this development server, newest first. Reload to refresh.</p>
<ul>${items || '<li>No mail yet.</li>'}</ul></body></html>`
  })
}
