import type { HistoryTransaction, HistoryTransfer } from '@foyer/protocol'
import { type Kysely, sql } from 'kysely'
import { formatUnits, getAddress } from 'viem'
import type { ChainConfig } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { InvalidInputError } from '../errors.ts'

export const historyPageSize = 20

type Position = [timestamp: string, chainId: number, blockNumber: string, txIndex: number]

export function encodeHistoryCursor(position: Position): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

export function decodeHistoryCursor(cursor: string): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown
    if (
      Array.isArray(value) &&
      value.length === 4 &&
      /^\d{1,20}$/.test(String(value[0])) &&
      Number.isInteger(value[1]) &&
      /^\d{1,20}$/.test(String(value[2])) &&
      Number.isInteger(value[3])
    ) {
      return [String(value[0]), value[1] as number, String(value[2]), value[3] as number]
    }
  } catch {}
  throw new InvalidInputError('cursor: cursor is not a cursor this server issued', 'cursor')
}

export type QueryHistoryParameters = {
  db: Kysely<Database>
  account: string
  chains: readonly ChainConfig[]
  cursor?: string | undefined
  limit?: number
  tokenIconUrl: (symbol: string) => string
}

/** The account's transactions, newest first, `limit` per page, with the cursor of the next page. */
export async function queryHistory(
  parameters: QueryHistoryParameters,
): Promise<{ data: HistoryTransaction[]; next: string | null }> {
  const { db, chains, tokenIconUrl, limit = historyPageSize } = parameters
  const account = parameters.account.toLowerCase()
  if (chains.length === 0) return { data: [], next: null }
  const chainIds = chains.map((chain) => chain.chainId)

  let query = db
    .selectFrom('account_activity')
    .select(['chain_id', 'hash', 'timestamp', 'block_number', 'tx_index'])
    .where('account', '=', account)
    .where('chain_id', 'in', chainIds)
  if (parameters.cursor) {
    const [timestamp, chainId, blockNumber, txIndex] = decodeHistoryCursor(parameters.cursor)
    query = query.where(
      sql<boolean>`(timestamp, chain_id, block_number, tx_index) < (${timestamp}::bigint, ${chainId}::integer, ${blockNumber}::bigint, ${txIndex}::integer)`,
    )
  }
  const rows = await query
    .orderBy('timestamp', 'desc')
    .orderBy('chain_id', 'desc')
    .orderBy('block_number', 'desc')
    .orderBy('tx_index', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  if (page.length === 0) return { data: [], next: null }

  const keys = page.map((row) => sql`(${row.chain_id}::integer, ${row.hash})`)
  const inPage = sql<boolean>`(chain_id, hash) in (${sql.join(keys)})`
  const [transactions, transfers] = await Promise.all([
    db.selectFrom('chain_transactions').selectAll().where(inPage).execute(),
    db
      .selectFrom('chain_transfers')
      .leftJoin('chain_tokens', (join) =>
        join
          .onRef('chain_tokens.chain_id', '=', 'chain_transfers.chain_id')
          .onRef('chain_tokens.address', '=', 'chain_transfers.token_address'),
      )
      .select([
        'chain_transfers.chain_id',
        'chain_transfers.hash',
        'chain_transfers.position',
        'chain_transfers.token_address',
        'chain_transfers.from_address',
        'chain_transfers.to_address',
        'chain_transfers.amount',
        'chain_tokens.name',
        'chain_tokens.symbol',
        'chain_tokens.decimals',
      ])
      .where(sql<boolean>`(chain_transfers.chain_id, chain_transfers.hash) in (${sql.join(keys)})`)
      .where((eb) =>
        eb.or([
          eb('chain_transfers.from_address', '=', account),
          eb('chain_transfers.to_address', '=', account),
        ]),
      )
      .orderBy('chain_transfers.position')
      .execute(),
  ])
  const chainById = new Map(chains.map((chain) => [chain.chainId, chain]))
  const txByKey = new Map(transactions.map((tx) => [`${tx.chain_id}:${tx.hash}`, tx]))

  const data: HistoryTransaction[] = page.flatMap((row) => {
    const tx = txByKey.get(`${row.chain_id}:${row.hash}`)
    const chain = chainById.get(row.chain_id)
    if (!tx || !chain) return []
    const caipChain = `eip155:${row.chain_id}`
    const txTransfers: HistoryTransfer[] = transfers
      .filter((t) => t.chain_id === row.chain_id && t.hash === row.hash)
      .map((t) => {
        const parties = { sender: getAddress(t.from_address), recipient: getAddress(t.to_address) }
        const direction =
          t.from_address === account && t.to_address === account
            ? 'self'
            : t.from_address === account
              ? 'out'
              : 'in'
        if (t.token_address === null) {
          return {
            fungible_info: {
              name: chain.nativeCurrency.name,
              symbol: chain.nativeCurrency.symbol,
              icon: { url: tokenIconUrl(chain.nativeCurrency.symbol) },
            },
            direction,
            quantity: {
              numeric: formatUnits(BigInt(t.amount), chain.nativeCurrency.decimals),
              decimals: String(chain.nativeCurrency.decimals),
            },
            ...parties,
          }
        }
        const decimals = t.decimals ?? 0
        const symbol = t.symbol ?? ''
        return {
          fungible_info: { name: t.name ?? '', symbol, icon: { url: tokenIconUrl(symbol) } },
          address: `${caipChain}:${getAddress(t.token_address)}`,
          direction,
          quantity: {
            numeric: formatUnits(BigInt(t.amount), decimals),
            decimals: String(decimals),
          },
          ...parties,
        }
      })
    const hasIn = txTransfers.some((t) => t.direction === 'in')
    const hasOut = txTransfers.some((t) => t.direction === 'out')
    const operationType =
      hasIn && hasOut ? 'trade' : hasOut ? 'send' : hasIn ? 'receive' : 'execute'
    return [
      {
        id: `${caipChain}:${tx.hash}`,
        metadata: {
          operationType,
          hash: tx.hash,
          minedAt: new Date(Number(tx.timestamp) * 1000).toISOString(),
          sentFrom: getAddress(tx.from_address),
          sentTo: tx.to_address ? getAddress(tx.to_address) : '',
          status: tx.status === 'failed' ? 'failed' : 'confirmed',
          nonce: tx.nonce,
          chain: caipChain,
          blockNumber: String(tx.block_number),
        },
        transfers: txTransfers,
      } satisfies HistoryTransaction,
    ]
  })

  const last = page[page.length - 1]!
  const next =
    rows.length > limit
      ? encodeHistoryCursor([
          String(last.timestamp),
          last.chain_id,
          String(last.block_number),
          last.tx_index,
        ])
      : null
  return { data, next }
}
