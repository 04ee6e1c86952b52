import type { ReactNode } from 'react'
import { useFoyerContext } from '../hooks/useFoyer.ts'

export type HeaderProps = {
  titleId: string
  title: string
  /** Shows the back button (hidden on the first view, where Back would only close). */
  canGoBack: boolean
  onBack: () => void
  onClose: () => void
  /** Shown where Back would be when there is no Back (e.g. the header network button). */
  start?: ReactNode
}

/** Points back: left, or right in a right-to-left dialog (mirrored by the stylesheet). */
function BackIcon() {
  return (
    <svg
      className="foyer-mirror-rtl"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M10 3 5 8l5 5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d="m4 4 8 8M12 4l-8 8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  )
}

export function Header({ titleId, title, canGoBack, onBack, onClose, start }: HeaderProps) {
  const { t } = useFoyerContext()
  return (
    <header className="foyer-header">
      {canGoBack ? (
        <button
          type="button"
          className="foyer-icon-button"
          aria-label={t('dialog.back')}
          onClick={onBack}
        >
          <BackIcon />
        </button>
      ) : (
        (start ?? <span />)
      )}
      {/* Keyed by title so the 120 ms fade runs when the view changes. */}
      <h2 key={title} id={titleId} className="foyer-title">
        {title}
      </h2>
      <button
        type="button"
        className="foyer-icon-button"
        aria-label={t('dialog.close')}
        onClick={onClose}
      >
        <CloseIcon />
      </button>
    </header>
  )
}
