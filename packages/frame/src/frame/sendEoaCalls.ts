import {
  concat,
  type Hex,
  hexToBigInt,
  isAddressEqual,
  type LocalAccount,
  numberToHex,
  type PublicClient,
  size,
  slice,
  type TransactionReceipt,
  toHex,
} from 'viem'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError } from './handleRpcRequest.ts'

/** One call of an EIP-5792 batch, already checked (0x target, hex data and value). */
export type EoaCall = { to: Hex; value: bigint; data: Hex }

export type SendEoaCallsParameters = {
  chainId: number
  calls: readonly EoaCall[]
}

/** EIP-5792 capabilities of the EOA on a chain: batches, but never atomically. */
export const eoaCapabilities = { atomic: { status: 'unsupported' } } as const

/** First byte of an EOA batch id: tells it from a smart account's (64 bytes, no marker). */
const eoaBatchMarker = '0xe0'

/**
 * EIP-5792 `wallet_sendCalls` from the visitor's EOA, which cannot make calls atomic: ONE card
 * lists every call of the batch (Confirm once), then each call is its own transaction, signed and
 * sent in order, each after the previous one's receipt (a later call may depend on an earlier one,
 * e.g. approve then transferFrom, and its gas is estimated on the state after it). A call that
 * reverts, or cannot be sent, stops the batch: the calls after it are never sent, and
 * `wallet_getCallsStatus` reports the partial result (600) or the failure (500).
 *
 * Answers the batch id: the chain, the number of calls and each sent transaction's hash, so the
 * status can be read from the chain alone (after a reload too).
 */
export async function sendEoaCalls(
  context: RpcContext,
  { chainId, calls }: SendEoaCallsParameters,
): Promise<Hex> {
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)
  await context.approve({
    kind: 'evmCalls',
    origin: context.origin,
    chainId,
    from: owner,
    owner,
    calls: calls.map((call) => ({
      to: call.to,
      ...(call.data !== '0x' ? { data: call.data } : {}),
      ...(call.value ? { value: call.value } : {}),
    })),
    deploysAccount: false,
    sequential: true,
  })
  const client = context.getPublicClient(chainId)
  const hashes: Hex[] = []
  const failure = await context
    .withSigner(async ({ eip155 }) => {
      if (!isAddressEqual(eip155.address, owner))
        throw new RpcError('The address is not the connected account', 4100)
      for (const call of calls) {
        const hash = await sendOne(client, eip155, chainId, call)
        hashes.push(hash)
        const receipt = await client.waitForTransactionReceipt({ hash })
        if (receipt.status !== 'success') return undefined
      }
      return undefined
    })
    .catch((error: unknown) => error)
  // Nothing went out: the app gets the error, as for eth_sendTransaction.
  if (hashes.length === 0) throw failure ?? new RpcError('Something went wrong', -32603)
  return toEoaCallsId({ chainId, count: calls.length, hashes })
}

async function sendOne(
  client: PublicClient,
  account: LocalAccount,
  chainId: number,
  call: EoaCall,
): Promise<Hex> {
  const request = await client.prepareTransactionRequest({
    account,
    chain: null,
    to: call.to,
    ...(call.data !== '0x' ? { data: call.data } : {}),
    ...(call.value ? { value: call.value } : {}),
  })
  const serialized = await account.signTransaction({ ...request, chainId } as never)
  return client.sendRawTransaction({ serializedTransaction: serialized })
}

export type EoaCallsBatch = { chainId: number; count: number; hashes: Hex[] }

/** `0xe0`, the number of calls (1 byte), the chain id (32 bytes), then each transaction hash. */
export function toEoaCallsId({ chainId, count, hashes }: EoaCallsBatch): Hex {
  return concat([
    eoaBatchMarker,
    numberToHex(count, { size: 1 }),
    numberToHex(chainId, { size: 32 }),
    ...hashes,
  ])
}

/** The batch an EOA batch id names, or undefined when it is not one. */
export function fromEoaCallsId(id: unknown): EoaCallsBatch | undefined {
  if (typeof id !== 'string' || !/^0xe0(?:[0-9a-fA-F]{2})+$/.test(id)) return undefined
  const bytes = size(id as Hex)
  if (bytes < 34 + 32 || (bytes - 34) % 32 !== 0) return undefined
  const count = Number(hexToBigInt(slice(id as Hex, 1, 2)))
  const chainId = hexToBigInt(slice(id as Hex, 2, 34))
  const hashes = Array.from({ length: (bytes - 34) / 32 }, (_, index) =>
    slice(id as Hex, 34 + index * 32, 66 + index * 32),
  )
  if (count < hashes.length || chainId < 1n || chainId > BigInt(Number.MAX_SAFE_INTEGER))
    return undefined
  return { chainId: Number(chainId), count, hashes }
}

/**
 * EIP-5792 `wallet_getCallsStatus` of an EOA batch: 100 until every sent transaction has a
 * receipt; then 200 when every call was sent and succeeded, 500 when none changed anything (the
 * first reverted), 600 when some did (a later call reverted, or was never sent). `atomic: false`.
 */
export async function getEoaCallsStatus(context: RpcContext, id: Hex, batch: EoaCallsBatch) {
  const client = context.getPublicClient(batch.chainId)
  const receipts = await Promise.all(
    batch.hashes.map((hash) =>
      client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if ((error as Error).name === 'TransactionReceiptNotFoundError') return undefined
        throw error
      }),
    ),
  )
  const common = { version: '2.0.0', id, chainId: toHex(batch.chainId), atomic: false }
  if (receipts.some((receipt) => receipt === undefined)) return { ...common, status: 100 }
  const included = receipts as TransactionReceipt[]
  const succeeded = included.filter((receipt) => receipt.status === 'success').length
  const status = succeeded === batch.count ? 200 : succeeded === 0 ? 500 : 600
  return { ...common, status, receipts: included.map(toCallsReceipt) }
}

function toCallsReceipt(receipt: TransactionReceipt) {
  return {
    logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: toHex(receipt.blockNumber),
    gasUsed: toHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}
