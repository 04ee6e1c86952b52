import { getActiveConnection } from '../connection/state.ts'
import type { Foyer } from '../createFoyer.ts'
import { BaseError } from '../errors/base.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { isUserRejectedRequestError } from '../errors/rpc.ts'
import {
  type InsufficientBalanceError,
  type InvalidReceiverAddressError,
  type InvalidSendAmountError,
  type SendAmountAndReceiverRequiredError,
  SendNotSupportedError,
  SendRejectedError,
  type SendTokenRequiredError,
  TransactionFailedError,
} from '../send/errors.ts'
import { parseAmount } from '../send/parseAmount.ts'
import { prepareTransfer } from '../send/prepareTransfer.ts'
import { createNetworkClient, loadViem, tokenContractAddress } from '../send/publicClient.ts'
import type { PendingTransaction } from '../send/types.ts'
import { firstSendFormError, validateSendForm } from '../send/validateSendForm.ts'
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
  /** `0x…` transaction hash on EVM, base58 transaction signature on Solana. */
  hash: string
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
  | SendRejectedError
  | TransactionFailedError

export const SEND_SUCCESS_MESSAGE = 'Transaction sent'
/** `shortMessage` of `SendRejectedError`. */
export const SEND_REJECTED_MESSAGE = 'Transaction rejected'

/**
 * Sends what the send form holds through the connected wallet. On EVM: the native currency with
 * `eth_sendTransaction`, an ERC-20 with `transfer(to, amount)` calldata. On Solana: SOL or an SPL
 * token through the connector's `sendTransfer` (the Solana adapter builds the transaction). The
 * amount is parsed with the token's decimals. `send.loading` is set until the transaction is
 * mined (confirmed); the transaction is added to `pendingTransactions`, the balances are read
 * again, and the form's amount and receiver are cleared. A success or error toast tells the
 * visitor; a refusal in the wallet rejects with 'Transaction rejected'.
 */
export async function sendTransfer(
  foyer: Foyer,
  parameters: SendTransferParameters = {},
): Promise<SendTransferReturnType> {
  const setLoading = (loading: boolean) =>
    foyer.store.setState((state) => ({ send: { ...state.send, loading } }))
  setLoading(true)
  try {
    const pending =
      foyer.getState().activeNetwork.chainNamespace === 'solana'
        ? await submitSolanaTransfer(foyer)
        : await submitEvmTransfer(foyer)

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
    return { hash: pending.hash, transaction: pending }
  } catch (error) {
    const failure =
      error instanceof BaseError ? error : new TransactionFailedError({ cause: error })
    void showToast(foyer, { variant: 'error', message: failure.shortMessage, error: failure })
    throw failure
  } finally {
    setLoading(false)
  }
}

function toSendError(error: unknown): SendRejectedError | TransactionFailedError {
  return isUserRejectedRequestError(error)
    ? new SendRejectedError({ cause: error })
    : new TransactionFailedError({ cause: error })
}

/** Signs and sends the EVM transaction, then waits until it is mined. */
async function submitEvmTransfer(foyer: Foyer): Promise<PendingTransaction> {
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
    throw toSendError(error)
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
  return pending
}

/**
 * Has the Solana connector build, sign and send the transfer; it resolves once the network
 * confirms it. Solana code stays in the adapter, so core loads nothing for it.
 */
async function submitSolanaTransfer(foyer: Foyer): Promise<PendingTransaction> {
  const state = foyer.getState()
  const { send, activeNetwork: network } = state
  const formError = firstSendFormError(validateSendForm({ ...send, namespace: 'solana' }))
  if (formError) throw formError
  const connection = getActiveConnection(state)
  const connector = connection ? foyer.getConnector(connection.connectorId) : undefined
  const from = state.account.address
  if (!connector || !from || connector.namespace !== 'solana') throw new NotConnectedError()
  if (!connector.sendTransfer)
    throw new SendNotSupportedError({ details: `${connector.name} cannot send transfers.` })

  const token = send.token!
  const amount = send.sendTokenAmount!.trim()
  const receiver = send.receiverAddress!.trim()
  // The form validated the amount against the token's decimals.
  const amountValue = parseAmount(amount, Number(token.quantity.decimals))!
  const mint = token.address && tokenContractAddress(token.address)
  let signature: string
  try {
    signature = await connector.sendTransfer({ from, to: receiver, amount: amountValue, mint })
  } catch (error) {
    throw toSendError(error)
  }
  const pending: PendingTransaction = {
    hash: signature,
    caipNetworkId: network.caipNetworkId,
    from,
    to: receiver,
    amount,
    symbol: token.symbol,
    tokenAddress: mint,
    sentAt: Date.now(),
  }
  addPendingTransaction(foyer, { transaction: pending })
  return pending
}
