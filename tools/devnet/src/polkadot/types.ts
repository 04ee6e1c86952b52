/** One funded dev account of the local Polkadot chain. Public secrets: never use them for real funds. */
export type PolkadotDevAccount = {
  /** `i` of the hard derivation `//i` on the dev mnemonic. */
  index: number
  /** SS58 with the chain's prefix. */
  address: string
  /** sr25519 public key, `0x`-prefixed hex. */
  publicKey: string
  /** The dev mnemonic (anvil's public one). Dev only. */
  mnemonic: string
  /**
   * `//i`: the key is `keyring.addFromUri(mnemonic + derivationPath)` (sr25519), what an
   * extension shows after importing the mnemonic and deriving the account with this path.
   */
  derivationPath: string
}

/** The description of a running local Polkadot chain (plain JSON, for `devnet.json`). */
export type PolkadotDevnet = {
  /** JSON-RPC over WebSocket, for `WsProvider`; the same port answers HTTP POST. */
  wsUrl: string
  /** `0x`-prefixed hash of block 0; its first 32 hex characters are the CAIP-2 reference. */
  genesisHash: string
  /** `polkadot:` + the first 32 hex characters of the genesis hash. */
  caipNetworkId: string
  ss58Prefix: number
  /** The native token (ROC) and its decimals (12). */
  symbol: string
  decimals: number
  /** 10 accounts `//0` … `//9` on the dev mnemonic, each with 1,000 ROC. */
  accounts: PolkadotDevAccount[]
}
