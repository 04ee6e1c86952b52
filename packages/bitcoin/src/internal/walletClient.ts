import type { CaipNetwork } from '@foyer/core'
import type { BitcoinWalletAccount } from '../types.ts'

/**
 * What a Bitcoin connector needs from a wallet, whatever protocol reaches it (sats-connect or the
 * wallet standard). Prompts reject with `UserRejectedRequestError` (4001) when refused.
 */
export type BitcoinWalletClient = {
  protocol: 'sats-connect' | 'wallet-standard'
  /** Prompts for the payment and ordinals addresses. */
  connect(network: CaipNetwork): Promise<BitcoinWalletAccount[]>
  /** Silent: the addresses of a site authorised before, else none. */
  getAccounts(): Promise<BitcoinWalletAccount[]>
  disconnect(): Promise<void>
  /** Base64 signature, BIP-322 where the wallet can. */
  signMessage(parameters: { account: BitcoinWalletAccount; message: string }): Promise<string>
  signPsbt(parameters: {
    psbt: Uint8Array
    signInputs: Record<string, readonly number[]>
    accounts: readonly BitcoinWalletAccount[]
    broadcast: boolean
    network: CaipNetwork
  }): Promise<{ psbt: Uint8Array; txid?: string | undefined }>
  /** Follows the wallet: account changes (none left: revoked) and disconnects. */
  subscribe(handlers: {
    onAccounts(accounts: BitcoinWalletAccount[]): void
    onDisconnect(): void
  }): () => void
  /** Forwards any other request to the wallet, where the protocol has requests. */
  request?(method: string, params: unknown): Promise<unknown>
}
