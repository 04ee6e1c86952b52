import { type SendCallsParameters, type SendCallsReturnType, sendCalls } from '@foyer/core'
import { useCallback } from 'react'
import { type AsyncAction, useAsyncAction } from './useAsyncAction.ts'
import { useFoyer } from './useFoyer.ts'

export type UseSendCallsReturnType = AsyncAction<SendCallsParameters, SendCallsReturnType> & {
  sendCalls: (parameters: SendCallsParameters) => void
  sendCallsAsync: (parameters: SendCallsParameters) => Promise<SendCallsReturnType>
}

/** Sends a batch of calls from the active EVM account (EIP-5792, core `sendCalls`). */
export function useSendCalls(): UseSendCallsReturnType {
  const foyer = useFoyer()
  const action = useAsyncAction(
    useCallback((parameters: SendCallsParameters) => sendCalls(foyer, parameters), [foyer]),
  )
  return { ...action, sendCalls: action.run, sendCallsAsync: action.runAsync }
}
