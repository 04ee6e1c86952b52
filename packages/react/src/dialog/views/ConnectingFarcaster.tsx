import { connectFarcaster } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { errorText } from '../components/NetworkList.tsx'
import { QrCode } from '../components/QrCode.tsx'
import { CopyLinkButton } from './walletconnect/CopyLinkButton.tsx'

/**
 * Sign In With Farcaster: the request's QR code (scanned with the phone) and a link that opens it
 * in a Farcaster app on this device; connects once the visitor approves there. 'Failed to connect
 * to farcaster' when it fails or expires, with a button for a new request.
 */
export default function ConnectingFarcaster() {
  const [attempt, setAttempt] = useState(0)
  // A new attempt (Try again) is a new request: a fresh component asks for it.
  return <FarcasterRequest key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
}

function FarcasterRequest({ onRetry }: { onRetry: () => void }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const [url, setUrl] = useState<string>()
  const [error, setError] = useState<Error>()

  useEffect(() => {
    let live = true
    connectFarcaster(foyer, {
      onUrl: ({ url: next }) => {
        if (live) setUrl(next)
      },
    }).catch((failure: Error) => {
      if (live) setError(failure)
    })
    return () => {
      live = false
    }
  }, [foyer])

  if (error)
    return (
      <div className="foyer-center">
        <p className="foyer-error-text" role="alert">
          {errorText(error, t)}
        </p>
        <button type="button" className="foyer-button" onClick={onRetry}>
          {t('social.retry')}
        </button>
      </div>
    )
  return (
    <div className="foyer-center" data-foyer-farcaster="">
      {url ? (
        <>
          <QrCode value={url} label={t('farcaster.qrLabel')} />
          <p className="foyer-muted">{t('farcaster.scan')}</p>
          <p className="foyer-muted" role="status" aria-live="polite">
            {t('farcaster.waiting')}
          </p>
          <div className="foyer-actions">
            <a
              className="foyer-button"
              href={url}
              target="_blank"
              rel="noreferrer noopener"
              data-foyer-farcaster-link=""
            >
              {t('farcaster.open')}
            </a>
            <CopyLinkButton uri={url} />
          </div>
        </>
      ) : (
        <p className="foyer-muted" role="status" aria-live="polite">
          {t('farcaster.preparing')}
        </p>
      )}
    </div>
  )
}
