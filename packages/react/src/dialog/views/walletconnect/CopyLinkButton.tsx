import { showToast } from '@foyer/core'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'

/** Copies the pairing URI, for wallets on the same device that take a pasted `wc:` link. */
export function CopyLinkButton({ uri }: { uri: string | undefined }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const copy = async () => {
    if (!uri) return
    try {
      await navigator.clipboard.writeText(uri)
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
      {t('walletConnect.copyLink')}
    </button>
  )
}
