/**
 * True when `origin` matches one of `patterns` (SPEC §5). A `*` matches one or more characters
 * within the host labels or port, never across the scheme: `https://*.example.com`,
 * `http://localhost:*`. A pattern without `*` must match exactly.
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchOriginPattern(origin, pattern))
}

export function matchOriginPattern(origin: string, pattern: string): boolean {
  if (!pattern.includes('*')) return origin === pattern
  const schemeEnd = pattern.indexOf('://')
  if (schemeEnd === -1 || pattern.slice(0, schemeEnd).includes('*')) return false
  const expression = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
    // Wildcards stay inside host+port: only host and port characters.
    .join('[a-zA-Z0-9.-]+')
  return new RegExp(`^${expression}$`).test(origin)
}
