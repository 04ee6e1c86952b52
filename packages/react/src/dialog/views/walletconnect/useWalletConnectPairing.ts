import { type Connector, ConnectorNotFoundError, shakeDialog, type View } from '@foyer/core'
import { useEffect, useSyncExternalStore } from 'react'
import { useFoyer } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import { useConnectFlow } from '../../connectFlow.tsx'
import { isPairingUriSource, type ShownPairingUri } from './pairingUriSource.ts'

export type WalletConnectPairing = {
  connector: Connector | undefined
  /** The URI to show; replaced by a fresh one shortly before it expires. */
  pairingUri: ShownPairingUri | undefined
  /** 'Connection rejected', 'Failed to connect', … of the latest attempt. */
  error: Error | undefined
  retry(): void
}

const noPairing = () => () => {}

/**
 * Runs a WalletConnect pairing for as long as `view` is shown: starts connecting when the view
 * opens, follows the URI the connector offers, and stops offering URIs when the visitor leaves.
 */
export function useWalletConnectPairing(
  view: View,
  connectorId: string | undefined,
): WalletConnectPairing {
  const foyer = useFoyer()
  const flow = useConnectFlow()
  const connector = useFoyerState((state) =>
    connectorId
      ? state.connectors.find((candidate) => candidate.id === connectorId)
      : state.connectors.find((candidate) => candidate.type === 'walletConnect'),
  )
  const source = isPairingUriSource(connector) ? connector : undefined

  const pairingUri = useSyncExternalStore(
    source ? source.watchPairingUri : noPairing,
    () => source?.getPairingUri(),
    () => undefined,
  )

  // biome-ignore lint/correctness/useExhaustiveDependencies: start once per connector shown
  useEffect(() => {
    if (connector) flow.start(connector.id)
  }, [connector?.id])

  // Leaving the view (back, another view, close) ends the pairing: no URI keeps being replaced.
  useEffect(() => {
    if (!source) return
    return foyer.subscribe((state) => {
      if (!state.dialog.open || state.dialog.view !== view) source.cancelPairing()
    })
  }, [foyer, source, view])

  const error =
    connectorId && !connector
      ? new ConnectorNotFoundError({ connectorId })
      : connector && flow.connectorId === connector.id && !flow.isPending
        ? flow.error
        : undefined

  useEffect(() => {
    if (error) shakeDialog(foyer)
  }, [error, foyer])

  return {
    connector,
    pairingUri,
    error,
    retry: () => {
      if (connector) flow.retry(connector.id)
    },
  }
}
