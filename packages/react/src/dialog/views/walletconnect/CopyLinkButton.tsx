import { showToast } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'

/** How long the button says 'Link copied' before offering to copy again. */
export const COPIED_CONFIRMATION_MS = 2_000

/**
 * Copies the pairing URI, for wallets on the same device that take a pasted `wc:` link. The
 * button itself confirms ('Link copied', with a check) and the toast announces it; a renewed URI
 * turns it back to 'Copy link', since what was copied no longer pairs.
 */
export function CopyLinkButton({ uri }: { uri: string | undefined }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const [copiedUri, setCopiedUri] = useState<string | undefined>()
  const copied = uri !== undefined && copiedUri === uri

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopiedUri(undefined), COPIED_CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
      setCopiedUri(uri)
      void showToast(foyer, { variant: 'success', message: t('walletConnect.copied') })
    } catch {
      void showToast(foyer, { variant: 'error', message: t('walletConnect.copyFailed') })
    }
  }
  return (
    <button
      type="button"
      className="foyer-button"
      data-variant="secondary"
      disabled={!uri}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon /> : null}
      {copied ? t('walletConnect.copied') : t('walletConnect.copyLink')}
    </button>
  )
}

function CheckIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="m3.5 8.5 3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
