import type { GetHistoryResponse, HistoryTransaction } from '@foyer/protocol'
import { formatUnits } from 'viem'
import { InvalidInputError } from '../errors.ts'
import { normalizeBitcoinAddress } from './bitcoinAddress.ts'
import { type EsploraTransaction, requestEsplora } from './requestEsplora.ts'
import type { BitcoinChainConfig } from './types.ts'

export type ReadBitcoinHistoryParameters = {
  /** The networks to read, in order; each must accept the address. */
  chains: readonly BitcoinChainConfig[]
  address: string
  /** `next` of the previous page. */
  cursor?: string | undefined
  tokenIconUrl: (symbol: string) => string
  /** The time a transaction still in the mempool is shown at (default: now). */
  now?: (() => Date) | undefined
  timeoutMs?: number | undefined
}
export type ReadBitcoinHistoryReturnType = GetHistoryResponse
export type ReadBitcoinHistoryErrorType = InvalidInputError

/** Esplora pages confirmed transactions 25 at a time. */
const esploraChainPageSize = 25
const btcDecimals = 8

/**
 * The address's transactions, newest first, from each network's Esplora API: the first page is
 * what `/address/:a/txs` answers (the mempool, then the newest 25 confirmed), the next ones follow
 * `/address/:a/txs/chain/:last_seen_txid`. With several networks, each is paged through in turn.
 * The cursor names the network and the last confirmed transaction seen.
 */
export async function readBitcoinHistory(
  parameters: ReadBitcoinHistoryParameters,
): Promise<ReadBitcoinHistoryReturnType> {
  const { chains, tokenIconUrl, now = () => new Date(), timeoutMs } = parameters
  const address = normalizeBitcoinAddress(parameters.address)
  if (chains.length === 0) return { data: [], next: null }
  let index = 0
  let lastSeen: string | undefined
  if (parameters.cursor) {
    const position = decodeBitcoinHistoryCursor(parameters.cursor)
    index = chains.findIndex((chain) => chain.caipNetworkId === position.caipNetworkId)
    if (index === -1) throw invalidCursor()
    lastSeen = position.lastSeen
  }
  const chain = chains[index]!
  const base = `/address/${encodeURIComponent(address)}/txs`
  const transactions = await requestEsplora<EsploraTransaction[]>({
    chain,
    path: lastSeen ? `${base}/chain/${lastSeen}` : base,
    timeoutMs,
  })
  const confirmed = transactions.filter((tx) => tx.status.confirmed)
  const following = chains[index + 1]
  const next =
    confirmed.length >= esploraChainPageSize
      ? encodeBitcoinHistoryCursor({
          caipNetworkId: chain.caipNetworkId,
          lastSeen: confirmed[confirmed.length - 1]!.txid,
        })
      : following
        ? encodeBitcoinHistoryCursor({ caipNetworkId: following.caipNetworkId })
        : null
  return {
    data: transactions.map((tx) => toHistoryTransaction({ tx, chain, address, tokenIconUrl, now })),
    next,
  }
}

type Position = { caipNetworkId: string; lastSeen?: string | undefined }

/** `<caip2>|<txid>`, base64url: the txid is empty at the start of a network. */
export function encodeBitcoinHistoryCursor(position: Position): string {
  return Buffer.from(`${position.caipNetworkId}|${position.lastSeen ?? ''}`).toString('base64url')
}

export function decodeBitcoinHistoryCursor(cursor: string): Position {
  const match = /^(bip122:[0-9a-f]{32})\|([0-9a-f]{64})?$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  )
  if (!match) throw invalidCursor()
  return { caipNetworkId: match[1]!, lastSeen: match[2] }
}

function invalidCursor(): InvalidInputError {
  return new InvalidInputError('cursor: cursor is not a cursor this server issued', 'cursor')
}

/**
 * One Esplora transaction as the history shows it for `address`: received (no input of the
 * address), sent (the value of the outputs to others, change and fee left out), or to itself.
 */
function toHistoryTransaction(parameters: {
  tx: EsploraTransaction
  chain: BitcoinChainConfig
  address: string
  tokenIconUrl: (symbol: string) => string
  now: () => Date
}): HistoryTransaction {
  const { tx, chain, address, tokenIconUrl, now } = parameters
  const owns = (output: { scriptpubkey_address?: string | undefined } | null | undefined) =>
    output?.scriptpubkey_address !== undefined &&
    normalizeBitcoinAddress(output.scriptpubkey_address) === address
  const spends = tx.vin.some((input) => owns(input.prevout))
  const received = tx.vout.filter(owns).reduce((sum, output) => sum + BigInt(output.value), 0n)
  const paid = tx.vout.filter((output) => !owns(output) && output.value > 0)
  const firstSender = tx.vin.find((input) => input.prevout?.scriptpubkey_address)?.prevout
    ?.scriptpubkey_address
  const firstPayee = paid.find((output) => output.scriptpubkey_address)?.scriptpubkey_address

  const direction = !spends ? 'in' : paid.length > 0 ? 'out' : 'self'
  const amount =
    direction === 'out' ? paid.reduce((sum, output) => sum + BigInt(output.value), 0n) : received
  const sender = direction === 'in' ? firstSender : address
  const recipient = direction === 'out' ? firstPayee : address
  const { confirmed, block_height: height, block_time: time } = tx.status
  return {
    id: `${chain.caipNetworkId}:${tx.txid}`,
    metadata: {
      operationType: direction === 'in' ? 'receive' : direction === 'out' ? 'send' : 'execute',
      hash: tx.txid,
      // A transaction in the mempool has no block time yet.
      minedAt: (confirmed && time !== undefined ? new Date(time * 1000) : now()).toISOString(),
      sentFrom: sender ?? '',
      sentTo: recipient ?? '',
      status: confirmed ? 'confirmed' : 'pending',
      // Bitcoin has no account nonces.
      nonce: 0,
      chain: chain.caipNetworkId,
      blockNumber: confirmed && height !== undefined ? String(height) : '',
    },
    transfers: [
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: tokenIconUrl('BTC') } },
        direction,
        quantity: { numeric: formatUnits(amount, btcDecimals), decimals: String(btcDecimals) },
        ...(sender ? { sender } : {}),
        ...(recipient ? { recipient } : {}),
      },
    ],
  }
}
