import type { AminoSignResponse, OfflineAminoSigner, StdSignature, StdSignDoc } from '@cosmjs/amino'
import type { DirectSignResponse, OfflineDirectSigner, OfflineSigner } from '@cosmjs/proto-signing'
import type { Connector, ConnectorTransferParameters } from '@foyer/core'
import type { KeplrChainInfo } from './networks.ts'

/** Keplr's `getKey` answer (Leap's is the same). */
export type CosmosKey = {
  /** Name of the key in the wallet, e.g. "Account 1". */
  name: string
  algo: string
  /** Compressed secp256k1 public key. */
  pubKey: Uint8Array
  /** The 20 address bytes. */
  address: Uint8Array
  bech32Address: string
  isNanoLedger?: boolean | undefined
}

/** A sign doc as Keplr takes it (`accountNumber` a bigint in cosmjs 0.39, a Long in older apps). */
export type CosmosSignDoc = {
  bodyBytes?: Uint8Array | null | undefined
  authInfoBytes?: Uint8Array | null | undefined
  chainId?: string | null | undefined
  accountNumber?: bigint | { toString(): string } | null | undefined
}

/**
 * The injected API of Keplr-style wallets (`window.keplr`, `window.leap`), as far as Foyer uses it.
 * `name` and `icon` are not Keplr API: a wallet that injects itself as `window.keplr` under
 * another name (the Foyer Test Wallet) may declare them.
 */
export type CosmosWallet = {
  readonly name?: string | undefined
  readonly icon?: string | undefined
  readonly version?: string | undefined
  readonly mode?: string | undefined
  enable(chainIds: string | string[]): Promise<void>
  getKey(chainId: string): Promise<CosmosKey>
  getOfflineSigner(chainId: string): OfflineAminoSigner & OfflineDirectSigner
  getOfflineSignerAuto?(chainId: string): Promise<OfflineSigner>
  signDirect?(chainId: string, signer: string, signDoc: CosmosSignDoc): Promise<DirectSignResponse>
  signAmino?(chainId: string, signer: string, signDoc: StdSignDoc): Promise<AminoSignResponse>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
  experimentalSuggestChain?(chainInfo: KeplrChainInfo): Promise<void>
  /** Keplr ≥ 0.12: forgets the site's permission. */
  disable?(chainIds?: string | string[]): Promise<void>
}

export type SendTransferParameters = ConnectorTransferParameters & {
  /** Another denom than the network's (e.g. an IBC one); `mint` means the same. */
  denom?: string | undefined
  memo?: string | undefined
}

/** The Cosmos abilities beyond the core `Connector` contract. */
export type CosmosConnector = Omit<Connector, 'signMessage' | 'sendTransfer'> & {
  namespace: 'cosmos'
  /** The injected wallet this connector speaks to, read from the page each time. */
  readonly wallet: CosmosWallet
  /** The key the wallet handed out on the active chain, once connected. */
  getKey(): Promise<CosmosKey>
  /**
   * ADR-36 (Keplr's `signArbitrary`). Resolves with the `StdSignature` as a JSON string,
   * `{"pub_key":{"type":"tendermint/PubKeySecp256k1","value":…},"signature":…}` (both base64),
   * which `verifyCosmosMessage` takes as is: a Cosmos address is a hash, so the public key must
   * travel with the signature.
   */
  signMessage(parameters: { message: string | Uint8Array; address: string }): Promise<string>
  /**
   * Sends a bank transfer (`MsgSend`, fee from simulation) and resolves with the upper-case hex
   * transaction hash, once the chain includes it unless `confirm: false`.
   */
  sendTransfer(parameters: SendTransferParameters): Promise<string>
}
