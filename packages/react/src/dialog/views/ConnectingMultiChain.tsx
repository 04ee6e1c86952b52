import type { Connector } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { namespaceNames } from '../components/namespaceMarks.ts'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { onListKeyDown } from '../listKeyboard.ts'
import { useSelectWallet } from '../useSelectWallet.ts'

/**
 * A wallet with a connector of its own per namespace (an extension announcing itself through
 * EIP-6963 and wallet-standard) connects one namespace at a time: the visitor picks which
 * ('Connect with {name} on: EVM / Solana'), and it connects as its own row would.
 */
export default function ConnectingMultiChain() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { selectConnector } = useSelectWallet()
  const connectorIds = useFoyerState((state) => state.dialog.data?.connectorIds)
  const allConnectors = useFoyerState((state) => state.connectors)
  const ids = Array.isArray(connectorIds) ? (connectorIds as unknown[]) : []
  const connectors = ids.flatMap((id) => allConnectors.filter((connector) => connector.id === id))
  const wallet = connectors[0]
  const networkNames = (connector: Connector) =>
    foyer.config.networks
      .filter((network) => network.chainNamespace === connector.namespace)
      .map((network) => network.name)
      .join(', ')

  if (!wallet) return <p className="foyer-center foyer-muted">{t('connect.noWallets')}</p>
  return (
    <div>
      <div className="foyer-center">
        <WalletIcon src={wallet.icon} size="large" />
        <p className="foyer-strong">{t('connect.multiChain.prompt', { name: wallet.name })}</p>
      </div>
      <ul className="foyer-list" onKeyDown={onListKeyDown}>
        {connectors.map((connector) => (
          <li key={connector.id}>
            <button
              type="button"
              className="foyer-list-item"
              data-foyer-item=""
              data-connector-id={connector.id}
              onClick={() => selectConnector(connector)}
            >
              <WalletIcon src={connector.icon} />
              <span className="foyer-list-item-label">
                {namespaceNames[connector.namespace]}{' '}
                <span className="foyer-list-item-detail">{networkNames(connector)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
