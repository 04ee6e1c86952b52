import { EmptyState } from './EmptyState.tsx'
import { SkeletonList } from './Skeleton.tsx'
import type { PagedListState } from './usePagedList.ts'

export type PagedListFooterProps = {
  list: PagedListState<unknown>
  /** Shown once a load has succeeded with nothing to list. */
  emptyText: string
  /** The next step offered with `emptyText` (e.g. receive funds). */
  emptyAction?: { label: string; onClick: () => void } | undefined
  /** Shown, with a retry button, when a page failed to load. */
  errorText: string
  retryText: string
  /** Read to assistive tech while the first page loads. */
  loadingText: string
  /**
   * Entries the caller lists beside the pages' items (e.g. transactions not indexed yet): while
   * there are any, the list is not empty.
   */
  hasOtherEntries?: boolean
  /**
   * Shows the spinner only while nothing is listed, so a list whose first page is read again
   * every few seconds does not blink.
   */
  spinnerOnlyWhenEmpty?: boolean
}

/**
 * What follows a paged list (see `usePagedList`): the empty text, the error with its retry, the
 * spinner while a page loads, and the sentinel that loads the next page as it scrolls into view.
 */
export function PagedListFooter({
  list,
  emptyText,
  emptyAction,
  errorText,
  retryText,
  loadingText,
  hasOtherEntries = false,
  spinnerOnlyWhenEmpty = false,
}: PagedListFooterProps) {
  const hasItems = list.items.length > 0
  return (
    <>
      {!list.loading && !list.error && !hasItems && !hasOtherEntries ? (
        <EmptyState text={emptyText} action={emptyAction} />
      ) : null}
      {list.error ? (
        <div className="foyer-center">
          <p className="foyer-error-text">{errorText}</p>
          <button
            type="button"
            className="foyer-button"
            data-variant="secondary"
            onClick={list.reload}
          >
            {retryText}
          </button>
        </div>
      ) : null}
      {/* Rows' placeholders while the first page loads; a spinner below the rows for later ones. */}
      {list.loading && !hasItems && !hasOtherEntries ? (
        <SkeletonList count={3} label={loadingText} />
      ) : list.loading && !(spinnerOnlyWhenEmpty && hasItems) ? (
        <div className="foyer-center" aria-hidden="true">
          <span className="foyer-spinner" />
        </div>
      ) : null}
      <div ref={list.sentinelRef} className="foyer-sentinel" aria-hidden="true" />
    </>
  )
}
