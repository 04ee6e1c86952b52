import { estimateSendGas, type Foyer, type SendState } from '@foyer/core'
import { useEffect, useState } from 'react'

export type SendFee = { fee: bigint; formatted: string; symbol: string }

// Waits for the visitor to stop typing before asking the node.
const ESTIMATE_DELAY_MS = 300

/**
 * The network fee of the transfer the form describes, estimated through the network's RPC once the
 * form is valid; undefined while it is not (or the node cannot estimate it). While a new amount or
 * receiver is being priced, the last estimate of the same token stays, so Max (which follows the
 * fee) does not jump back to the whole balance in between.
 */
export function useSendFee(foyer: Foyer, send: SendState, valid: boolean): SendFee | undefined {
  const [estimate, setEstimate] = useState<{ key: string; fee: SendFee } | undefined>(undefined)
  const { token, sendTokenAmount, receiverAddress } = send
  // The fee belongs to a token on a network; another token or network starts from nothing.
  const key = `${token?.chainId}:${token?.address ?? 'native'}`
  useEffect(() => {
    if (!valid || !token || !sendTokenAmount || !receiverAddress) {
      setEstimate(undefined)
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      estimateSendGas(foyer)
        .then((fee) => {
          if (!cancelled) setEstimate({ key, fee })
        })
        .catch(() => {
          if (!cancelled) setEstimate(undefined)
        })
    }, ESTIMATE_DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [foyer, key, valid, token, sendTokenAmount, receiverAddress])
  return valid && estimate?.key === key ? estimate.fee : undefined
}
