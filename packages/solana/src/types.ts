import type { Connector, SendTransactionParameters } from '@foyer/core'
import type { Wallet } from '@wallet-standard/base'

/** A wallet-standard wallet as `getWallets()` lists it. */
export type SolanaWallet = Wallet

export type SendTransferParameters = {
  from: string
  to: string
  /** Base units: lamports for SOL, the token's smallest unit for SPL. */
  amount: bigint
  /** SPL token mint; SOL when absent. */
  mint?: string | undefined
  /** Wait until the RPC reports the transaction confirmed (default true). */
  confirm?: boolean | undefined
}

/** The Solana abilities beyond the core `Connector` contract. */
export type SolanaConnector = Connector & {
  namespace: 'solana'
  /** The wallet-standard wallet this connector speaks to. */
  readonly wallet: SolanaWallet
  signMessage(parameters: { message: string | Uint8Array; address: string }): Promise<string>
  /** Signs a wire transaction without sending it; returns the signed wire bytes. */
  signTransaction(parameters: { transaction: Uint8Array; address: string }): Promise<Uint8Array>
  /**
   * Has the wallet sign and send a wire transaction to the active network; returns the base58
   * signature. Falls back to `solana:signTransaction` plus the network's RPC when the wallet cannot
   * send on that network itself.
   */
  signAndSendTransaction(parameters: { transaction: Uint8Array; address: string }): Promise<string>
  /** Sends SOL: `value` in lamports (`data` is ignored); resolves with the confirmed signature. */
  sendTransaction(parameters: SendTransactionParameters): Promise<string>
  /** Sends SOL or an SPL token; resolves with the base58 signature. */
  sendTransfer(parameters: SendTransferParameters): Promise<string>
  /** The fee (lamports) of the transfer `sendTransfer` would send, as the RPC prices its message. */
  estimateTransferFee(
    parameters: Omit<SendTransferParameters, 'confirm'>,
  ): Promise<{ fee: bigint; signatures: number }>
}
