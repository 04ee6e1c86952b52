import type { ApiPromise } from '@polkadot/api'
import type { ISubmittableResult } from '@polkadot/types/types'
import {
  type InvalidPolkadotAddressError,
  PalletNotFoundError,
  TransactionFailedError,
  type UserRejectedRequestError,
} from '../errors.ts'
import type { InjectedSigner } from '../types.ts'
import { toPolkadotAddress } from './toPolkadotAddress.ts'
import { toWalletError } from './toWalletError.ts'

export type SendBalanceTransferParameters = {
  api: ApiPromise
  signer: InjectedSigner
  from: string
  to: string
  /** Planck. */
  amount: bigint
  /** Resolve once the extrinsic is in a block (default true); otherwise once the node took it. */
  confirm?: boolean | undefined
}
/** The extrinsic hash, `0x…`. */
export type SendBalanceTransferReturnType = string
export type SendBalanceTransferErrorType =
  | InvalidPolkadotAddressError
  | UserRejectedRequestError
  | PalletNotFoundError
  | TransactionFailedError

/**
 * `balances.transferKeepAlive(to, amount)` from `from`, signed by the extension's signer: the
 * sender keeps its existential deposit, so a transfer never reaps the account by accident. The
 * receiver is checked before the extension is asked; a refusal there rejects with code 4001; a
 * failed dispatch (e.g. `balances.InsufficientBalance`) with 'Transaction failed'.
 */
export async function sendBalanceTransfer(
  parameters: SendBalanceTransferParameters,
): Promise<SendBalanceTransferReturnType> {
  const { api, signer, from, amount, confirm = true } = parameters
  const ss58Prefix = api.registry.chainSS58
  const to = await toPolkadotAddress({ address: parameters.to, ss58Prefix })
  const transfer = api.tx.balances?.transferKeepAlive
  if (!transfer) throw new PalletNotFoundError({ item: 'balances.transferKeepAlive' })
  const extrinsic = transfer(to, amount)

  if (!confirm) {
    try {
      return (await extrinsic.signAndSend(from, { signer })).toHex()
    } catch (error) {
      throw toWalletError(error)
    }
  }

  return new Promise<string>((resolve, reject) => {
    let unsubscribe: (() => void) | undefined
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      unsubscribe?.()
      outcome()
    }
    const onStatus = (result: ISubmittableResult) => {
      const hash = result.txHash.toHex()
      if (result.dispatchError) {
        const { dispatchError } = result
        let details = dispatchError.toString()
        if (dispatchError.isModule) {
          const { section, name, docs } = api.registry.findMetaError(dispatchError.asModule)
          details = `${section}.${name}${docs.length ? `: ${docs.join(' ')}` : ''}`
        }
        settle(() => reject(new TransactionFailedError({ hash, details })))
      } else if (result.status.isInBlock || result.status.isFinalized) {
        settle(() => resolve(hash))
      } else if (result.isError) {
        // Invalid, dropped, usurped or timed out: it will never be in a block.
        settle(() =>
          reject(new TransactionFailedError({ hash, details: `${result.status.type}.` })),
        )
      }
    }
    extrinsic
      .signAndSend(from, { signer }, onStatus)
      .then((stop) => {
        unsubscribe = stop
        if (settled) stop()
      })
      .catch((error: unknown) => settle(() => reject(toWalletError(error))))
  })
}
