import { PAIRING_EXPIRY_MARGIN_MS } from '@foyer/core'

/** A `wc:` pairing URI as the dialog shows it, with the moment it stops being offered. */
export type PairingUri = {
  uri: string
  /** Epoch milliseconds after which a wallet can no longer pair with `uri`. */
  expiresAt: number
}

export type IsPairingUriExpiredParameters = {
  pairingUri: PairingUri
  /** Epoch milliseconds; defaults to `Date.now()`. */
  now?: number | undefined
}

/**
 * A pairing URI counts as expired with 10 s or less left (SPEC §4): a visitor still needs time to
 * scan it and the wallet to reach the relay.
 */
export function isPairingUriExpired(parameters: IsPairingUriExpiredParameters): boolean {
  const { pairingUri, now = Date.now() } = parameters
  return pairingUri.expiresAt - now <= PAIRING_EXPIRY_MARGIN_MS
}

/** Milliseconds until `pairingUri` counts as expired (0 when it already does). */
export function getPairingUriRefreshDelay(parameters: IsPairingUriExpiredParameters): number {
  const { pairingUri, now = Date.now() } = parameters
  return Math.max(0, pairingUri.expiresAt - now - PAIRING_EXPIRY_MARGIN_MS)
}
