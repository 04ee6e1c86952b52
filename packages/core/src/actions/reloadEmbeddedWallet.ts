import type { Foyer } from '../createFoyer.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'

export type ReloadEmbeddedWalletParameters = Record<string, never>
export type ReloadEmbeddedWalletReturnType = {
  /** Whether the embedded wallet is logged in after the reload. */
  isConnected: boolean
}
export type ReloadEmbeddedWalletErrorType = NoAuthConnectorError

/**
 * Has the embedded wallet's secure frame read its session from the server again (SPEC §7
 * reload): after a sign-out in another tab the account disconnects here too; another account
 * logged in elsewhere replaces it. Loads no frame that was not loaded yet.
 */
export async function reloadEmbeddedWallet(
  foyer: Foyer,
  _parameters: ReloadEmbeddedWalletParameters = {},
): Promise<ReloadEmbeddedWalletReturnType> {
  const connector = getEmbeddedConnector(foyer)
  return (await connector.reload?.()) ?? { isConnected: false }
}
