/** One funded dev account of the local Cosmos chain. Public keys: never use them for real funds. */
export type CosmosDevAccount = {
  /** Index `i` of `m/44'/118'/0'/0/i` on the dev mnemonic. */
  index: number
  /** Bech32 with the chain's prefix, e.g. `cosmos1…`. */
  address: string
  /** Compressed secp256k1 public key (33 bytes), base64, as Keplr's `getKey().pubKey` carries it. */
  publicKey: string
  /** 32-byte secp256k1 private key, hex without `0x`. */
  privateKey: string
}

/** The description of a running local Cosmos chain (plain JSON, for `devnet.json`). */
export type CosmosDevnet = {
  /** CometBFT JSON-RPC, for `StargateClient.connect` and Keplr's `rpc`. */
  rpcUrl: string
  chainId: string
  bech32Prefix: string
  /** Base denom (`ufoy`); 10^decimals of it make one `displayDenom`. */
  denom: string
  displayDenom: string
  decimals: number
  /** 10 accounts from the dev mnemonic, each with 1,000 FOY. */
  accounts: CosmosDevAccount[]
}
