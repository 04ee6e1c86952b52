/**
 * Whether `origin` (scheme://host[:port]) matches one of the allow-list patterns. In the host, a
 * label that is exactly `*` matches one or more whole labels (`https://*.example.com` matches
 * `https://app.example.com` and `https://a.b.example.com` but not `https://example.com`); a `*`
 * inside a label (`https://app-*.example.com`) matches one or more characters of that label only.
 * As the port, `*` matches any port (`http://localhost:*`); in the scheme, one or more characters.
 * A pattern without a port matches only the scheme's default port.
 *
 * Matching walks host labels one by one (no regular expression is built from a pattern), and an
 * origin longer than a valid one (a 253-character host) is refused before any matching, so an
 * 8 KB `Origin` costs no more than a short one.
 */
export function matchOrigin(origin: string, patterns: readonly string[]): boolean {
  const parsed = parseOrigin(origin)
  if (!parsed) return false
  return patterns.some((pattern) => matchOne(parsed, pattern))
}

/** A DNS name is at most 253 characters, a label at most 63. */
export const maxHostLength = 253
const maxLabelLength = 63
const maxSchemeLength = 32
/** Scheme, `://`, host and `:65535`. */
export const maxOriginLength = maxSchemeLength + 3 + maxHostLength + 6

type OriginParts = { scheme: string; labels: string[]; port: string }

const originPattern = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#]+)(?::(\d{1,5}))?$/i
const patternPattern = /^([a-z*][a-z0-9+.*-]*):\/\/([^/:?#]+)(?::(\d{1,5}|\*))?\/?$/i

function parseOrigin(origin: string): OriginParts | undefined {
  if (origin.length > maxOriginLength) return undefined
  const match = originPattern.exec(origin.trim())
  if (!match) return undefined
  const scheme = match[1]!.toLowerCase()
  const host = match[2]!.toLowerCase()
  const labels = splitHost(host)
  if (scheme.length > maxSchemeLength || !labels || labels.some((label) => label.includes('*')))
    return undefined
  return { scheme, labels, port: match[3] ?? defaultPort(scheme) }
}

/** The labels of a host of valid length (no empty label, none over 63 characters). */
function splitHost(host: string): string[] | undefined {
  if (host.length === 0 || host.length > maxHostLength) return undefined
  const labels = host.split('.')
  if (labels.some((label) => label.length === 0 || label.length > maxLabelLength)) return undefined
  return labels
}

function defaultPort(scheme: string): string {
  return scheme === 'https' ? '443' : scheme === 'http' ? '80' : ''
}

function matchOne(origin: OriginParts, pattern: string): boolean {
  const trimmed = pattern.trim()
  if (trimmed === '*') return true
  if (trimmed.length > maxOriginLength) return false
  const match = patternPattern.exec(trimmed)
  if (!match) return false
  const scheme = match[1]!.toLowerCase()
  const labels = splitHost(match[2]!.toLowerCase())
  const port = match[3] ?? defaultPort(scheme)
  return (
    labels !== undefined &&
    (port === '*' || port === origin.port) &&
    matchText(scheme, origin.scheme) &&
    matchLabels(labels, origin.labels)
  )
}

/**
 * Pattern labels against host labels, right to left: a `*` label takes one or more labels, any
 * other label matches exactly one (`matchText`). Dynamic programming over (pattern label, host
 * label): at most 127 × 127 steps whatever the input.
 */
function matchLabels(pattern: readonly string[], host: readonly string[]): boolean {
  const n = pattern.length
  const m = host.length
  // matches[j]: pattern[i..] matches host[j..], for the current i (from the end).
  let next = new Array<boolean>(m + 1).fill(false)
  next[m] = true
  for (let i = n - 1; i >= 0; i--) {
    const current = new Array<boolean>(m + 1).fill(false)
    const label = pattern[i]!
    if (label === '*') {
      // One or more host labels: current[j] = next[j+1] || next[j+2] || … (a suffix OR).
      let anyLater = false
      for (let j = m - 1; j >= 0; j--) {
        anyLater ||= next[j + 1]!
        current[j] = anyLater
      }
    } else {
      for (let j = 0; j < m; j++) current[j] = next[j + 1]! && matchText(label, host[j]!)
    }
    next = current
  }
  return next[0]!
}

/**
 * One label (or scheme) against a pattern where each `*` stands for one or more characters.
 * Greedy with a single backtrack point (the classic wildcard walk): O(pattern × text) at worst,
 * both at most 63 characters here.
 */
function matchText(pattern: string, text: string): boolean {
  if (!pattern.includes('*')) return pattern === text
  let p = 0
  let t = 0
  let starAt = -1
  let resumeAt = 0
  while (t < text.length) {
    if (p < pattern.length && pattern[p] === '*') {
      // The star takes one character at least.
      starAt = p++
      resumeAt = ++t
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++
      t++
    } else if (starAt >= 0) {
      p = starAt + 1
      t = ++resumeAt
    } else return false
  }
  return pattern.slice(p).length === 0
}
