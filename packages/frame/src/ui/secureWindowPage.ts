/**
 * The secure window's page, served on the frame's origin at `/secure-window`: an empty host for a
 * card that the frame moves in (browsers that cannot tell when a page covers the frame approve
 * there). No script of its own; only the frame's stylesheet.
 */
export const secureWindowPage = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Foyer secure window</title><link rel="stylesheet" href="/frame.css"></head>
<body><main id="foyer-secure-window" class="foyer-overlay foyer-secure-window"></main></body></html>`

/** Its CSP: the stylesheet only, never framed. */
export const secureWindowContentSecurityPolicy =
  "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
