import {
  ConnectionClosedError,
  connectSocial,
  navigate,
  type SocialLoginStatus,
  type SocialProvider,
} from '@foyer/core'
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react'
import { useFoyer } from '../hooks/useFoyer.ts'

export type SocialFlow = {
  provider: SocialProvider | undefined
  /** SPEC §4: started → user data requested → success or error. */
  status: SocialLoginStatus | undefined
  error: Error | undefined
  /**
   * Starts a social login. Call it from the click itself: the popup opens synchronously, before
   * anything awaits, or the browser blocks it.
   */
  start(provider: SocialProvider): void
}

const SocialFlowContext = createContext<SocialFlow | null>(null)

/** Holds the social login for the open dialog: Connect starts it, ConnectingSocial shows it. */
export function SocialFlowProvider({ children }: { children: ReactNode }) {
  const foyer = useFoyer()
  const [state, setState] = useState<Omit<SocialFlow, 'start'>>({
    provider: undefined,
    status: undefined,
    error: undefined,
  })
  const attempt = useRef(0)
  const value = useMemo<SocialFlow>(
    () => ({
      ...state,
      start(provider) {
        const id = ++attempt.current
        const update = (next: Partial<Omit<SocialFlow, 'start'>>) => {
          if (attempt.current === id) setState((current) => ({ ...current, ...next }))
        }
        update({ provider, status: 'started', error: undefined })
        connectSocial(foyer, {
          provider,
          onStatus: (status) => update({ status }),
        }).catch((error: Error) => {
          // Closing the dialog ends a login on purpose; that is not an error to show.
          update({ error: error instanceof ConnectionClosedError ? undefined : error })
        })
        if (foyer.getState().dialog.view !== 'ConnectingSocial')
          navigate(foyer, { view: 'ConnectingSocial', data: { socialProvider: provider } })
      },
    }),
    [foyer, state],
  )
  return <SocialFlowContext value={value}>{children}</SocialFlowContext>
}

export function useSocialFlow(): SocialFlow {
  const flow = useContext(SocialFlowContext)
  if (!flow) throw new Error('useSocialFlow is only available inside the Foyer dialog.')
  return flow
}
