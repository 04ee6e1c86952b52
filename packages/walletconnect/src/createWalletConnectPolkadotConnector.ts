import type { CaipNetwork, Connector, ConnectorTransferParameters } from '@foyer/core'
import type { PolkadotSignMessageParameters } from '@foyer/polkadot'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { createLazySessionConnector } from './createLazySessionConnector.ts'
import type { PairingUriSource, WalletConnectSession } from './createWalletConnectSession.ts'
import type { SessionConnectorIdentity } from './sessionConnectorBase.ts'

export type WalletConnectPolkadotConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    namespace: 'polkadot'
    /** Loads (once) and returns the SDK provider the session runs on. */
    getProvider(): Promise<UniversalProvider>
    /** `polkadot_signMessage` of the `<Bytes>`-wrapped message; resolves with the hex signature. */
    signMessage(parameters: PolkadotSignMessageParameters): Promise<string>
    /** Sends the native token (`value` in planck); resolves with the extrinsic hash. */
    sendTransaction(parameters: {
      from: string
      to: string
      value?: bigint | undefined
    }): Promise<string>
    /** `balances.transferKeepAlive`, signed with `polkadot_signTransaction`; resolves with its hash. */
    sendTransfer(parameters: ConnectorTransferParameters): Promise<string>
  }

export type CreateWalletConnectPolkadotConnectorParameters = SessionConnectorIdentity & {
  /** The session the other namespaces' connectors run on: one pairing, one approval for all. */
  session: WalletConnectSession
  /** The app's polkadot networks (others are ignored). */
  networks: readonly CaipNetwork[]
}

/**
 * The polkadot side of a WalletConnect session (WalletConnect's Polkadot RPC:
 * `polkadot_signMessage`, `polkadot_signTransaction`): sr25519 raw messages and balance transfers
 * built by `@foyer/polkadot`. Its code, and `@polkadot/api` when needed, is fetched on first use.
 */
export function createWalletConnectPolkadotConnector(
  parameters: CreateWalletConnectPolkadotConnectorParameters,
): WalletConnectPolkadotConnector {
  return createLazySessionConnector({
    ...parameters,
    namespace: 'polkadot',
    methods: ['signMessage', 'sendTransaction', 'sendTransfer'],
    load: () => import('./polkadotConnector.ts'),
  }) as unknown as WalletConnectPolkadotConnector
}
