import { type Insertable, type Kysely, sql } from 'kysely'
import type { Logger } from 'pino'
import { type Address, type Block, erc20Abi, type Hash, type Hex, numberToHex } from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'

/** keccak256('Transfer(address,address,uint256)') */
const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

type RpcLog = {
  address: Address
  topics: Hex[]
  data: Hex
  transactionHash: Hash
  logIndex: Hex
  blockNumber: Hex
}
type RpcReceipt = { transactionHash: Hash; status: Hex }
type InternalOperation = { type: number; from: Address; to: Address; value: Hex }

export type CreateIndexerParameters = {
  db: Kysely<Database>
  chains: readonly ChainRuntime[]
  logger: Logger
  /** How often to look for new blocks. */
  pollIntervalMs?: number
  /** Blocks read per step. */
  batchBlocks?: number
}

export type Indexer = {
  /** Starts following every chain whose config enables indexing. */
  start: () => void
  /** Indexes every enabled chain up to its current head; resolves when done. */
  sync: () => Promise<void>
  stop: () => Promise<void>
  /**
   * Where this process last found the chain indexed up to (`next block:hash of the block before`),
   * or undefined before its first sync: history answers are cached under it, so a new block (or a
   * re-indexed chain) is answered afresh. The same state means the same rows in every process.
   */
  indexedState: (chainId: number) => string | undefined
}

/**
 * Follows each chain's blocks into the database: transactions, native value moves (including
 * internal ones where the node answers `ots_getInternalOperations`) and ERC-20 Transfer logs, with
 * an activity row for every account involved. Writes are idempotent, so several server processes
 * may follow the same chain.
 */
export function createIndexer(parameters: CreateIndexerParameters): Indexer {
  const { db, logger, pollIntervalMs = 1_000, batchBlocks = 50 } = parameters
  const chains = parameters.chains.filter((chain) => chain.config.indexer?.enabled)
  const running = new Map<number, Promise<void>>()
  const otsSupport = new Map<number, Promise<boolean>>()
  const indexed = new Map<number, string>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  function syncChain(chain: ChainRuntime): Promise<void> {
    // One sync per chain at a time; callers arriving meanwhile wait for a fresh run.
    const previous = running.get(chain.config.chainId) ?? Promise.resolve()
    const next = previous.catch(() => {}).then(() => runChain(chain))
    running.set(chain.config.chainId, next)
    return next
  }

  async function runChain(chain: ChainRuntime): Promise<void> {
    const { chainId } = chain.config
    const head = await chain.client.getBlockNumber({ cacheTime: 0 })
    const cursor = await readCursor(chain, head)
    let next = cursor.next
    let indexedHash = cursor.lastHash
    while (next <= head && !stopped) {
      const to = next + BigInt(batchBlocks) - 1n < head ? next + BigInt(batchBlocks) - 1n : head
      const lastHash = await indexRange(chain, next, to)
      indexedHash = lastHash
      next = to + 1n
      await db
        .insertInto('chain_cursors')
        .values({ chain_id: chainId, next_block: next.toString(), last_hash: lastHash })
        .onConflict((oc) =>
          oc.column('chain_id').doUpdateSet({
            next_block: sql`greatest(chain_cursors.next_block, excluded.next_block)`,
            last_hash: sql`case when excluded.next_block >= chain_cursors.next_block then excluded.last_hash else chain_cursors.last_hash end`,
          }),
        )
        .execute()
    }
    indexed.set(chainId, `${next}:${indexedHash ?? ''}`)
  }

  async function readCursor(
    chain: ChainRuntime,
    head: bigint,
  ): Promise<{ next: bigint; lastHash: string | null }> {
    const { chainId } = chain.config
    const start = chain.config.indexer?.startBlock ?? 0n
    const row = await db
      .selectFrom('chain_cursors')
      .select(['next_block', 'last_hash'])
      .where('chain_id', '=', chainId)
      .executeTakeFirst()
    const fresh = { next: start === 'latest' ? head : start, lastHash: null }
    if (!row) return fresh
    const next = BigInt(row.next_block)
    if (next === 0n || row.last_hash === null) return { next, lastHash: row.last_hash }
    // A development chain restarted from scratch (or a reorg deeper than we follow) no longer has
    // the block indexed last: forget that chain's history and index it again.
    const last =
      next - 1n <= head
        ? await chain.client.getBlock({ blockNumber: next - 1n }).catch(() => undefined)
        : undefined
    if (last?.hash?.toLowerCase() === row.last_hash) return { next, lastHash: row.last_hash }
    logger.warn(
      { chainId, indexedUpTo: String(next - 1n), head: String(head) },
      'chain changed under the indexer; re-indexing it',
    )
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('account_activity').where('chain_id', '=', chainId).execute()
      await trx.deleteFrom('chain_transfers').where('chain_id', '=', chainId).execute()
      await trx.deleteFrom('nft_tokens').where('chain_id', '=', chainId).execute()
      await trx.deleteFrom('chain_transactions').where('chain_id', '=', chainId).execute()
      await trx.deleteFrom('chain_cursors').where('chain_id', '=', chainId).execute()
    })
    return fresh
  }

  function supportsOts(chain: ChainRuntime): Promise<boolean> {
    let support = otsSupport.get(chain.config.chainId)
    if (!support) {
      support = chain.client
        .request({ method: 'ots_getApiLevel' as 'eth_chainId' })
        .then(() => true)
        .catch(() => false)
      otsSupport.set(chain.config.chainId, support)
    }
    return support
  }

  /** Indexes blocks `from`..`to` and returns the hash of block `to`. */
  async function indexRange(chain: ChainRuntime, from: bigint, to: bigint): Promise<string> {
    const { client, config } = chain
    const chainId = config.chainId
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const [blocks, logs, ots] = await Promise.all([
      Promise.all(
        numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
      ),
      client.request({
        method: 'eth_getLogs',
        params: [
          { fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [transferTopic] },
        ],
      }) as Promise<RpcLog[]>,
      supportsOts(chain),
    ])
    const lastHash = blocks[blocks.length - 1]!.hash!.toLowerCase()
    await recordNftTransfers(chainId, logs)
    const withTransactions = blocks.filter((block) => block.transactions.length > 0)
    if (withTransactions.length === 0) return lastHash

    const receipts = new Map<string, RpcReceipt>()
    for (const blockReceipts of await Promise.all(
      withTransactions.map((block) => readReceipts(chain, block)),
    )) {
      for (const receipt of blockReceipts)
        receipts.set(receipt.transactionHash.toLowerCase(), receipt)
    }

    const transactions: Insertable<Database['chain_transactions']>[] = []
    const transfers: {
      hash: string
      position: number
      token: string | null
      from: string
      to: string
      amount: bigint
    }[] = []
    const internalRequests: Promise<void>[] = []
    for (const block of withTransactions) {
      for (const tx of block.transactions) {
        if (typeof tx === 'string') continue
        const hash = tx.hash.toLowerCase()
        const succeeded = receipts.get(hash)?.status !== '0x0'
        transactions.push({
          chain_id: chainId,
          hash,
          block_number: block.number!.toString(),
          tx_index: tx.transactionIndex ?? 0,
          timestamp: block.timestamp.toString(),
          from_address: tx.from.toLowerCase(),
          to_address: tx.to?.toLowerCase() ?? null,
          nonce: tx.nonce,
          status: succeeded ? 'confirmed' : 'failed',
        })
        if (!succeeded) continue
        if (tx.value > 0n && tx.to) {
          transfers.push({
            hash,
            position: -1,
            token: null,
            from: tx.from,
            to: tx.to,
            amount: tx.value,
          })
        }
        if (ots && tx.to) {
          internalRequests.push(
            (
              client.request({
                method: 'ots_getInternalOperations' as 'eth_chainId',
                params: [tx.hash] as never,
              }) as unknown as Promise<InternalOperation[]>
            ).then((operations) => {
              // The node reports the call's own value move too; it is already recorded above.
              const own = operations.findIndex(
                (op) =>
                  op.type === 0 &&
                  op.from.toLowerCase() === tx.from.toLowerCase() &&
                  op.to.toLowerCase() === tx.to!.toLowerCase() &&
                  BigInt(op.value) === tx.value,
              )
              operations
                .filter((op, index) => index !== own && op.type === 0 && BigInt(op.value) > 0n)
                .forEach((op, index) => {
                  transfers.push({
                    hash,
                    position: -2 - index,
                    token: null,
                    from: op.from,
                    to: op.to,
                    amount: BigInt(op.value),
                  })
                })
            }),
          )
        }
      }
    }
    await Promise.all(internalRequests)
    for (const log of logs) {
      // ERC-721 Transfer shares the signature but indexes the token id (4 topics, no data).
      if (log.topics.length !== 3 || log.data.length !== 66) continue
      transfers.push({
        hash: log.transactionHash.toLowerCase(),
        position: Number(BigInt(log.logIndex)),
        token: log.address.toLowerCase(),
        from: `0x${log.topics[1]!.slice(26)}`,
        to: `0x${log.topics[2]!.slice(26)}`,
        amount: BigInt(log.data),
      })
    }

    const byHash = new Map(transactions.map((tx) => [tx.hash, tx]))
    const activity = new Map<string, Insertable<Database['account_activity']>>()
    const addActivity = (account: string | null, hash: string) => {
      const tx = byHash.get(hash)
      if (!account || !tx) return
      const key = `${account.toLowerCase()}:${hash}`
      activity.set(key, {
        chain_id: chainId,
        account: account.toLowerCase(),
        hash,
        timestamp: tx.timestamp,
        block_number: tx.block_number,
        tx_index: tx.tx_index,
      })
    }
    for (const tx of transactions) {
      addActivity(tx.from_address, tx.hash)
      addActivity(tx.to_address ?? null, tx.hash)
    }
    for (const transfer of transfers) {
      addActivity(transfer.from, transfer.hash)
      addActivity(transfer.to, transfer.hash)
    }

    await rememberTokens(chain, [...new Set(transfers.flatMap((t) => (t.token ? [t.token] : [])))])
    await db.transaction().execute(async (trx) => {
      for (const chunk of chunks(transactions, 500)) {
        await trx
          .insertInto('chain_transactions')
          .values(chunk)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
      const transferRows = transfers.map((t) => ({
        chain_id: chainId,
        hash: t.hash,
        position: t.position,
        token_address: t.token,
        from_address: t.from.toLowerCase(),
        to_address: t.to.toLowerCase(),
        amount: t.amount.toString(),
      }))
      for (const chunk of chunks(transferRows, 500)) {
        await trx
          .insertInto('chain_transfers')
          .values(chunk)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
      for (const chunk of chunks([...activity.values()], 500)) {
        await trx
          .insertInto('account_activity')
          .values(chunk)
          .onConflict((oc) => oc.doNothing())
          .execute()
      }
    })
    return lastHash
  }

  /**
   * ERC-721 Transfer logs (token id indexed: 4 topics) set the token's owner. A transfer older
   * than the one recorded never overwrites it, so re-indexing and parallel indexers agree.
   */
  async function recordNftTransfers(chainId: number, logs: readonly RpcLog[]): Promise<void> {
    const latest = new Map<string, Insertable<Database['nft_tokens']>>()
    for (const log of logs) {
      if (log.topics.length !== 4) continue
      const row = {
        chain_id: chainId,
        contract: log.address.toLowerCase(),
        token_id: BigInt(log.topics[3]!).toString(),
        owner: `0x${log.topics[2]!.slice(26)}`.toLowerCase(),
        block_number: BigInt(log.blockNumber).toString(),
        log_index: Number(BigInt(log.logIndex)),
      }
      // Logs arrive in chain order; within one batch the last transfer of a token wins.
      latest.set(`${row.contract}:${row.token_id}`, row)
    }
    for (const chunk of chunks([...latest.values()], 500)) {
      await db
        .insertInto('nft_tokens')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['chain_id', 'contract', 'token_id'])
            .doUpdateSet((eb) => ({
              owner: eb.ref('excluded.owner'),
              block_number: eb.ref('excluded.block_number'),
              log_index: eb.ref('excluded.log_index'),
            }))
            .where(
              sql<boolean>`(nft_tokens.block_number, nft_tokens.log_index) < (excluded.block_number, excluded.log_index)`,
            ),
        )
        .execute()
    }
  }

  async function readReceipts(chain: ChainRuntime, block: Block): Promise<RpcReceipt[]> {
    try {
      return (await chain.client.request({
        method: 'eth_getBlockReceipts' as 'eth_chainId',
        params: [numberToHex(block.number!)] as never,
      })) as unknown as RpcReceipt[]
    } catch {
      // Nodes without eth_getBlockReceipts: one receipt per transaction (batched by the transport).
      return Promise.all(
        block.transactions.map(async (tx) => {
          const receipt = await chain.client.getTransactionReceipt({
            hash: typeof tx === 'string' ? tx : tx.hash,
          })
          return {
            transactionHash: receipt.transactionHash,
            status: receipt.status === 'success' ? '0x1' : '0x0',
          } as RpcReceipt
        }),
      )
    }
  }

  async function rememberTokens(chain: ChainRuntime, tokens: string[]): Promise<void> {
    if (tokens.length === 0) return
    const chainId = chain.config.chainId
    const known = await db
      .selectFrom('chain_tokens')
      .select('address')
      .where('chain_id', '=', chainId)
      .where('address', 'in', tokens)
      .execute()
    const knownSet = new Set(known.map((row) => row.address))
    const unknown = tokens.filter((token) => !knownSet.has(token))
    if (unknown.length === 0) return
    const rows = await Promise.all(
      unknown.map(async (token) => {
        const read = <T>(functionName: 'name' | 'symbol' | 'decimals') =>
          chain.client
            .readContract({ address: token as Address, abi: erc20Abi, functionName })
            .then((value) => value as T)
            .catch(() => null)
        const [name, symbol, decimals] = await Promise.all([
          read<string>('name'),
          read<string>('symbol'),
          read<number>('decimals'),
        ])
        return { chain_id: chainId, address: token, name, symbol, decimals }
      }),
    )
    await db
      .insertInto('chain_tokens')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute()
  }

  async function syncAll(): Promise<void> {
    await Promise.all(chains.map((chain) => syncChain(chain)))
  }

  async function seedTokens(): Promise<void> {
    const rows = chains.flatMap((chain) =>
      chain.config.tokens.map((token) => ({
        chain_id: chain.config.chainId,
        address: token.address.toLowerCase(),
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
      })),
    )
    for (const chunk of chunks(rows, 500)) {
      await db
        .insertInto('chain_tokens')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['chain_id', 'address']).doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            symbol: eb.ref('excluded.symbol'),
            decimals: eb.ref('excluded.decimals'),
          })),
        )
        .execute()
    }
  }
  const seeded = seedTokens().catch((error) =>
    logger.warn({ err: error }, 'seeding token metadata failed'),
  )

  return {
    indexedState: (chainId) => indexed.get(chainId),
    start() {
      if (timer || chains.length === 0) return
      const tick = async () => {
        try {
          await seeded
          await syncAll()
        } catch (error) {
          logger.warn({ err: error }, 'indexer step failed; retrying')
        }
        if (!stopped) timer = setTimeout(tick, pollIntervalMs)
      }
      timer = setTimeout(tick, 0)
    },
    async sync() {
      await seeded
      await syncAll()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await Promise.allSettled([...running.values(), seeded])
    },
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size))
  return result
}
