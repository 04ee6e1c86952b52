import type { FastifyInstance } from 'fastify'
import type { SmtpCapture } from './startSmtpCapture.ts'

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

/**
 * Development only (`serve --dev`): `GET /dev/mailbox` (HTML, newest first) and
 * `GET /dev/mailbox.json?to=` (for tests) over the SMTP capture.
 */
export function registerMailboxRoutes(app: FastifyInstance, capture: SmtpCapture): void {
  app.get('/dev/mailbox.json', async (request) => {
    const { to } = (request.query ?? {}) as { to?: string }
    return { mails: capture.list(typeof to === 'string' ? to : undefined) }
  })
  app.get('/dev/mailbox', async (_request, reply) => {
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
