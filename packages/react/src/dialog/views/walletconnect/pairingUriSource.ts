import type { Connector } from '@foyer/core'

/** A `wc:` URI and when it stops being offered (as `@foyer/walletconnect` publishes it). */
export type ShownPairingUri = { uri: string; expiresAt: number }

/**
 * The part of `@foyer/walletconnect`'s connector the views read. Declared here, structurally, so
 * the dialog never imports that package (it stays out of the dialog's chunks).
 */
export type PairingUriSource = {
  getPairingUri(): ShownPairingUri | undefined
  watchPairingUri(listener: (pairingUri: ShownPairingUri | undefined) => void): () => void
  cancelPairing(): void
}

export function isPairingUriSource(
  connector: Connector | undefined,
): connector is Connector & PairingUriSource {
  const candidate = connector as Partial<PairingUriSource> | undefined
  return (
    typeof candidate?.getPairingUri === 'function' &&
    typeof candidate.watchPairingUri === 'function' &&
    typeof candidate.cancelPairing === 'function'
  )
}
