import { open, type View } from '@foyer/core'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../hooks/useFoyerState.ts'
import type { ConnectButtonChain, ConnectButtonRenderProps } from './ConnectButtonCustom.tsx'

export type UseConnectButtonStateParameters = {
  /** Fetch the native balance while connected (default true). */
  watchBalance?: boolean | undefined
  /**
   * Draw the network's mark while disconnected too (a network button does); by default the code
   * that draws it loads only once a connection starts.
   */
  networkIconWhileDisconnected?: boolean | undefined
}

export type ConnectedParts = typeof import('./connectedParts.ts')
let loadedParts: ConnectedParts | undefined

/** The code only a connected button needs, loaded the first time `needed` is true. */
function useConnectedParts(needed: boolean): ConnectedParts | undefined {
  const [parts, setParts] = useState(loadedParts)
  useEffect(() => {
    if (!needed || parts) return
    let current = true
    import('./connectedParts.ts').then(
      (module) => {
        loadedParts = module
        if (current) setParts(module)
      },
      // Offline or a new deployment: the button stays as it is; the next connection retries.
      () => {},
    )
    return () => {
      current = false
    }
  }, [needed, parts])
  return parts
}

const subscribeNever = () => () => {}

/**
 * Everything a connect button shows and does, for `ConnectButton.Custom` and the styled buttons.
 * A server render and the hydration render see the disconnected state (`mounted: false`), so
 * they agree whatever the browser has remembered. What only a connected button needs loads when a
 * connection starts; `connected` turns true once it is there (a moment after connecting, at most).
 */
export function useConnectButtonState(
  parameters: UseConnectButtonStateParameters = {},
): ConnectButtonRenderProps {
  return useButtonState(parameters).props
}

/** `useConnectButtonState`, with the loaded connected parts for Foyer's own buttons. */
export function useButtonState({
  watchBalance = true,
  networkIconWhileDisconnected = false,
}: UseConnectButtonStateParameters): {
  props: ConnectButtonRenderProps
  parts: ConnectedParts | undefined
} {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const mounted = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
  const state = useFoyerState(
    (state) => ({
      status: state.status,
      account: state.account,
      network: state.activeNetwork,
      unsupported: state.unsupportedNetwork,
    }),
    shallowEqual,
  )
  const { network } = state
  const status = mounted ? state.status : 'disconnected'
  const parts = useConnectedParts(
    mounted && (status !== 'disconnected' || networkIconWhileDisconnected),
  )
  const address = status === 'connected' ? state.account.address : undefined
  const connected =
    parts && address
      ? parts.connectedState({
          account: { ...state.account, address },
          network,
          unsupported: state.unsupported,
          watchBalance,
          unknownNetworkName: t('networkButton.unknown'),
        })
      : undefined
  const account = connected?.account
  const balanceNetwork = account && !state.unsupported ? network.caipNetworkId : undefined

  useEffect(() => {
    if (!parts || !address || !watchBalance || !balanceNetwork) return
    // Core caches it for 30 s; a failure surfaces as core's error toast.
    parts.getBalance(foyer, { address, network: balanceNetwork }).catch(() => {})
  }, [parts, foyer, address, watchBalance, balanceNetwork])

  const chain: ConnectButtonChain | undefined =
    connected?.chain ??
    (mounted
      ? {
          caipNetworkId: network.caipNetworkId,
          id: network.id,
          namespace: network.chainNamespace,
          name: network.name,
          iconUrl: parts?.networkIconUrl(network),
          unsupported: false,
        }
      : undefined)

  const openOn = (view: View) => () => open(foyer, { view })
  const props: ConnectButtonRenderProps = {
    mounted,
    // Connected but its parts still loading counts as connecting.
    ready: mounted && status !== 'connecting' && (status !== 'connected' || account !== undefined),
    status,
    connected: account !== undefined,
    account,
    chain,
    openConnect: openOn('Connect'),
    openAccount: openOn('Account'),
    openSwitchNetwork: openOn('SwitchNetwork'),
  }
  return { props, parts }
}
