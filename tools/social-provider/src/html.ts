import { createHash } from 'node:crypto'

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** The one script of any page: the form_post page submits itself. */
export const formPostScript = 'document.forms[0].submit()'
const formPostScriptHash = createHash('sha256').update(formPostScript).digest('base64')

/** Pages carry their own styles (and the form_post page its one script) and load nothing else. */
export function pageHeaders(
  options: { withFormPostScript?: boolean } = {},
): Record<string, string> {
  const script = options.withFormPostScript ? ` script-src 'sha256-${formPostScriptHash}';` : ''
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:;${script} frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
  }
}

function layout(options: { title: string; accent: string; body: string; script?: string }) {
  const script = options.script === undefined ? '' : `\n<script>${options.script}</script>`
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  .badge { display: inline-block; margin-bottom: 1rem; padding: 0.15rem 0.5rem; border-radius: 999px;
    background: #fef3c7; color: #78350f; font-size: 0.8rem; font-weight: 600; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; font: inherit; border: 1px solid #6b7280;
    border-radius: 6px; }
  input:focus-visible, button:focus-visible { outline: 3px solid ${options.accent}; outline-offset: 2px; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { flex: 1; padding: 0.65rem; font: inherit; font-weight: 600; border-radius: 6px; cursor: pointer;
    border: 1px solid ${options.accent}; }
  .primary { background: ${options.accent}; color: #fff; }
  .secondary { background: #fff; color: #111827; border-color: #6b7280; }
  .alert { padding: 0.6rem; border-radius: 6px; background: #fee2e2; color: #7f1d1d; }
  .fine { margin-top: 1.5rem; font-size: 0.85rem; color: #4b5563; }
  dt { font-weight: 600; } dd { margin: 0 0 0.5rem; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
${options.body}
</main>${script}
</body>
</html>
`
}

export type LoginPageOptions = {
  providerName: string
  accent: string
  clientName: string
  /** What the app receives, one line per requested scope. */
  grants: readonly string[]
  action: string
  name: string
  email: string
  error?: string
}

/** The stand-in's sign-in page: one step, login and consent. */
export function renderLoginPage(options: LoginPageOptions): string {
  const title = `Sign in with ${options.providerName} — local stand-in`
  const error =
    options.error === undefined
      ? ''
      : `\n<p class="alert" role="alert" id="form-error">${escapeHtml(options.error)}</p>`
  const describedBy = options.error === undefined ? '' : ' aria-describedby="form-error"'
  const invalid = options.error === undefined ? '' : ' aria-invalid="true"'
  const grants = options.grants.map((grant) => `<li>${escapeHtml(grant)}</li>`).join('\n')
  return layout({
    title,
    accent: options.accent,
    body: `<span class="badge">Development only</span>
<h1>${escapeHtml(title)}</h1>
<p><strong>${escapeHtml(options.clientName)}</strong> asks you to sign in with ${escapeHtml(options.providerName)}. It will receive:</p>
<ul>
${grants}
</ul>
<form method="post" action="${escapeHtml(options.action)}">${error}
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required maxlength="100" value="${escapeHtml(options.name)}"${describedBy}${invalid}>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(options.email)}"${describedBy}${invalid}>
<div class="actions">
<button class="primary" type="submit" name="action" value="continue">Continue</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>
</form>
<p class="fine">No password: this stand-in trusts what you type. The same email always signs in to the same account.</p>`,
  })
}

/** An error shown to the user instead of a redirect (unknown client, unregistered redirect URI…). */
export function renderErrorPage(options: {
  providerName: string
  accent: string
  error: string
  description?: string | undefined
}): string {
  const title = `Sign-in error — ${options.providerName} local stand-in`
  const description =
    options.description === undefined
      ? ''
      : `\n<dt>error_description</dt><dd>${escapeHtml(options.description)}</dd>`
  return layout({
    title,
    accent: options.accent,
    body: `<span class="badge">Development only</span>
<h1>${escapeHtml(title)}</h1>
<p>The request was refused; nothing was sent back to the app.</p>
<dl>
<dt>error</dt><dd>${escapeHtml(options.error)}</dd>${description}
</dl>`,
  })
}

/** `response_mode=form_post`: a form that posts the response to the app's redirect URI. */
export function renderFormPost(options: {
  providerName: string
  accent: string
  action: string
  fields: Readonly<Record<string, string>>
}): string {
  const inputs = Object.entries(options.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n')
  return layout({
    title: `Returning to the app — ${options.providerName} local stand-in`,
    accent: options.accent,
    body: `<h1>Returning to the app…</h1>
<form method="post" action="${escapeHtml(options.action)}">
${inputs}
<noscript><p>JavaScript is off: press Continue to go back to the app.</p>
<div class="actions"><button class="primary" type="submit">Continue</button></div></noscript>
</form>`,
    script: formPostScript,
  })
}

/** A round avatar with the name's initials, served as the profile picture. */
export function renderAvatar(name: string, seed: string): string {
  const initials =
    name
      .trim()
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => [...word][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  let hue = 0
  for (const char of seed) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(name)}">
<circle cx="48" cy="48" r="48" fill="hsl(${hue} 45% 35%)"/>
<text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text>
</svg>
`
}
