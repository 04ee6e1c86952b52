export type SkeletonListProps = {
  /** How many placeholders. */
  count: number
  /** Rows (Connect-style lists) or tiles (the All Wallets grid). */
  variant?: 'row' | 'tile'
  /** Read to assistive tech while the list loads (the placeholders themselves are hidden). */
  label: string
}

/**
 * Placeholders where a list's rows will be while its data loads, so the dialog keeps its height
 * instead of jumping when they arrive.
 */
export function SkeletonList({ count, variant = 'row', label }: SkeletonListProps) {
  const items = Array.from({ length: count }, (_, index) => index)
  return (
    <div role="status" data-foyer-skeleton={variant}>
      <span className="foyer-visually-hidden">{label}</span>
      <div className={variant === 'tile' ? 'foyer-grid' : 'foyer-list'} aria-hidden="true">
        {items.map((index) =>
          variant === 'tile' ? (
            <div key={index} className="foyer-skeleton foyer-skeleton-tile">
              <span className="foyer-skeleton-icon" />
              <span className="foyer-skeleton-line" />
            </div>
          ) : (
            <div key={index} className="foyer-skeleton foyer-skeleton-row">
              <span className="foyer-skeleton-icon" />
              <span className="foyer-skeleton-line" />
            </div>
          ),
        )}
      </div>
    </div>
  )
}
