import { useCallback, useEffect, useRef, useState } from 'react'

export type AsyncActionStatus = 'idle' | 'pending' | 'success' | 'error'

export type AsyncActionState<data> = {
  status: AsyncActionStatus
  data: data | undefined
  error: Error | undefined
  isPending: boolean
  isError: boolean
  isSuccess: boolean
}

export type AsyncAction<variables, data> = AsyncActionState<data> & {
  /** Runs the action; resolves with its result or rejects with its error. */
  runAsync(variables: variables): Promise<data>
  /** Runs the action; the error only lands in `error` (for event handlers). */
  run(variables: variables): void
  reset(): void
}

const idle = {
  status: 'idle',
  data: undefined,
  error: undefined,
  isPending: false,
  isError: false,
  isSuccess: false,
} as const

/**
 * Local pending/error/result state around one async core action. Only the latest call updates the
 * state, and nothing updates after unmount.
 */
export function useAsyncAction<variables, data>(
  action: (variables: variables) => Promise<data>,
): AsyncAction<variables, data> {
  const [state, setState] = useState<AsyncActionState<data>>(idle)
  const actionRef = useRef(action)
  actionRef.current = action
  const callId = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const runAsync = useCallback(async (variables: variables) => {
    const id = ++callId.current
    setState({ ...idle, status: 'pending', isPending: true })
    try {
      const data = await actionRef.current(variables)
      if (mounted.current && id === callId.current)
        setState({ ...idle, status: 'success', data, isSuccess: true })
      return data
    } catch (error) {
      const normalized = error instanceof Error ? error : new Error(String(error))
      if (mounted.current && id === callId.current)
        setState({ ...idle, status: 'error', error: normalized, isError: true })
      throw normalized
    }
  }, [])

  const run = useCallback(
    (variables: variables) => {
      runAsync(variables).catch(() => {})
    },
    [runAsync],
  )

  const reset = useCallback(() => {
    callId.current++
    setState(idle)
  }, [])

  return { ...state, runAsync, run, reset }
}
