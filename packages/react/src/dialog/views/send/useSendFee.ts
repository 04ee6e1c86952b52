import { estimateSendGas, type Foyer, type SendState } from '@foyer/core'
import { useEffect, useState } from 'react'

export type SendFee = { fee: bigint; formatted: string; symbol: string }

// Waits for the visitor to stop typing before asking the node.
const ESTIMATE_DELAY_MS = 300

/**
 * The network fee of the transfer the form describes, estimated through the network's RPC once the
 * form is valid; undefined while it is not (or the node cannot estimate it).
 */
export function useSendFee(foyer: Foyer, send: SendState, valid: boolean): SendFee | undefined {
  const [fee, setFee] = useState<SendFee | undefined>(undefined)
  const { token, sendTokenAmount, receiverAddress } = send
  useEffect(() => {
    setFee(undefined)
    if (!valid || !token || !sendTokenAmount || !receiverAddress) return
    let cancelled = false
    const timer = setTimeout(() => {
      estimateSendGas(foyer)
        .then((estimate) => {
          if (!cancelled) setFee(estimate)
        })
        .catch(() => {})
    }, ESTIMATE_DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [foyer, valid, token, sendTokenAmount, receiverAddress])
  return fee
}
