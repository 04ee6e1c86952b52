import type { SigningStargateClient } from '@cosmjs/stargate'
import type { UserRejectedRequestError } from '@foyer/core'
import {
  type InvalidCosmosAddressError,
  InvalidCosmosAmountError,
  isWalletRefusal,
  TransactionFailedError,
  toWalletError,
} from '../errors.ts'
import type { CosmosChainInfo } from '../networks.ts'
import type { CosmosWallet } from '../types.ts'
import { validateCosmosAddress } from './validateCosmosAddress.ts'

export type SendCosmosTransferParameters = {
  wallet: CosmosWallet
  chain: CosmosChainInfo
  from: string
  to: string
  /** Base units of the denom. */
  amount: bigint
  /** Default the chain's denom. */
  denom?: string | undefined
  memo?: string | undefined
  /** Wait until the chain includes the transaction (default true). */
  confirm?: boolean | undefined
  /** Between inclusion checks (default 300 ms; cosmjs' own default is 3 s). */
  pollingInterval?: number | undefined
  /** Give up waiting for inclusion after this long (default 60 s). */
  timeout?: number | undefined
}
/** The transaction hash, upper-case hex (what explorers and `tx_search` use). */
export type SendCosmosTransferReturnType = string
export type SendCosmosTransferErrorType =
  | InvalidCosmosAddressError
  | InvalidCosmosAmountError
  | UserRejectedRequestError
  | TransactionFailedError

/**
 * Sends `amount` from `from` to `to` with a bank `MsgSend`: the receiver and the amount are
 * checked before the wallet is asked anything; the fee is the simulated gas (× 1.4) at the chain's
 * gas price; the wallet signs through its offline signer (`getOfflineSignerAuto` when it has one,
 * so Ledger keys sign amino) and the transaction goes to the chain's RPC. A refusal in the wallet
 * rejects with code 4001; a transaction the chain refuses with 'Transaction failed' and its code.
 */
export async function sendCosmosTransfer(
  parameters: SendCosmosTransferParameters,
): Promise<SendCosmosTransferReturnType> {
  const {
    wallet,
    chain,
    from,
    amount,
    denom = chain.denom,
    memo = '',
    confirm = true,
    pollingInterval = 300,
    timeout = 60_000,
  } = parameters
  const to = await validateCosmosAddress({
    address: parameters.to,
    bech32Prefix: chain.bech32Prefix,
  })
  if (amount <= 0n) throw new InvalidCosmosAmountError({ amount })

  const stargate = await import('@cosmjs/stargate')
  const message = {
    typeUrl: '/cosmos.bank.v1beta1.MsgSend',
    value: { fromAddress: from, toAddress: to, amount: [{ denom, amount: amount.toString() }] },
  }
  let client: SigningStargateClient | undefined
  try {
    const signer = wallet.getOfflineSignerAuto
      ? await wallet.getOfflineSignerAuto(chain.chainId)
      : wallet.getOfflineSigner(chain.chainId)
    client = await stargate.SigningStargateClient.connectWithSigner(chain.rpcUrl, signer, {
      gasPrice: stargate.GasPrice.fromString(`${chain.gasPrice}${chain.denom}`),
      broadcastPollIntervalMs: pollingInterval,
      broadcastTimeoutMs: timeout,
    })
    if (!confirm) return await client.signAndBroadcastSync(from, [message], 'auto', memo)
    const result = await client.signAndBroadcast(from, [message], 'auto', memo)
    if (result.code !== 0)
      throw new TransactionFailedError({
        hash: result.transactionHash,
        code: result.code,
        details: result.rawLog,
      })
    return result.transactionHash
  } catch (error) {
    if (error instanceof TransactionFailedError) throw error
    if (isWalletRefusal(error)) throw toWalletError(error, 'Transaction rejected')
    // CheckTx refused it (bad signature, sequence, funds) or the simulation failed before signing.
    const code = error instanceof stargate.BroadcastTxError ? error.code : undefined
    const details = error instanceof stargate.BroadcastTxError ? error.log : undefined
    throw new TransactionFailedError({ code, details, cause: error })
  } finally {
    client?.disconnect()
  }
}
