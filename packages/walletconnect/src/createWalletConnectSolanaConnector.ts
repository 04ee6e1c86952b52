import type { CaipNetwork, Connector, ConnectorTransferParameters } from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { createLazySessionConnector } from './createLazySessionConnector.ts'
import type { PairingUriSource, WalletConnectSession } from './createWalletConnectSession.ts'
import type { SessionConnectorIdentity } from './sessionConnectorBase.ts'

export type WalletConnectSolanaConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    namespace: 'solana'
    /** Loads (once) and returns the SDK provider the session runs on. */
    getProvider(): Promise<UniversalProvider>
    /** Sends SOL: `value` in lamports (`data` is ignored); resolves with the confirmed signature. */
    sendTransaction(parameters: {
      from: string
      to: string
      value?: bigint | undefined
    }): Promise<string>
    /** Sends SOL or an SPL token; resolves with the base58 signature. */
    sendTransfer(parameters: ConnectorTransferParameters): Promise<string>
    signMessage(parameters: { message: string; address: string }): Promise<string>
  }

export type CreateWalletConnectSolanaConnectorParameters = SessionConnectorIdentity & {
  /** The session the eip155 connector runs on: one pairing, one approval for both. */
  session: WalletConnectSession
  /** The app's solana networks (others are ignored). */
  networks: readonly CaipNetwork[]
}

/**
 * The solana side of a WalletConnect session (WalletConnect's Solana RPC: `solana_signMessage`,
 * `solana_signTransaction`, `solana_signAndSendTransaction`). Connecting pairs through the same
 * session as the eip155 connector; switching clusters stays within the chains the wallet approved
 * and never prompts. Its code, `@solana/kit` and `@foyer/solana` are fetched on first use.
 */
export function createWalletConnectSolanaConnector(
  parameters: CreateWalletConnectSolanaConnectorParameters,
): WalletConnectSolanaConnector {
  return createLazySessionConnector({
    ...parameters,
    namespace: 'solana',
    methods: ['signMessage', 'sendTransaction', 'sendTransfer'],
    load: () => import('./solanaConnector.ts'),
  }) as unknown as WalletConnectSolanaConnector
}
