import type { CaipNetwork } from '@foyer/core'
import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { useSwitchNetwork } from '../../hooks/useSwitchNetwork.ts'
import { onListKeyDown } from '../listKeyboard.ts'

export type NetworkListProps = {
  /** Whether to mark the active network as current (not on UnsupportedChain, where it is not). */
  markCurrent: boolean
}

/**
 * The configured networks as buttons. Picking one asks the wallet to switch; core then leaves
 * the view on success. Shows the pending switch and its error in place.
 */
export function NetworkList({ markCurrent }: NetworkListProps) {
  const { t } = useFoyerContext()
  const { network: activeNetwork, networks } = useNetwork()
  const { switchNetwork, isPending, error, variablesCaipNetworkId } = useSwitchNetwork()
  const target = networks.find((network) => network.caipNetworkId === variablesCaipNetworkId)

  return (
    <>
      <ul className="foyer-list" onKeyDown={onListKeyDown}>
        {networks.map((network: CaipNetwork) => {
          const isCurrent = markCurrent && network.caipNetworkId === activeNetwork.caipNetworkId
          const isSwitching = isPending && network.caipNetworkId === variablesCaipNetworkId
          return (
            <li key={network.caipNetworkId}>
              <button
                type="button"
                className="foyer-list-item"
                data-foyer-item=""
                aria-current={isCurrent ? 'true' : undefined}
                aria-busy={isSwitching || undefined}
                disabled={isPending}
                onClick={() => {
                  if (!isCurrent) switchNetwork({ network })
                }}
              >
                <span className="foyer-list-item-label">{network.name}</span>
                {network.testnet ? (
                  <span className="foyer-tag">{t('switchNetwork.testnet')}</span>
                ) : null}
                {isCurrent ? <span className="foyer-tag">{t('switchNetwork.current')}</span> : null}
                {isSwitching ? (
                  <span className="foyer-spinner foyer-spinner-small" aria-hidden="true" />
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      <div role="status" aria-live="polite" className="foyer-center">
        {isPending ? <p className="foyer-muted">{t('switchNetwork.approve')}</p> : null}
        {error && target ? (
          <>
            <p className="foyer-error-text">{t('switchNetwork.failed', { name: target.name })}</p>
            <p className="foyer-muted">{shortMessage(error)}</p>
          </>
        ) : null}
      </div>
    </>
  )
}

/** The user-facing text of a Foyer error (SPEC §8 texts), or its message. */
export function shortMessage(error: Error): string {
  return 'shortMessage' in error && typeof error.shortMessage === 'string'
    ? error.shortMessage
    : error.message
}
