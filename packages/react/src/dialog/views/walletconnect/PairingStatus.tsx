import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { errorText } from '../../components/NetworkList.tsx'
import { PairingQrCode } from './PairingQrCode.tsx'
import type { WalletConnectPairing } from './useWalletConnectPairing.ts'

/** The QR code (or its placeholder while the SDK loads), the hint, and the error with Retry. */
export function PairingStatus({
  pairing,
  hint,
  logoSrc,
}: {
  pairing: WalletConnectPairing
  hint: string
  logoSrc?: string | undefined
}) {
  const { t } = useFoyerContext()
  const { pairingUri, error } = pairing
  return (
    <>
      {pairingUri && !error ? (
        <PairingQrCode uri={pairingUri.uri} label={t('walletConnect.qrLabel')} logoSrc={logoSrc} />
      ) : null}
      <div role="status" aria-live="polite" className="foyer-center">
        {error ? (
          <p className="foyer-error-text">{errorText(error, t)}</p>
        ) : pairingUri ? (
          <p className="foyer-muted">{hint}</p>
        ) : (
          <>
            <span className="foyer-spinner" aria-hidden="true" />
            <p className="foyer-muted">{t('walletConnect.preparing')}</p>
          </>
        )}
      </div>
      {error && pairing.connector ? (
        <button type="button" className="foyer-button" onClick={pairing.retry}>
          {t('connecting.retry')}
        </button>
      ) : null}
    </>
  )
}
