import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import { type NotConnectedError, UserRejectedRequestError } from '../errors/connection.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import {
  type InsufficientBalanceError,
  type InvalidReceiverAddressError,
  type InvalidSendAmountError,
  type SendAmountAndReceiverRequiredError,
  type SendNotSupportedError,
  type SendTokenRequiredError,
  TransactionFailedError,
} from '../send/errors.ts'
import { prepareTransfer } from '../send/prepareTransfer.ts'
import { createNetworkClient, loadViem, tokenContractAddress } from '../send/publicClient.ts'
import type { PendingTransaction } from '../send/types.ts'
import { addPendingTransaction } from './addPendingTransaction.ts'
import { getBalance } from './getBalance.ts'
import { getSendTokenBalances } from './getSendTokenBalances.ts'
import { getTokenBalances } from './getTokenBalances.ts'
import { showToast } from './showToast.ts'

export type SendTransferParameters = {
  /** Toast texts; SPEC §8 names none for sending. */
  messages?: { success?: string | undefined } | undefined
}
export type SendTransferReturnType = {
  hash: `0x${string}`
  transaction: PendingTransaction
}
export type SendTransferErrorType =
  | SendAmountAndReceiverRequiredError
  | SendTokenRequiredError
  | InvalidReceiverAddressError
  | InvalidSendAmountError
  | InsufficientBalanceError
  | SendNotSupportedError
  | NotConnectedError
  | UserRejectedRequestError
  | TransactionFailedError

export const SEND_SUCCESS_MESSAGE = 'Transaction sent'
export const SEND_REJECTED_MESSAGE = 'Transaction rejected'

/**
 * Sends what the send form holds through the connected wallet: the native currency with
 * `eth_sendTransaction`, an ERC-20 with `transfer(to, amount)` calldata, the amount parsed with
 * the token's decimals. `send.loading` is set until the transaction is mined; the transaction is
 * added to `pendingTransactions` as soon as the wallet returns its hash, the balances are read
 * again once mined, and the form's amount and receiver are cleared. A success or error toast
 * tells the visitor; a refusal in the wallet rejects with 'Transaction rejected'.
 */
export async function sendTransfer(
  foyer: Foyer,
  parameters: SendTransferParameters = {},
): Promise<SendTransferReturnType> {
  const setLoading = (loading: boolean) =>
    foyer.store.setState((state) => ({ send: { ...state.send, loading } }))
  setLoading(true)
  try {
    const prepared = await prepareTransfer(foyer)
    const { connector, network, token, transaction } = prepared
    let hash: `0x${string}`
    try {
      const { toHex } = await loadViem()
      const sent = connector.sendTransaction
        ? await connector.sendTransaction(transaction)
        : await connector.request({
            method: 'eth_sendTransaction',
            params: [{ ...transaction, value: toHex(transaction.value) }],
          })
      hash = String(sent) as `0x${string}`
    } catch (error) {
      throw isUserRejectedRequestError(error)
        ? new UserRejectedRequestError({ shortMessage: SEND_REJECTED_MESSAGE, cause: error })
        : new TransactionFailedError({ cause: error })
    }

    const pending: PendingTransaction = {
      hash,
      caipNetworkId: network.caipNetworkId,
      from: transaction.from,
      to: prepared.receiver,
      amount: prepared.amount,
      symbol: token.symbol,
      tokenAddress: token.address && tokenContractAddress(token.address),
      sentAt: Date.now(),
    }
    addPendingTransaction(foyer, { transaction: pending })

    const client = await createNetworkClient(network)
    const receipt = await client.waitForTransactionReceipt({ hash }).catch((error: unknown) => {
      throw new TransactionFailedError({ cause: error, details: `Transaction ${hash}` })
    })
    if (receipt.status !== 'success')
      throw new TransactionFailedError({ details: `Transaction ${hash} reverted.` })

    foyer.store.setState((state) => ({
      send: { ...state.send, sendTokenAmount: undefined, receiverAddress: undefined },
    }))
    void showToast(foyer, {
      variant: 'success',
      message: parameters.messages?.success ?? SEND_SUCCESS_MESSAGE,
    })
    // Fresh balances for the account header, the Tokens tab and the picker.
    await Promise.allSettled([
      getBalance(foyer, { force: true }),
      getTokenBalances(foyer, { force: true }),
      getSendTokenBalances(foyer),
    ])
    return { hash, transaction: pending }
  } catch (error) {
    const failure =
      error instanceof BaseError ? error : new TransactionFailedError({ cause: error })
    void showToast(foyer, { variant: 'error', message: failure.shortMessage })
    throw failure
  } finally {
    setLoading(false)
  }
}
