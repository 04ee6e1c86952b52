import { ConnectionClosedError } from '@foyer/core'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'
import { useConnect } from '../hooks/useConnect.ts'

export type ConnectFlow = {
  /** The connector of the latest attempt. */
  connectorId: string | undefined
  isPending: boolean
  /** The latest attempt's failure ('Connection rejected', 'Failed to connect', …). */
  error: Error | undefined
  /** Starts connecting unless an attempt with this connector is already pending. */
  start(connectorId: string): void
  /** Starts again even after a failure (the Retry button). */
  retry(connectorId: string): void
}

const ConnectFlowContext = createContext<ConnectFlow | null>(null)

/**
 * Holds the connection attempt for the whole open dialog, so the Connect view can start it and
 * the ConnectingExternal view can show its waiting and error states (and retry) after navigating.
 */
export function ConnectFlowProvider({ children }: { children: ReactNode }) {
  const { connectAsync, isPending, error } = useConnect()
  const [connectorId, setConnectorId] = useState<string>()
  // Synchronous guard: a second start in the same tick (StrictMode effects) must not prompt twice.
  const pendingConnectorId = useRef<string | undefined>(undefined)

  const run = useCallback(
    (id: string) => {
      pendingConnectorId.current = id
      setConnectorId(id)
      connectAsync({ connectorId: id })
        .catch(() => {})
        .finally(() => {
          if (pendingConnectorId.current === id) pendingConnectorId.current = undefined
        })
    },
    [connectAsync],
  )

  const value = useMemo<ConnectFlow>(
    () => ({
      connectorId,
      isPending,
      // Closing the dialog ends an attempt on purpose; that is not an error to show.
      error: error instanceof ConnectionClosedError ? undefined : error,
      start(id) {
        if (pendingConnectorId.current === id) return
        run(id)
      },
      retry: run,
    }),
    [connectorId, isPending, error, run],
  )
  return <ConnectFlowContext value={value}>{children}</ConnectFlowContext>
}

export function useConnectFlow(): ConnectFlow {
  const flow = useContext(ConnectFlowContext)
  if (!flow) throw new Error('useConnectFlow is only available inside the Foyer dialog.')
  return flow
}
