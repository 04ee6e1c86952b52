import type { ConnectMethod } from '@foyer/core'

/**
 * The connect methods to show, in the configured order (default email, social, wallet), keeping
 * only those available; duplicates in the configured order count once.
 */
export function orderConnectMethods(
  order: readonly ConnectMethod[],
  isAvailable: (method: ConnectMethod) => boolean,
): ConnectMethod[] {
  return [...new Set(order)].filter(isAvailable)
}
