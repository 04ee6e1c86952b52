import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError, UserRejectedRequestError } from '../errors/connection.ts'
import { createNetworkClient } from '../send/publicClient.ts'
import type { PendingTransaction } from '../send/types.ts'
import { SwapFailedError } from '../swap/errors.ts'
import type { SwapQuote } from '../swap/types.ts'
import { formatUnits } from '../utils/format.ts'
import { addPendingTransaction } from './addPendingTransaction.ts'
import { toSwapError } from './getSwapTokens.ts'
import { sendTransaction } from './sendTransaction.ts'

export type SwapParameters = {
  quote: SwapQuote
  /** Called as the swap moves on: the approval is sent first when the allowance is short. */
  onStep?: ((step: 'approving' | 'swapping') => void) | undefined
}
export type SwapReturnType = PendingTransaction
export type SwapErrorType = NotConnectedError | UserRejectedRequestError | SwapFailedError

/**
 * Executes a quote from the connected wallet: an approval of exactly the amount when the allowance
 * is short (mined before the swap), then the swap with the quote's minimum at its slippage
 * tolerance. Resolves once the swap is mined; it shows in Activity as soon as it is sent. A swap
 * the router refuses (the price moved beyond the tolerance) rejects with `SwapFailedError` and
 * exchanges nothing.
 */
export async function swap(foyer: Foyer, parameters: SwapParameters): Promise<SwapReturnType> {
  const { quote, onStep } = parameters
  const state = foyer.getState()
  const address = state.account.address
  if (!address) throw new NotConnectedError()
  const network = state.activeNetwork
  const api = getApiClient(foyer)
  const userAddress = `${network.caipNetworkId}:${address}`
  const client = await createNetworkClient(network)
  const priceMoved = (details?: string) =>
    new SwapFailedError({
      shortMessage: 'The price moved beyond your slippage tolerance: nothing was swapped',
      details,
    })
  const mined = async (hash: string, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    if (receipt.status !== 'success')
      throw what === 'swap'
        ? priceMoved(`Transaction ${hash} reverted.`)
        : new SwapFailedError({
            shortMessage: 'The approval failed: nothing was swapped',
            details: `Transaction ${hash} reverted.`,
          })
  }
  const send = async (tx: { to: string; data: string; value: string }) => {
    try {
      return await sendTransaction(foyer, { to: tx.to, data: tx.data, value: BigInt(tx.value) })
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (code === 4001) throw new UserRejectedRequestError({ cause: error as Error })
      throw error
    }
  }
  try {
    if (quote.needsApproval) {
      onStep?.('approving')
      const { tx } = await api.request('getSwapApproveTransaction', {
        query: {
          userAddress,
          from: quote.from.address,
          to: quote.to.address,
          amount: quote.fromAmount.toString(),
        },
      })
      await mined(await send(tx), 'approval')
    }
    onStep?.('swapping')
    const built = await api.request('buildSwapTransaction', {
      body: {
        amount: quote.fromAmount.toString(),
        from: quote.from.address,
        to: quote.to.address,
        userAddress,
        eip155: { slippage: String(quote.slippage) },
      },
    })
    // The visitor agreed to the quote's minimum: a price that moved below it since is refused
    // before anything is signed (the router enforces the minimum it is sent, between here and
    // the block).
    if (BigInt(built.toAmountMin) < quote.toAmountMin) throw priceMoved()
    const { tx } = built
    const hash = await send(tx)
    const pending: PendingTransaction = {
      hash,
      caipNetworkId: network.caipNetworkId,
      from: address,
      to: tx.to,
      amount: formatUnits(quote.fromAmount, quote.from.decimals),
      symbol: quote.from.symbol,
      tokenAddress: quote.from.address
        .toLowerCase()
        .endsWith('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
        ? undefined
        : quote.from.address.slice(quote.from.address.lastIndexOf(':') + 1),
      sentAt: Date.now(),
    }
    addPendingTransaction(foyer, { transaction: pending })
    await mined(hash, 'swap')
    return pending
  } catch (error) {
    throw toSwapError(error)
  }
}
