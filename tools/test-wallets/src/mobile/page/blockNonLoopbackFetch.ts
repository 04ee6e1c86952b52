export type BlockNonLoopbackFetchParameters = {
  /** The object whose `fetch` is wrapped, e.g. `window`. */
  target: { fetch: typeof fetch }
  /** Resolves relative URLs, e.g. `location.href`. */
  baseUrl: string
  /** Called with every URL refused. */
  onBlocked: (url: URL) => void
}

/** Puts the original `fetch` back. */
export type BlockNonLoopbackFetchReturnType = () => void

/**
 * Wraps `fetch` so that only loopback hosts are reached. A safety net: the wallet already turns
 * the SDK's verify and telemetry lookups off, and this makes sure anything left over (or added by
 * a later SDK version) fails at once instead of leaving the machine, and is reported.
 */
export function blockNonLoopbackFetch(
  parameters: BlockNonLoopbackFetchParameters,
): BlockNonLoopbackFetchReturnType {
  const { target, baseUrl, onBlocked } = parameters
  const originalFetch = target.fetch
  const guardedFetch: typeof fetch = (input, init) => {
    const url = new URL(
      input instanceof Request ? input.url : input instanceof URL ? input.href : input,
      baseUrl,
    )
    if (isLoopbackHost(url.hostname)) return originalFetch.call(target, input, init)
    onBlocked(url)
    return Promise.reject(
      new TypeError(`The mobile test wallet only talks to loopback; ${url.origin} is blocked.`),
    )
  }
  target.fetch = guardedFetch
  return () => {
    if (target.fetch === guardedFetch) target.fetch = originalFetch
  }
}

export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}
