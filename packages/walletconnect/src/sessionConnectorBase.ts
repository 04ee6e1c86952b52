import { type ChainNamespace, type ConnectorEventMap, createEmitter } from '@foyer/core'
import type { WalletConnectSession } from './createWalletConnectSession.ts'

export type SessionConnectorIdentity = {
  id: string
  name: string
  icon: string | undefined
  /** Shared by the connectors of one session across namespaces (see core's `Connector.group`). */
  group?: string | undefined
}

/**
 * What every namespace's connector of one WalletConnect session has in common: its identity, the
 * session's pairing URIs and end, a `disconnect` event when the wallet ends the session, and
 * `linkChanged` while the relay is unreachable and when it is back.
 */
export function sessionConnectorBase<namespace extends ChainNamespace>(
  session: WalletConnectSession,
  identity: SessionConnectorIdentity,
  namespace: namespace,
) {
  const emitter = createEmitter<ConnectorEventMap>()
  session.onEnd(() => emitter.emit('disconnect', {}))
  session.onLinkChange((status) => emitter.emit('linkChanged', { status }))
  const base = {
    id: identity.id,
    name: identity.name,
    icon: identity.icon,
    group: identity.group,
    type: 'walletConnect' as const,
    namespace,
    getProvider: session.getProvider,
    getPairingUri: session.getPairingUri,
    watchPairingUri: session.watchPairingUri,
    cancelPairing: session.cancelPairing,
    disconnect: session.disconnect,
    on: emitter.on,
    off: emitter.off,
  }
  return { emitter, base }
}
