import type { Foyer } from '../createFoyer.ts'
import { FarcasterConnectionError } from '../embedded/errors.ts'
import { getEmbeddedConnector } from '../embedded/getEmbeddedConnector.ts'
import { reportEmbeddedError } from '../embedded/reportEmbeddedError.ts'
import { BaseError } from '../errors/base.ts'
import type { NoAuthConnectorError } from '../errors/connection.ts'
import { type ConnectErrorType, type ConnectReturnType, connect } from './connect.ts'

export type ConnectFarcasterParameters = {
  /** Called with the Sign In With Farcaster URL to show as a QR code and deep link. */
  onUrl: (parameters: { url: string; expiresAt: string }) => void
}
export type ConnectFarcasterReturnType = ConnectReturnType & { userName: string | undefined }
export type ConnectFarcasterErrorType =
  | NoAuthConnectorError
  | FarcasterConnectionError
  | ConnectErrorType

/**
 * Logs in with Farcaster through the embedded wallet: the frame opens a Sign In With Farcaster
 * request (its URL goes to `onUrl` and `account.farcasterUrl`), waits for the visitor to approve
 * in their Farcaster client, and connects like after an email code. 'Failed to connect to
 * farcaster' when the request fails or expires.
 */
export async function connectFarcaster(
  foyer: Foyer,
  parameters: ConnectFarcasterParameters,
): Promise<ConnectFarcasterReturnType> {
  const connector = getEmbeddedConnector(foyer)
  const setUrl = (farcasterUrl: string | undefined) => {
    const state = foyer.getState()
    foyer.store.setState({ account: { ...state.account, farcasterUrl } })
  }
  try {
    const started = await connector.getFarcasterUri()
    setUrl(started.url)
    parameters.onUrl(started)
    const { userName } = await connector.connectFarcaster()
    const result = await connect(foyer, { connectorId: connector.id, authName: 'farcaster' })
    return { ...result, userName }
  } catch (error) {
    setUrl(undefined)
    reportEmbeddedError(foyer, error)
    throw error instanceof FarcasterConnectionError
      ? error
      : new FarcasterConnectionError({
          details: error instanceof BaseError ? error.shortMessage : undefined,
          cause: error,
        })
  }
}
