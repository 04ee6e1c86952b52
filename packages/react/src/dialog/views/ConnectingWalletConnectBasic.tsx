import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { CopyLinkButton } from './walletconnect/CopyLinkButton.tsx'
import { PairingStatus } from './walletconnect/PairingStatus.tsx'
import { useWalletConnectPairing } from './walletconnect/useWalletConnectPairing.ts'

/**
 * The generic WalletConnect entry: a plain QR code any WalletConnect wallet can scan, and the
 * link to copy. The URI is replaced by a fresh one before it expires.
 */
export default function ConnectingWalletConnectBasic() {
  const { t } = useFoyerContext()
  const connectorId = useFoyerState((state) => state.dialog.data?.connectorId)
  const pairing = useWalletConnectPairing('ConnectingWalletConnectBasic', connectorId)
  return (
    <div className="foyer-center">
      <PairingStatus pairing={pairing} hint={t('walletConnect.scan')} />
      {pairing.error ? null : <CopyLinkButton uri={pairing.pairingUri?.uri} />}
    </div>
  )
}
