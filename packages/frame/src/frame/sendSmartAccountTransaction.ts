import { type Hex, isAddressEqual } from 'viem'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { handleRpcRequest, type RpcContext, RpcError } from './handleRpcRequest.ts'

export type SmartAccountTransaction = { from: Hex; to?: Hex; data?: Hex; value?: Hex }

/** The visitor's smart account on the context's chain when it is `address`, else undefined. */
export async function isOwnSmartAccount(context: RpcContext, address: unknown): Promise<boolean> {
  if (typeof address !== 'string' || !context.smartAccounts || !context.rpcUrls[context.chainId])
    return false
  const account = await context.smartAccounts.get(context.chainId).catch(() => undefined)
  return account !== undefined && isAddressEqual(account.address, address as Hex)
}

/** How often the operation's receipt is asked for while it is pending. */
const pollIntervalMs = 250

/**
 * `eth_sendTransaction` from the smart account (the app's active account, SPEC §6): a batch of
 * one call through `wallet_sendCalls`, so the same card and one user operation; answers the hash
 * of the transaction that included it, once the bundler reports its receipt (that is what the
 * app waits for with `eth_getTransactionReceipt`).
 */
export async function sendSmartAccountTransaction(
  context: RpcContext,
  transaction: SmartAccountTransaction,
  { timeoutMs = 120_000 }: { timeoutMs?: number } = {},
): Promise<Hex> {
  if (!transaction.to)
    throw new RpcError('Invalid params', -32602, {
      details: 'A smart account cannot deploy a contract with eth_sendTransaction',
    })
  const { id } = (await handleRpcRequest(context, {
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        from: transaction.from,
        atomicRequired: true,
        calls: [
          {
            to: transaction.to,
            ...(transaction.data ? { data: transaction.data } : {}),
            ...(transaction.value ? { value: transaction.value } : {}),
          },
        ],
      },
    ],
  })) as { id: Hex }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = (await handleRpcRequest(context, {
      method: 'wallet_getCallsStatus',
      params: [id],
    })) as { status: number; receipts?: { transactionHash: Hex }[] }
    const hash = status.receipts?.[0]?.transactionHash
    if (status.status !== 100 && hash) return hash
    if (Date.now() > deadline)
      throw new RpcError('The operation was sent but is not included yet', -32603, {
        details: `wallet_getCallsStatus ${id}`,
      })
    await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
  }
}
