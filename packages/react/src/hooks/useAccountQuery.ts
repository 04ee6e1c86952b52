import { useCallback, useEffect, useRef, useState } from 'react'
import { useFoyerState } from './useFoyerState.ts'

export type AccountQuery<data> = {
  data: data | undefined
  error: Error | undefined
  isLoading: boolean
  /** Reads again; resolves with the new data. */
  refetch: () => Promise<data | undefined>
}

/**
 * Runs `read` for the connected account and again whenever the account or the active network
 * changes (nothing while disconnected or when `enabled` is false); only the latest read's result
 * lands, and nothing after unmount. The read functions of the hooks below are thin core actions.
 */
export function useAccountQuery<data>(
  read: () => Promise<data>,
  { enabled = true, key = '' }: { enabled?: boolean | undefined; key?: string | undefined } = {},
): AccountQuery<data> {
  const address = useFoyerState((state) => state.account.address)
  const caipNetworkId = useFoyerState((state) => state.activeNetwork.caipNetworkId)
  const [state, setState] = useState<{ data?: data; error?: Error; isLoading: boolean }>({
    isLoading: enabled && address !== undefined,
  })
  const readRef = useRef(read)
  readRef.current = read
  const callId = useRef(0)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const run = useCallback(async () => {
    const id = ++callId.current
    setState((previous) => ({ ...previous, isLoading: true, error: undefined }))
    try {
      const data = await readRef.current()
      if (mounted.current && id === callId.current) setState({ data, isLoading: false })
      return data
    } catch (error) {
      const normalized = error instanceof Error ? error : new Error(String(error))
      if (mounted.current && id === callId.current)
        setState({ error: normalized, isLoading: false })
      return undefined
    }
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key`, the account and the network are what make a new read.
  useEffect(() => {
    if (!enabled || !address) {
      callId.current++
      setState({ isLoading: false })
      return
    }
    void run()
  }, [enabled, address, caipNetworkId, key, run])

  return { data: state.data, error: state.error, isLoading: state.isLoading, refetch: run }
}
