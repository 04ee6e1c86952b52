import { createRequire } from 'node:module'

// bcoin 1.0.2 is plain CommonJS without typings: these types describe only the part of it the
// devnet uses. Hashes are hex strings in bcoin's internal (little-endian) byte order; `rhash()` and
// `txid()` give the display order that explorers and wallets use.

export type BcoinScript = {
  toRaw: () => Buffer
  /** The address bcoin indexes the script under (its hash or witness program), if any. */
  getAddress: () => BcoinAddress | null
}
export type BcoinAddress = { getHash: () => Buffer }
export type BcoinOutput = { value: number; script: BcoinScript }
export type BcoinInput = {
  prevout: { hash: string; index: number; txid: () => string }
  script: BcoinScript
  witness: { items: Buffer[] }
  sequence: number
}
export type BcoinCoinView = { getOutputFor: (input: BcoinInput) => BcoinOutput | null }
export type BcoinTX = {
  version: number
  locktime: number
  inputs: BcoinInput[]
  outputs: BcoinOutput[]
  hash: (encoding: 'hex') => string
  txid: () => string
  toRaw: () => Buffer
  getSize: () => number
  getWeight: () => number
  getFee: (view: BcoinCoinView) => number
  isCoinbase: () => boolean
}
export type BcoinCoin = {
  hash: string
  index: number
  /** -1 while the funding transaction is in the mempool. */
  height: number
  value: number
  script: BcoinScript
  coinbase: boolean
}
export type BcoinTXMeta = {
  tx: BcoinTX
  /** When the node first saw it (unix seconds). */
  mtime: number
  /** -1 in the mempool. */
  height: number
  /** Internal-order block hash, null in the mempool. */
  block: string | null
  /** Block time (unix seconds), 0 in the mempool. */
  time: number
  /** Position in the block. */
  index: number
}
export type BcoinChainEntry = { hash: string; height: number; time: number; rhash: () => string }
export type BcoinKeyRing = { witness: boolean; getAddress: () => BcoinAddress }
export type BcoinMTX = {
  addOutput: (script: BcoinScript, value: number) => void
  fund: (
    coins: BcoinCoin[],
    options: { changeAddress: BcoinAddress; rate: number; subtractFee?: boolean },
  ) => Promise<void>
  sign: (ring: BcoinKeyRing) => number
  toTX: () => BcoinTX
}
/** What bcoin's mempool throws for a transaction it refuses (Bitcoin Core's reject reasons). */
export type BcoinVerifyError = Error & {
  type: 'VerifyError'
  /** Reject class, e.g. `invalid`, `nonstandard`, `duplicate`, `alreadyknown`. */
  code: string
  /** The reason, e.g. `bad-txns-inputs-spent`, `mandatory-script-verify-flag`. */
  reason: string
  score: number
}
export type BcoinMempool = {
  /** Resolves with the missing parent hashes when the transaction was kept as an orphan. */
  addTX: (tx: BcoinTX) => Promise<string[] | null>
  hasEntry: (hash: string) => boolean
  getMeta: (hash: string) => BcoinTXMeta | null
  removeOrphan: (hash: string) => boolean
  verifyInputs: (tx: BcoinTX, view: BcoinCoinView, flags: number) => Promise<void>
}
export type BcoinFullNode = {
  open: () => Promise<void>
  close: () => Promise<void>
  network: { genesis: { hash: string } }
  chain: {
    tip: BcoinChainEntry
    height: number
    add: (block: unknown) => Promise<BcoinChainEntry | null>
    getEntry: (heightOrHash: number | string) => Promise<BcoinChainEntry | null>
    hasCoins: (tx: BcoinTX) => Promise<boolean>
  }
  mempool: BcoinMempool
  miner: { mineBlock: (tip: null, address: BcoinAddress) => Promise<unknown> }
  /** Smart fee estimation in satoshis per 1000 virtual bytes; 0 without enough history. */
  fees: { estimateFee: (target: number, smart: boolean) => number }
  getCoin: (hash: string, index: number) => Promise<BcoinCoin | null>
  getCoinsByAddress: (addresses: BcoinAddress[]) => Promise<BcoinCoin[]>
  getMetaByAddress: (addresses: BcoinAddress[]) => Promise<BcoinTXMeta[]>
  getMeta: (hash: string) => Promise<BcoinTXMeta | null>
  getMetaView: (meta: BcoinTXMeta) => Promise<BcoinCoinView>
}

export type Bcoin = {
  FullNode: new (options: Record<string, unknown>) => BcoinFullNode
  TX: { fromRaw: (raw: Buffer) => BcoinTX }
  MTX: new () => BcoinMTX
  KeyRing: { fromPrivate: (key: Buffer, compressed: boolean) => BcoinKeyRing }
  Script: {
    fromRaw: (raw: Buffer) => BcoinScript
    flags: { VERIFY_DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM: number }
  }
  networks: { regtest: { addressPrefix: { bech32: string } } }
  util: { revHex: (hex: string) => string }
}

const require = createRequire(import.meta.url)

/** bcoin, loaded once. Its regtest bech32 prefix is `rb`; Bitcoin Core (and every wallet) uses `bcrt`. */
export const bcoin = require('bcoin') as Bcoin
bcoin.networks.regtest.addressPrefix.bech32 = 'bcrt'

export function isVerifyError(error: unknown): error is BcoinVerifyError {
  return error instanceof Error && (error as Partial<BcoinVerifyError>).type === 'VerifyError'
}
