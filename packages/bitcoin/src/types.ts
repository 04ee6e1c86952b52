import type { Connector, SendTransactionParameters } from '@foyer/core'
import type { Wallet } from '@wallet-standard/base'

/** What an address is for, in sats-connect's and the Bitcoin wallet standard's terms. */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** An address the wallet authorised the site to use. */
export type BitcoinWalletAccount = {
  address: string
  purpose: BitcoinAddressPurpose
  /** Hex, as the wallet reported it (x-only for Taproot in most wallets). */
  publicKey?: string | undefined
}

/** A JSON-RPC 2.0 answer of a sats-connect provider. */
export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | {
      jsonrpc: '2.0'
      id: string | number | null
      error: { code: number; message: string; data?: unknown }
    }

export type SatsConnectEventName = 'accountChange' | 'disconnect' | 'networkChange'

/**
 * The object a sats-connect wallet puts on `window` at its provider id (e.g.
 * `window.XverseProviders.BitcoinProvider`): JSON-RPC requests, and events where supported.
 */
export type SatsConnectProvider = {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>
  addListener?(listener: {
    eventName: SatsConnectEventName
    cb: (event: { type: SatsConnectEventName; addresses?: unknown }) => void
  }): () => void
}

/** An entry of `window.btc_providers`: how a sats-connect wallet announces itself. */
export type SatsConnectProviderInfo = {
  /** Path of the provider on `window`, dot-separated. */
  id: string
  name: string
  /** Image URL or `data:` URI. */
  icon: string
  webUrl?: string | undefined
  methods?: readonly string[] | undefined
}

/** A sats-connect wallet: its announcement plus the provider object it points to. */
export type SatsConnectWallet = SatsConnectProviderInfo & { provider: SatsConnectProvider }

/** A wallet the adapter can list: sats-connect, or a Bitcoin wallet-standard wallet. */
export type BitcoinWallet = SatsConnectWallet | Wallet

export type SendTransferParameters = {
  from: string
  to: string
  /** Satoshis. */
  amount: bigint
  /** Tokens do not exist on Bitcoin; any value is refused. */
  mint?: string | undefined
  /** Wait until the node knows the transaction (default true); Bitcoin confirms in ~10 minutes. */
  confirm?: boolean | undefined
  /** Satoshis per virtual byte; default the network's 6-block estimate. */
  feeRate?: bigint | undefined
}

export type SignPsbtParameters = {
  /** Base64 or bytes. */
  psbt: string | Uint8Array
  /** Input indexes to sign per address, as sats-connect takes them. */
  signInputs: Record<string, readonly number[]>
  /** Ask the wallet to broadcast too (sats-connect wallets only). */
  broadcast?: boolean | undefined
}
export type SignPsbtReturnType = {
  /** The signed PSBT, base64. */
  psbt: string
  /** Set when the wallet broadcast it. */
  txid?: string | undefined
}

/** The Bitcoin abilities beyond the core `Connector` contract. */
export type BitcoinConnector = Connector & {
  namespace: 'bip122'
  /** How Foyer speaks to the wallet. */
  readonly protocol: 'sats-connect' | 'wallet-standard'
  /** The authorised addresses with their purposes and public keys. */
  getWalletAccounts(): readonly BitcoinWalletAccount[]
  /** BIP-322 signature, base64 (legacy format from wallets that only have that). */
  signMessage(parameters: { message: string; address: string }): Promise<string>
  signPsbt(parameters: SignPsbtParameters): Promise<SignPsbtReturnType>
  /** Sends BTC: `value` in satoshis (`data` is ignored); resolves with the txid. */
  sendTransaction(parameters: SendTransactionParameters): Promise<string>
  /** Builds, has the wallet sign, and broadcasts a BTC transfer; resolves with the txid. */
  sendTransfer(parameters: SendTransferParameters): Promise<string>
  /** The fee (satoshis) of the transfer `sendTransfer` would send now. */
  estimateTransferFee(
    parameters: Omit<SendTransferParameters, 'confirm' | 'mint'>,
  ): Promise<{ fee: bigint; feeRate: bigint; vsize: number; signatures: number }>
}
