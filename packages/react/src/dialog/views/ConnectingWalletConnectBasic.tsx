import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { useDevice } from '../useDevice.ts'
import { CopyLinkButton } from './walletconnect/CopyLinkButton.tsx'
import { PairingStatus } from './walletconnect/PairingStatus.tsx'
import { useWalletConnectPairing } from './walletconnect/useWalletConnectPairing.ts'

/**
 * The generic WalletConnect entry: a QR code any WalletConnect wallet can scan (the connector's
 * icon, the WalletConnect mark by default, in its centre), and the link to copy. On a phone or
 * tablet, "Open in a wallet app" hands the `wc:` URI to whichever wallet app handles it. The URI
 * is replaced by a fresh one before it expires, with nothing for the visitor to do.
 */
export default function ConnectingWalletConnectBasic() {
  const { t } = useFoyerContext()
  const connectorId = useFoyerState((state) => state.dialog.data?.connectorId)
  const pairing = useWalletConnectPairing('ConnectingWalletConnectBasic', connectorId)
  const device = useDevice()
  const uri = pairing.error ? undefined : pairing.pairingUri?.uri
  return (
    <div className="foyer-center">
      <PairingStatus
        pairing={pairing}
        hint={t('walletConnect.scan')}
        logoSrc={pairing.connector?.icon}
      />
      {device.isMobile && uri ? (
        <a className="foyer-button" data-deep-link="wc" href={uri}>
          {t('walletConnect.openWalletApp')}
        </a>
      ) : null}
      {pairing.error ? null : <CopyLinkButton uri={uri} />}
    </div>
  )
}
