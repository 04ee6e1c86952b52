import type { FrameConfig } from './entry.ts'

/** JSON safe inside a `<script>` element: no `</script>`, no HTML comment openers. */
const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/**
 * The frame document: config as inert JSON, the bundle as an external script and the styles as an
 * external stylesheet (no inline code or style). Transparent until the overlay shows a card.
 */
export function renderFramePage(
  config: FrameConfig,
  bundlePath: string,
  stylesheetPath = '/frame.css',
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Foyer secure frame</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${stylesheetPath}">
<script type="application/json" id="foyer-frame-config">${scriptSafeJson(config)}</script>
<script type="module" src="${bundlePath}"></script>
</head><body></body></html>`
}

export type FrameContentSecurityPolicyParameters = {
  rpcUrls: readonly string[]
  allowedOrigins: readonly string[]
}

/**
 * Strict CSP: only our script and stylesheet (no inline style attributes), only our origin and the
 * RPC nodes, framed only by allowed origins.
 */
export function frameContentSecurityPolicy({
  rpcUrls,
  allowedOrigins,
}: FrameContentSecurityPolicyParameters): string {
  const rpcOrigins = [...new Set(rpcUrls.map((url) => new URL(url).origin))]
  // CSP source expressions take the same `scheme://*.host:*` wildcards as the allow-list.
  const ancestors = allowedOrigins.filter((o) => /^https?:\/\/[A-Za-z0-9.*:[\]-]+$/.test(o))
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${rpcOrigins.join(' ')}`.trim(),
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}
