import { Address, OutScript } from '@scure/btc-signer'
import {
  type BcoinAddress,
  type BcoinCoin,
  type BcoinOutput,
  type BcoinTXMeta,
  bcoin,
  isVerifyError,
} from './bcoin.ts'
import { regtestNetwork } from './bitcoinDevAccounts.ts'
import { BitcoinTransactionRejectedError, EsploraRequestError } from './errors.ts'
import { verifyTaprootKeySpends } from './verifyTaprootKeySpends.ts'

/** Esplora's `status` of a transaction (block fields only when confirmed). */
export type EsploraStatus = {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}
export type EsploraOutput = {
  scriptpubkey: string
  /** `p2pkh`, `p2sh`, `v0_p2wpkh`, `v0_p2wsh`, `v1_p2tr`, `op_return` or `unknown`. */
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}
export type EsploraInput = {
  txid: string
  vout: number
  /** null for a coinbase input. */
  prevout: EsploraOutput | null
  scriptsig: string
  witness: string[]
  is_coinbase: boolean
  sequence: number
}
export type EsploraTransaction = {
  txid: string
  version: number
  locktime: number
  vin: EsploraInput[]
  vout: EsploraOutput[]
  size: number
  weight: number
  fee: number
  status: EsploraStatus
}
export type EsploraStats = {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}
export type EsploraAddress = {
  address: string
  chain_stats: EsploraStats
  mempool_stats: EsploraStats
}
export type EsploraUtxo = { txid: string; vout: number; value: number; status: EsploraStatus }

/** The regtest node behind the devnet's Esplora API, answering in Esplora's formats. */
export type RegtestChain = {
  /** Block 0 in display order. */
  genesisHash: string
  tipHeight: () => number
  tipHash: () => string
  blockHash: (height: number) => Promise<string | undefined>
  address: (address: string) => Promise<EsploraAddress>
  utxos: (address: string) => Promise<EsploraUtxo[]>
  /**
   * Newest first. Default: up to 50 mempool transactions and the first 25 confirmed ones;
   * `chain` pages confirmed ones 25 at a time after `lastSeen`; `mempool` the mempool only.
   */
  transactions: (
    address: string,
    options?: { page?: 'all' | 'chain' | 'mempool'; lastSeen?: string | undefined },
  ) => Promise<EsploraTransaction[]>
  transaction: (txid: string) => Promise<EsploraTransaction | undefined>
  transactionHex: (txid: string) => Promise<string | undefined>
  /** Verifies and adds a raw transaction to the mempool; rejects with `BitcoinTransactionRejectedError`. */
  broadcast: (hex: string) => Promise<string>
  /** Mines `blocks` blocks to the miner (mempool transactions included); resolves with the new height. */
  mine: (blocks: number) => Promise<number>
  /** Pays the outputs from the miner's coins in one transaction (into the mempool); resolves with its txid. */
  fund: (outputs: readonly { address: string; sats: number }[]) => Promise<string>
  /** sat/vB by confirmation target. */
  feeEstimates: () => Record<string, number>
  close: () => Promise<void>
}

export type CreateRegtestChainParameters = {
  /** Hex private key of the miner: coinbases go to its P2WPKH address and `fund` spends from it. */
  minerPrivateKey: string
}

const esploraChainPageSize = 25
const esploraMempoolPageSize = 50
/** Coinbase outputs can be spent once 100 blocks deep (consensus). */
const coinbaseMaturity = 100
/** Esplora's confirmation targets. */
const feeTargets = [...Array.from({ length: 25 }, (_, index) => index + 1), 144, 504, 1008]
/**
 * The fee rate answered when the node has no estimate (regtest rarely has one): twice bcoin's
 * minimum relay fee, so a wallet whose size estimate is a few bytes short still clears it.
 */
const fallbackFeeRate = 2
/** `fund` pays this rate (sat/kvB, bcoin's unit). */
const fundFeeRate = 2000

/**
 * Starts an in-process bcoin regtest full node (memory database, transaction and address
 * indexes, no P2P and no bcoin HTTP) and wraps it in Esplora's data model.
 */
export async function createRegtestChain(
  parameters: CreateRegtestChainParameters,
): Promise<RegtestChain> {
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    indexTX: true,
    indexAddress: true,
    listen: false,
    workers: false,
    logLevel: 'none',
    // Wallets signal replaceability (sequence < 0xfffffffe) by default; bcoin refuses that unless on.
    replaceByFee: true,
  })
  // The API is served by the devnet itself; bcoin's own HTTP server would take a fixed port.
  const http = (
    node as unknown as { http: { open: () => Promise<void>; close: () => Promise<void> } }
  ).http
  http.open = async () => {}
  http.close = async () => {}
  // bcoin predates taproot and, by policy, refuses witness-v1 spends as "upgradable". Those are
  // verified by `verifyTaprootKeySpends` before they reach the mempool, so the policy is lifted on
  // this node only.
  const { mempool } = node
  const verifyInputs = mempool.verifyInputs.bind(mempool)
  const discourageUpgradable = bcoin.Script.flags.VERIFY_DISCOURAGE_UPGRADABLE_WITNESS_PROGRAM
  mempool.verifyInputs = (tx, view, flags) => verifyInputs(tx, view, flags & ~discourageUpgradable)
  await node.open()

  const miner = bcoin.KeyRing.fromPrivate(Buffer.from(parameters.minerPrivateKey, 'hex'), true)
  miner.witness = true
  const minerAddress = miner.getAddress()
  const genesis = await node.chain.getEntry(0)

  // Mining, funding and broadcasting one at a time: two funds must not pick the same coins.
  let queue: Promise<unknown> = Promise.resolve()
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task)
    queue = result.catch(() => {})
    return result
  }

  function statusOf(meta: BcoinTXMeta): EsploraStatus {
    if (meta.height === -1 || !meta.block) return { confirmed: false }
    return {
      confirmed: true,
      block_height: meta.height,
      block_hash: bcoin.util.revHex(meta.block),
      block_time: meta.time,
    }
  }

  async function toEsplora(meta: BcoinTXMeta): Promise<EsploraTransaction> {
    const { tx } = meta
    const coinbase = tx.isCoinbase()
    const view = coinbase ? undefined : await node.getMetaView(meta)
    return {
      txid: tx.txid(),
      version: tx.version,
      locktime: tx.locktime,
      vin: tx.inputs.map((input) => {
        const prevout = view?.getOutputFor(input)
        return {
          txid: input.prevout.txid(),
          vout: input.prevout.index,
          prevout: prevout ? outputJson(prevout) : null,
          scriptsig: input.script.toRaw().toString('hex'),
          witness: input.witness.items.map((item) => item.toString('hex')),
          is_coinbase: coinbase,
          sequence: input.sequence,
        }
      }),
      vout: tx.outputs.map(outputJson),
      size: tx.getSize(),
      weight: tx.getWeight(),
      fee: view ? tx.getFee(view) : 0,
      status: statusOf(meta),
    }
  }

  /** The address's transactions, newest first (mempool by arrival, then by block and position). */
  async function history(address: string): Promise<EsploraTransaction[]> {
    const { script, indexed } = parseAddress(address)
    if (!indexed) return []
    const metas = await node.getMetaByAddress([indexed])
    metas.sort((a, b) => {
      const aPending = a.height === -1
      const bPending = b.height === -1
      if (aPending !== bPending) return aPending ? -1 : 1
      if (aPending) return b.mtime - a.mtime
      return b.height - a.height || b.index - a.index
    })
    const transactions = await Promise.all(metas.map(toEsplora))
    // bcoin indexes by hash alone (P2PKH and P2WPKH of one key share it): keep the exact script.
    return transactions.filter(
      (tx) =>
        tx.vout.some((output) => output.scriptpubkey === script) ||
        tx.vin.some((input) => input.prevout?.scriptpubkey === script),
    )
  }

  async function findMeta(txid: string): Promise<BcoinTXMeta | undefined> {
    if (!/^[0-9a-fA-F]{64}$/.test(txid))
      throw new EsploraRequestError({ status: 400, message: 'Invalid hex string' })
    return (await node.getMeta(bcoin.util.revHex(txid.toLowerCase()))) ?? undefined
  }

  async function spendableMinerCoins(): Promise<BcoinCoin[]> {
    const nextHeight = node.chain.height + 1
    const coins = await node.getCoinsByAddress([minerAddress])
    return coins.filter(
      (coin) =>
        !coin.coinbase || (coin.height >= 0 && nextHeight - coin.height >= coinbaseMaturity),
    )
  }

  async function broadcast(hex: string): Promise<string> {
    const text = hex.trim()
    let tx: ReturnType<typeof bcoin.TX.fromRaw>
    try {
      if (!/^([0-9a-fA-F]{2})+$/.test(text)) throw new Error('not hex')
      tx = bcoin.TX.fromRaw(Buffer.from(text, 'hex'))
    } catch {
      throw new BitcoinTransactionRejectedError({ code: -22, reason: 'TX decode failed' })
    }
    const hash = tx.hash('hex')
    // Sending a transaction the node already has is not an error (Bitcoin Core answers its txid).
    if (mempool.hasEntry(hash)) return tx.txid()
    if (await node.chain.hasCoins(tx))
      throw new BitcoinTransactionRejectedError({
        code: -27,
        reason: 'Transaction already in block chain',
      })
    if (!tx.isCoinbase()) {
      const coins = await Promise.all(
        tx.inputs.map(({ prevout }) => node.getCoin(prevout.hash, prevout.index)),
      )
      // With a missing input there is nothing to check: bcoin refuses the transaction below.
      if (coins.every((coin) => coin !== null))
        verifyTaprootKeySpends({
          raw: tx.toRaw(),
          prevouts: coins.map((coin) => ({
            script: coin!.script.toRaw(),
            value: BigInt(coin!.value),
          })),
        })
    }
    let missing: string[] | null
    try {
      missing = await mempool.addTX(tx)
    } catch (error) {
      if (isVerifyError(error))
        throw new BitcoinTransactionRejectedError({ code: -26, reason: error.reason })
      throw error
    }
    if (missing) {
      // bcoin keeps it as an orphan, waiting for its parents; Bitcoin Core refuses it: so do we.
      mempool.removeOrphan(hash)
      throw new BitcoinTransactionRejectedError({
        code: -25,
        reason: 'bad-txns-inputs-missingorspent',
      })
    }
    return tx.txid()
  }

  async function mine(blocks: number): Promise<number> {
    for (let count = 0; count < blocks; count++) {
      const block = await node.miner.mineBlock(null, minerAddress)
      await node.chain.add(block)
    }
    return node.chain.height
  }

  async function fund(outputs: readonly { address: string; sats: number }[]): Promise<string> {
    const mtx = new bcoin.MTX()
    for (const { address, sats } of outputs)
      mtx.addOutput(bcoin.Script.fromRaw(Buffer.from(parseAddress(address).script, 'hex')), sats)
    try {
      await mtx.fund(await spendableMinerCoins(), {
        changeAddress: minerAddress,
        rate: fundFeeRate,
      })
    } catch (error) {
      throw new BitcoinTransactionRejectedError({
        code: -26,
        reason: `the miner cannot fund it: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
    mtx.sign(miner)
    return broadcast(mtx.toTX().toRaw().toString('hex'))
  }

  return {
    genesisHash: genesis!.rhash(),
    tipHeight: () => node.chain.height,
    tipHash: () => node.chain.tip.rhash(),
    async blockHash(height) {
      const entry = await node.chain.getEntry(height)
      return entry?.rhash()
    },
    async address(address) {
      const { script } = parseAddress(address)
      const chain = emptyStats()
      const pending = emptyStats()
      for (const tx of await history(address)) {
        const stats = tx.status.confirmed ? chain : pending
        stats.tx_count++
        for (const output of tx.vout) {
          if (output.scriptpubkey !== script) continue
          stats.funded_txo_count++
          stats.funded_txo_sum += output.value
        }
        for (const input of tx.vin) {
          if (input.prevout?.scriptpubkey !== script) continue
          stats.spent_txo_count++
          stats.spent_txo_sum += input.prevout.value
        }
      }
      return { address, chain_stats: chain, mempool_stats: pending }
    },
    async utxos(address) {
      const { script, indexed } = parseAddress(address)
      if (!indexed) return []
      const coins = await node.getCoinsByAddress([indexed])
      const utxos: EsploraUtxo[] = []
      for (const coin of coins) {
        if (coin.script.toRaw().toString('hex') !== script) continue
        const entry = coin.height === -1 ? null : await node.chain.getEntry(coin.height)
        utxos.push({
          txid: bcoin.util.revHex(coin.hash),
          vout: coin.index,
          value: coin.value,
          status: entry
            ? {
                confirmed: true,
                block_height: entry.height,
                block_hash: entry.rhash(),
                block_time: entry.time,
              }
            : { confirmed: false },
        })
      }
      return utxos
    },
    async transactions(address, options = {}) {
      const { page = 'all', lastSeen } = options
      const all = await history(address)
      const pending = all.filter((tx) => !tx.status.confirmed)
      let confirmed = all.filter((tx) => tx.status.confirmed)
      if (page === 'mempool') return pending.slice(0, esploraMempoolPageSize)
      if (lastSeen !== undefined) {
        const position = confirmed.findIndex((tx) => tx.txid === lastSeen.toLowerCase())
        if (position === -1)
          throw new EsploraRequestError({
            status: 400,
            message: `${lastSeen} is not a confirmed transaction of ${address}`,
          })
        confirmed = confirmed.slice(position + 1)
      }
      const chainPage = confirmed.slice(0, esploraChainPageSize)
      return page === 'chain'
        ? chainPage
        : [...pending.slice(0, esploraMempoolPageSize), ...chainPage]
    },
    async transaction(txid) {
      const meta = await findMeta(txid)
      return meta ? toEsplora(meta) : undefined
    },
    async transactionHex(txid) {
      const meta = await findMeta(txid)
      return meta?.tx.toRaw().toString('hex')
    },
    broadcast: (hex) => serialized(() => broadcast(hex)),
    mine: (blocks) => serialized(() => mine(blocks)),
    fund: (outputs) => serialized(() => fund(outputs)),
    feeEstimates() {
      return Object.fromEntries(
        feeTargets.map((target) => {
          let estimate = 0
          try {
            // sat/kvB, 0 without data; targets past its window (25 blocks) throw.
            estimate = node.fees.estimateFee(target, true) / 1000
          } catch {}
          return [String(target), Math.max(estimate, fallbackFeeRate)]
        }),
      )
    },
    close: () => serialized(() => node.close()),
  }
}

/**
 * The output script of a regtest address (hex) and the bcoin address its index uses, or a 400
 * naming the address. Mainnet and testnet addresses are refused: their prefixes differ.
 */
function parseAddress(address: string): { script: string; indexed: BcoinAddress | null } {
  let script: Uint8Array
  try {
    script = OutScript.encode(Address(regtestNetwork).decode(address))
  } catch {
    throw new EsploraRequestError({
      status: 400,
      message: `Invalid Bitcoin address: "${address}" is not a regtest address (bcrt1…, or base58 starting with m, n or 2)`,
    })
  }
  const raw = Buffer.from(script)
  return { script: raw.toString('hex'), indexed: bcoin.Script.fromRaw(raw).getAddress() }
}

function outputJson(output: BcoinOutput): EsploraOutput {
  const raw = output.script.toRaw()
  const { type, address } = describeScript(raw)
  return {
    scriptpubkey: raw.toString('hex'),
    scriptpubkey_type: type,
    ...(address ? { scriptpubkey_address: address } : {}),
    value: output.value,
  }
}

const esploraTypes: Record<string, string> = {
  pk: 'p2pk',
  pkh: 'p2pkh',
  sh: 'p2sh',
  wpkh: 'v0_p2wpkh',
  wsh: 'v0_p2wsh',
  tr: 'v1_p2tr',
  ms: 'multisig',
}

function describeScript(script: Uint8Array): { type: string; address?: string | undefined } {
  if (script[0] === 0x6a) return { type: 'op_return' }
  try {
    const decoded = OutScript.decode(script)
    const type = esploraTypes[decoded.type] ?? 'unknown'
    let address: string | undefined
    try {
      address = Address(regtestNetwork).encode(decoded)
    } catch {
      address = undefined
    }
    return { type, address }
  } catch {
    return { type: 'unknown' }
  }
}

function emptyStats(): EsploraStats {
  return {
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  }
}
