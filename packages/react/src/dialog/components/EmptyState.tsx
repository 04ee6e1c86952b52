export type EmptyStateProps = {
  /** The sentence saying why there is nothing here. */
  text: string
  /** What the visitor can do about it. */
  action?: { label: string; onClick: () => void } | undefined
}

/** A list with nothing to show: a sentence and, where there is one, the next step. */
export function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <div className="foyer-center foyer-empty" data-foyer-empty="">
      <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect
          x="6"
          y="10"
          width="28"
          height="22"
          rx="5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
        <path
          d="M6 20h9l2 4h6l2-4h9"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <p className="foyer-muted">{text}</p>
      {action ? (
        <button
          type="button"
          className="foyer-button"
          data-variant="secondary"
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ) : null}
    </div>
  )
}
