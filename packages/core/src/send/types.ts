import type { ConnectorTransferParameters } from '../types/connector.ts'
import type { CaipNetworkId } from '../types/network.ts'
import type { TokenBalance } from '../types/state.ts'

/** The send form (SPEC §3 transaction-send state). Amount and receiver are kept as typed. */
export type SendState = {
  /** The token to send; a `TokenBalance` without `address` is the network's native currency. */
  token: TokenBalance | undefined
  /** Decimal amount as the visitor typed it, e.g. '12.5'. */
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  receiverProfileImage: string | undefined
  /** True while a transfer is being signed, sent and mined. */
  loading: boolean
  /** What the token picker offers: native first, then the ERC-20s of the active network. */
  tokenBalances: readonly TokenBalance[]
}

/** A transaction this app sent, shown in Activity before any indexer knows it (SPEC §9: 99 kept). */
export type PendingTransaction = {
  /** `0x…` transaction hash on EVM, base58 transaction signature on Solana. */
  hash: string
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Decimal amount, e.g. '12.5'. */
  amount: string
  symbol: string
  /** Token contract (plain address, not CAIP-10); absent for the native currency. */
  tokenAddress?: string | undefined
  /** Milliseconds since the epoch. */
  sentAt: number
}

/** What a connector's transfer costs in network fees, as the network prices its message. */
export type TransferFeeEstimate = {
  /** In the native currency's smallest unit (lamports on Solana). */
  fee: bigint
  /** Signatures the network charges for. */
  signatures: number
}

/**
 * The optional ability of connectors that build transfers themselves (`sendTransfer`, Solana):
 * the fee of the very transfer `sendTransfer` would send, so "Max" can leave it.
 */
export type TransferFeeEstimator = {
  estimateTransferFee(parameters: ConnectorTransferParameters): Promise<TransferFeeEstimate>
}

export function canEstimateTransferFee(
  connector: object | undefined,
): connector is TransferFeeEstimator {
  return (
    typeof (connector as Partial<TransferFeeEstimator> | undefined)?.estimateTransferFee ===
    'function'
  )
}
