/** A key of a dev account and the address it controls. Hex strings, no `0x`. */
export type BitcoinDevKey = {
  /** `bcrt1q…` (payment) or `bcrt1p…` (ordinal). */
  address: string
  /**
   * Payment: the 33-byte compressed public key. Ordinal: the 32-byte x-only internal key (what a
   * PSBT names as `tapInternalKey`; the address commits to it tweaked by BIP-341 with no scripts).
   */
  publicKey: string
  /** The 32-byte private key; for the ordinal key it is untweaked, as wallets hold it. */
  privateKey: string
  derivationPath: string
}

/**
 * A dev account as a Bitcoin wallet with separate payment and ordinal addresses (Xverse, Leather)
 * shows it, from the dev mnemonic:
 * - payment: BIP-84 P2WPKH, `m/84'/1'/0'/0/i`;
 * - ordinal: BIP-86 P2TR, `m/86'/1'/0'/0/i`.
 *
 * Taproot on bcoin 1.0.2 (which predates it): the node accepts and indexes outputs paying to a
 * witness-v1 program like any other, so P2TR addresses receive, show balances and history. It
 * cannot verify a taproot spend, so the devnet checks BIP-341 key-path signatures itself before a
 * transaction reaches the mempool and refuses script-path spends (no tapscript: no inscriptions).
 */
export type BitcoinDevAccount = {
  index: number
  payment: BitcoinDevKey
  ordinal: BitcoinDevKey
}

/** The description of a running Bitcoin regtest devnet (plain JSON, part of the devnet file). */
export type BitcoinDevnet = {
  /** Esplora REST API (mempool.space / blockstream.info compatible), e.g. `http://127.0.0.1:18443`. */
  esploraUrl: string
  /** Hash of block 0 in display order; every regtest chain shares it. */
  genesisHash: string
  /** `bip122:` + the first 32 hex characters of the genesis hash. */
  caipNetworkId: `bip122:${string}`
  /** 10 accounts; each payment address starts with 10 BTC, confirmed, and each ordinal address empty. */
  accounts: BitcoinDevAccount[]
}
