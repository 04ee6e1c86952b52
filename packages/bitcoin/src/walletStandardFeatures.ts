import type { IdentifierString, WalletAccount } from '@wallet-standard/base'
import type { BitcoinAddressPurpose } from './types.ts'

// The Bitcoin wallet standard's features (ExodusMovement/bitcoin-wallet-standard), typed here:
// its npm packages are unpublished or outdated, and only these shapes matter on the wire.

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSignTransaction = 'bitcoin:signTransaction'
/** Xverse registers with the wallet standard and hands out its sats-connect provider there. */
export const SatsConnectFeature = 'sats-connect:'

export type BitcoinConnectInput = {
  /** The accounts come back in this order. */
  readonly purposes: BitcoinAddressPurpose[]
}
export type BitcoinConnectOutput = { readonly accounts: readonly WalletAccount[] }
export type BitcoinConnectFeature = {
  readonly [BitcoinConnect]: {
    readonly version: '1.0.0'
    readonly connect: (input: BitcoinConnectInput) => Promise<BitcoinConnectOutput>
  }
}

export type BitcoinSignMessageInput = {
  readonly account: WalletAccount
  /** Raw bytes; the wallet chooses how to sign them (BIP-322, or the legacy format). */
  readonly message: Uint8Array
}
export type BitcoinSignMessageOutput = {
  readonly signedMessage: Uint8Array
  readonly signature: Uint8Array
}
export type BitcoinSignMessageFeature = {
  readonly [BitcoinSignMessage]: {
    readonly version: '1.0.0'
    readonly signMessage: (
      ...inputs: readonly BitcoinSignMessageInput[]
    ) => Promise<readonly BitcoinSignMessageOutput[]>
  }
}

export type BitcoinSigHashFlag =
  | 'ALL'
  | 'NONE'
  | 'SINGLE'
  | 'ALL|ANYONECANPAY'
  | 'NONE|ANYONECANPAY'
  | 'SINGLE|ANYONECANPAY'
export type BitcoinInputToSign = {
  readonly account: WalletAccount
  readonly signingIndexes: number[]
  readonly sigHash?: BitcoinSigHashFlag
}
export type BitcoinSignTransactionInput = {
  /** PSBT bytes. */
  readonly psbt: Uint8Array
  readonly inputsToSign: BitcoinInputToSign[]
  readonly chain?: IdentifierString
}
export type BitcoinSignTransactionOutput = { readonly signedPsbt: Uint8Array }
export type BitcoinSignTransactionFeature = {
  readonly [BitcoinSignTransaction]: {
    readonly version: '1.0.0'
    readonly signTransaction: (
      ...inputs: readonly BitcoinSignTransactionInput[]
    ) => Promise<readonly BitcoinSignTransactionOutput[]>
  }
}
