/**
 * Whether `origin` (scheme://host[:port]) matches one of the allow-list patterns. A `*` stands for
 * any run of characters within one part: in the host it matches one or more labels
 * (`https://*.example.com` matches `https://app.example.com` but not `https://example.com`), as the
 * port it matches any port (`http://localhost:*`). A pattern without a port matches only the
 * scheme's default port.
 */
export function matchOrigin(origin: string, patterns: readonly string[]): boolean {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  return patterns.some((pattern) => matchOne(parsed, pattern))
}

type OriginParts = { scheme: string; host: string; port: string }

function parseOrigin(origin: string): OriginParts | undefined {
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#]+)(?::(\d{1,5}))?$/i.exec(origin.trim())
  if (!match) return undefined
  const scheme = match[1]!.toLowerCase()
  return {
    scheme,
    host: match[2]!.toLowerCase(),
    port: match[3] ?? defaultPort(scheme),
  }
}

function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : scheme === 'http' ? '80' : ''
}

function matchOne(origin: OriginParts, pattern: string): boolean {
  const trimmed = pattern.trim()
  if (trimmed === '*') return true
  const match = /^([a-z*][a-z0-9+.*-]*):\/\/([^/:?#]+)(?::(\d{1,5}|\*))?\/?$/i.exec(trimmed)
  if (!match) return false
  const scheme = match[1]!.toLowerCase()
  const host = match[2]!.toLowerCase()
  const port = match[3] ?? defaultPort(scheme)
  return (
    wildcard(scheme, origin.scheme) &&
    wildcard(host, origin.host) &&
    (port === '*' || port === origin.port)
  )
}

function wildcard(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+')
  return new RegExp(`^${source}$`).test(value)
}
