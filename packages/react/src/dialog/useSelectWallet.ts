import { type Connector, navigate } from '@foyer/core'
import { useFoyer } from '../hooks/useFoyer.ts'
import { type ListedWallet, primaryConnector } from '../utils/groupConnectorsByWallet.ts'
import { useConnectFlow } from './connectFlow.tsx'

/**
 * What picking a wallet row does. A wallet whose connectors share one session connects through
 * one of them (core records the other namespaces of the session, see `Connector.group`); a
 * wallet with separate connectors per namespace opens ConnectingMultiChain to choose one.
 */
export function useSelectWallet() {
  const foyer = useFoyer()
  const flow = useConnectFlow()

  const selectConnector = (connector: Connector) => {
    if (connector.type === 'walletConnect') {
      navigate(foyer, {
        view: 'ConnectingWalletConnectBasic',
        data: { connectorId: connector.id },
      })
      return
    }
    navigate(foyer, { view: 'ConnectingExternal', data: { connectorId: connector.id } })
    flow.start(connector.id)
  }

  const selectWallet = (wallet: Pick<ListedWallet, 'connectors' | 'connectsTogether'>) => {
    if (wallet.connectsTogether) {
      selectConnector(primaryConnector(wallet, foyer.getState().activeNamespace))
      return
    }
    navigate(foyer, {
      view: 'ConnectingMultiChain',
      data: { connectorIds: wallet.connectors.map((connector) => connector.id) },
    })
  }

  return { selectWallet, selectConnector }
}
