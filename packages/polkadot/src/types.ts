import type {
  CaipNetwork,
  Connector,
  ConnectorTransferParameters,
  SendTransactionParameters,
} from '@foyer/core'
import type {
  SignerPayloadJSON,
  SignerPayloadRaw,
  SignerResult,
  Signer as SignerType,
} from '@polkadot/types/types'

// The injection protocol of `@polkadot/extension-inject` (polkadot{.js}, Talisman, SubWallet, …),
// written out so the adapter does not depend on the extension's packages.

export type PolkadotKeypairType = 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'

/** An account as an extension lists it. */
export type InjectedAccount = {
  address: string
  /** Set when the account is for one chain only; null or absent: any chain. */
  genesisHash?: string | null | undefined
  name?: string | undefined
  type?: PolkadotKeypairType | undefined
}

export type InjectedAccounts = {
  /** `anyType` also lists Ethereum-type accounts. */
  get(anyType?: boolean): Promise<InjectedAccount[]>
  subscribe(callback: (accounts: InjectedAccount[]) => void | Promise<void>): () => void
}

/** `@polkadot/api`'s `Signer`, which an extension implements. */
export type InjectedSigner = SignerType

/** What `enable(originName)` resolves with. */
export type Injected = {
  accounts: InjectedAccounts
  signer: InjectedSigner
  metadata?: unknown
  provider?: unknown
}

/** An entry of `window.injectedWeb3`. `name` and `icon` are not in the protocol: read if present. */
export type InjectedExtension = {
  version?: string | undefined
  enable(originName: string): Promise<Injected>
  name?: string | undefined
  icon?: string | undefined
}

export type InjectedWeb3 = Record<string, InjectedExtension>

export type { SignerPayloadJSON, SignerPayloadRaw, SignerResult }

/**
 * A Polkadot-SDK chain as a Foyer network: a `CaipNetwork` that also carries its full genesis hash
 * and SS58 prefix (the CAIP-2 reference is only the hash's first 32 hex characters).
 */
export type PolkadotNetwork = CaipNetwork & {
  chainNamespace: 'polkadot'
  /** `0x`-prefixed, 32 bytes. */
  genesisHash: string
  ss58Prefix: number
}

export type PolkadotSignMessageParameters = { message: string | Uint8Array; address: string }

/** The Polkadot abilities beyond the core `Connector` contract. */
export type PolkadotConnector = Connector & {
  namespace: 'polkadot'
  /** The key of the extension in `window.injectedWeb3`. */
  readonly extensionId: string
  /** `signRaw` of the `<Bytes>`-wrapped message; resolves with the hex signature. */
  signMessage(parameters: PolkadotSignMessageParameters): Promise<string>
  /** Sends the native token (`value` in planck); resolves with the extrinsic hash once in a block. */
  sendTransaction(parameters: SendTransactionParameters): Promise<string>
  /** `balances.transferKeepAlive`, signed by the extension; resolves with the extrinsic hash. */
  sendTransfer(parameters: ConnectorTransferParameters): Promise<string>
}
