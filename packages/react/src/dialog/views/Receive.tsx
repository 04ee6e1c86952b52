import { showToast } from '@foyer/core'
import { useId } from 'react'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { QrCode } from '../components/QrCode.tsx'

/**
 * The connected address to receive funds: as text, as a QR code encoding exactly the address, a
 * copy button, and the configured networks it works on (those of the same namespace).
 */
export default function Receive() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address } = useAccount()
  const { network, networks } = useNetwork()
  const networksHeadingId = useId()
  if (!address) return null
  const sameNamespace = networks.filter(
    (candidate) => candidate.chainNamespace === network.chainNamespace,
  )

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(address)
      void showToast(foyer, { variant: 'success', message: t('receive.copied') })
    } catch {
      void showToast(foyer, { variant: 'error', message: t('receive.copyFailed') })
    }
  }

  return (
    <div className="foyer-center" data-foyer-receive="">
      <div data-foyer-receive-qr="">
        <QrCode value={address} label={t('receive.qrLabel')} />
      </div>
      <p className="foyer-strong" dir="ltr" data-foyer-receive-address="">
        {address}
      </p>
      <button type="button" className="foyer-button" onClick={() => void copyAddress()}>
        {t('receive.copy')}
      </button>
      <section className="foyer-section" aria-labelledby={networksHeadingId}>
        <h3 id={networksHeadingId} className="foyer-section-title">
          {t('receive.networks')}
        </h3>
        <ul className="foyer-list">
          {sameNamespace.map((candidate) => (
            <li key={candidate.caipNetworkId} className="foyer-muted">
              {candidate.name}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
