import { navigate } from '@foyer/core'
import { NetworkIcon } from '../components/NetworkIcon.tsx'
import { useAccount } from '../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../hooks/useFoyer.ts'
import { useNetwork } from '../hooks/useNetwork.ts'

/** A globe: the wallet's network is none the app lists. */
function UnknownNetworkIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.5">
        <circle cx="8" cy="8" r="6.25" />
        <path d="M1.75 8h12.5M8 1.75c-3.2 3.6-3.2 8.9 0 12.5M8 1.75c3.2 3.6 3.2 8.9 0 12.5" />
      </g>
    </svg>
  )
}

/**
 * The active network as an icon button in the dialog header (where Back would be on the first
 * view): opens SwitchNetwork, or UnsupportedChain while the wallet sits on a network the app does
 * not list. Its name is 'Switch network: Anvil'; the network name is also its tooltip.
 */
export function HeaderNetworkButton() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { isConnected } = useAccount()
  const { network, isUnsupported } = useNetwork()
  if (!isConnected) return <span />
  const name = isUnsupported ? t('networkButton.unknown') : network.name
  return (
    <button
      type="button"
      className="foyer-icon-button"
      title={name}
      data-foyer-header-network=""
      onClick={() =>
        navigate(foyer, { view: isUnsupported ? 'UnsupportedChain' : 'SwitchNetwork' })
      }
    >
      {isUnsupported ? (
        <UnknownNetworkIcon />
      ) : (
        <NetworkIcon network={network} size={20} alt="" className="foyer-chain-icon" />
      )}
      <span className="foyer-visually-hidden">
        {t('header.switchNetwork')} {name}
      </span>
    </button>
  )
}
