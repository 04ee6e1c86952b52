import type { SendTransferParameters, SignPsbtParameters, SignPsbtReturnType } from '@foyer/bitcoin'
import type { CaipNetwork, Connector } from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { createLazySessionConnector } from './createLazySessionConnector.ts'
import type { PairingUriSource, WalletConnectSession } from './createWalletConnectSession.ts'
import type { SessionConnectorIdentity } from './sessionConnectorBase.ts'

export type WalletConnectBitcoinConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    namespace: 'bip122'
    /** Loads (once) and returns the SDK provider the session runs on. */
    getProvider(): Promise<UniversalProvider>
    /** BIP-322 signature (`signMessage`), base64. */
    signMessage(parameters: { message: string; address: string }): Promise<string>
    /** Has the wallet sign a PSBT (`signPsbt`); broadcasts it when asked and the wallet did not. */
    signPsbt(parameters: SignPsbtParameters): Promise<SignPsbtReturnType>
    /** Sends BTC: `value` in satoshis (`data` is ignored); resolves with the txid. */
    sendTransaction(parameters: {
      from: string
      to: string
      value?: bigint | undefined
    }): Promise<string>
    /** Builds the transfer's PSBT, has the wallet sign it and broadcasts it; resolves with the txid. */
    sendTransfer(parameters: SendTransferParameters): Promise<string>
    /** The fee (satoshis) of the transfer `sendTransfer` would send now. */
    estimateTransferFee(
      parameters: Omit<SendTransferParameters, 'confirm' | 'mint'>,
    ): Promise<{ fee: bigint; feeRate: bigint; vsize: number; signatures: number }>
  }

export type CreateWalletConnectBitcoinConnectorParameters = SessionConnectorIdentity & {
  /** The session the other namespaces' connectors run on: one pairing, one approval for all. */
  session: WalletConnectSession
  /** The app's bip122 networks (others are ignored). */
  networks: readonly CaipNetwork[]
}

/**
 * The bip122 side of a WalletConnect session (WalletConnect's Bitcoin RPC: `getAccountAddresses`,
 * `signMessage`, `signPsbt`, `sendTransfer`): payment and ordinals addresses, BIP-322 messages,
 * and transfers built by `@foyer/bitcoin` and signed as PSBTs. Its code is fetched on first use.
 */
export function createWalletConnectBitcoinConnector(
  parameters: CreateWalletConnectBitcoinConnectorParameters,
): WalletConnectBitcoinConnector {
  return createLazySessionConnector({
    ...parameters,
    namespace: 'bip122',
    methods: ['signMessage', 'signPsbt', 'sendTransaction', 'sendTransfer', 'estimateTransferFee'],
    load: () => import('./bip122Connector.ts'),
  }) as unknown as WalletConnectBitcoinConnector
}
