import type { CaipNetwork, Connector } from '@foyer/core'
import type { CosmosKey, SendTransferParameters } from '@foyer/cosmos'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { createLazySessionConnector } from './createLazySessionConnector.ts'
import type { PairingUriSource, WalletConnectSession } from './createWalletConnectSession.ts'
import type { SessionConnectorIdentity } from './sessionConnectorBase.ts'

export type WalletConnectCosmosConnector = Omit<Connector, 'signMessage' | 'sendTransfer'> &
  PairingUriSource & {
    type: 'walletConnect'
    namespace: 'cosmos'
    /** Loads (once) and returns the SDK provider the session runs on. */
    getProvider(): Promise<UniversalProvider>
    /** The session's key on the current chain (`cosmos_getAccounts`). */
    getKey(): Promise<CosmosKey>
    /** ADR-36 through `cosmos_signAmino`; the `StdSignature` as JSON, as `verifyCosmosMessage` takes it. */
    signMessage(parameters: { message: string | Uint8Array; address: string }): Promise<string>
    /** A bank transfer signed with `cosmos_signDirect` (or amino); resolves with the tx hash. */
    sendTransfer(parameters: SendTransferParameters): Promise<string>
  }

export type CreateWalletConnectCosmosConnectorParameters = SessionConnectorIdentity & {
  /** The session the other namespaces' connectors run on: one pairing, one approval for all. */
  session: WalletConnectSession
  /** The app's cosmos networks, made with `createCosmosNetwork` (others are ignored). */
  networks: readonly CaipNetwork[]
}

/**
 * The cosmos side of a WalletConnect session (WalletConnect's Cosmos RPC: `cosmos_getAccounts`,
 * `cosmos_signDirect`, `cosmos_signAmino`): ADR-36 messages and bank transfers built by
 * `@foyer/cosmos`. Its code and CosmJS are fetched on first use.
 */
export function createWalletConnectCosmosConnector(
  parameters: CreateWalletConnectCosmosConnectorParameters,
): WalletConnectCosmosConnector {
  return createLazySessionConnector({
    ...parameters,
    namespace: 'cosmos',
    methods: ['getKey', 'signMessage', 'sendTransfer'],
    load: () => import('./cosmosConnector.ts'),
  }) as unknown as WalletConnectCosmosConnector
}
