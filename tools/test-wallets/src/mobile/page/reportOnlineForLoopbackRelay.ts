import { isLoopbackHost } from './blockNonLoopbackFetch.ts'

export type ReportOnlineForLoopbackRelayParameters = {
  /** The page's `navigator` (or anything with an `onLine` to shadow). */
  target: { readonly onLine: boolean }
  /** The relay the page's wallet connects to. */
  relayUrl: string
}

/** Whether the page now reports itself online whatever the host's interfaces say. */
export type ReportOnlineForLoopbackRelayReturnType = boolean

/**
 * WalletConnect's browser SDK refuses to open its relay socket while `navigator.onLine` is false
 * ("No internet connection detected"), and Chromium reports false on a host whose only interface
 * is loopback (a CI sandbox with no network, `scripts/offline.sh`): every pairing then waits
 * forever. A relay on loopback is reachable whatever the host's other interfaces are, so for one
 * the page reports itself online; any other relay keeps the browser's own answer.
 */
export function reportOnlineForLoopbackRelay(
  parameters: ReportOnlineForLoopbackRelayParameters,
): ReportOnlineForLoopbackRelayReturnType {
  const { target, relayUrl } = parameters
  let hostname: string
  try {
    hostname = new URL(relayUrl).hostname
  } catch {
    return false
  }
  if (!isLoopbackHost(hostname)) return false
  Object.defineProperty(target, 'onLine', { configurable: true, get: () => true })
  return true
}
