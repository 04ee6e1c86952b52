import type { View } from '../views.ts'
import type { CaipNetworkId, ChainNamespace } from './network.ts'

/** Events integrators can watch with `foyer.subscribeEvents` (analytics, logging). */
export type FoyerEvent =
  | { type: 'MODAL_OPEN'; data: { view: View; connected: boolean } }
  | { type: 'MODAL_CLOSE'; data: { connected: boolean } }
  | { type: 'SELECT_WALLET'; data: { connectorId: string; name: string } }
  | {
      type: 'CONNECT_SUCCESS'
      data: {
        connectorId: string
        name: string
        namespace: ChainNamespace
        address: string
        caipNetworkId: CaipNetworkId
        reconnected: boolean
      }
    }
  | { type: 'CONNECT_ERROR'; data: { connectorId: string; message: string } }
  | { type: 'DISCONNECT_SUCCESS'; data: { namespace: ChainNamespace; connectorId: string } }
  | { type: 'DISCONNECT_ERROR'; data: { message: string } }
  | {
      type: 'SWITCH_NETWORK'
      data: { caipNetworkId: CaipNetworkId; previousCaipNetworkId: CaipNetworkId }
    }
  | { type: 'SWITCH_NETWORK_ERROR'; data: { caipNetworkId: CaipNetworkId; message: string } }
  | { type: 'SWITCH_ACCOUNT'; data: { address: string; namespace: ChainNamespace } }
  | { type: 'ACCOUNTS_CHANGED'; data: { address: string | undefined; namespace: ChainNamespace } }
  | { type: 'UNSUPPORTED_NETWORK'; data: { caipNetworkId: CaipNetworkId } }

export type FoyerEventType = FoyerEvent['type']
export type FoyerEventWithTimestamp = FoyerEvent & { timestamp: number }
