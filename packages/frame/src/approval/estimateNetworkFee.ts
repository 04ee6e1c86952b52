import { BaseError, type Hex, type PublicClient } from 'viem'
import type { EvmAddressBook } from './createEvmAddressBook.ts'
import { formatAmount } from './formatAmount.ts'
import type { ApprovalFee } from './types.ts'
import { withTimeout } from './withTimeout.ts'

export type EstimateNetworkFeeParameters = {
  client: PublicClient
  from: Hex
  transaction: { to?: Hex | null; data?: Hex; value?: bigint; gas?: bigint }
  book: EvmAddressBook
  timeoutMs: number
}

/**
 * The most the transaction can cost: its gas limit (the app's, else `estimateGas`) × the current
 * `maxFeePerGas` (or the legacy gas price), in the native currency.
 */
export async function estimateNetworkFee(
  parameters: EstimateNetworkFeeParameters,
): Promise<ApprovalFee> {
  const { client, from, transaction, book, timeoutMs } = parameters
  try {
    const [gasLimit, maxFeePerGas] = await Promise.all([
      transaction.gas ??
        withTimeout(
          client.estimateGas({
            account: from,
            to: transaction.to ?? undefined,
            data: transaction.data,
            value: transaction.value,
          }),
          timeoutMs,
        ),
      withTimeout(currentMaxFeePerGas(client), timeoutMs),
    ])
    const { decimals, symbol } = book.nativeCurrency
    return {
      status: 'estimated',
      gasLimit,
      maxFeePerGas,
      amount: formatAmount({ value: gasLimit * maxFeePerGas, decimals, symbol }),
    }
  } catch (error) {
    return { status: 'unavailable', reason: shortMessageOf(error) }
  }
}

async function currentMaxFeePerGas(client: PublicClient): Promise<bigint> {
  try {
    const fees = await client.estimateFeesPerGas()
    return fees.maxFeePerGas ?? fees.gasPrice
  } catch {
    // A chain without EIP-1559 (no baseFeePerGas): the legacy price.
    return client.getGasPrice()
  }
}

export function shortMessageOf(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
