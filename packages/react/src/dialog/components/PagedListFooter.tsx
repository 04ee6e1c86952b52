import type { PagedListState } from './usePagedList.ts'

export type PagedListFooterProps = {
  list: PagedListState<unknown>
  /** Shown once a load has succeeded with nothing to list. */
  emptyText: string
  /** Shown, with a retry button, when a page failed to load. */
  errorText: string
  retryText: string
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
  errorText,
  retryText,
  hasOtherEntries = false,
  spinnerOnlyWhenEmpty = false,
}: PagedListFooterProps) {
  const hasItems = list.items.length > 0
  return (
    <>
      {!list.loading && !list.error && !hasItems && !hasOtherEntries ? (
        <p className="foyer-center foyer-muted">{emptyText}</p>
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
      {list.loading && !(spinnerOnlyWhenEmpty && hasItems) ? (
        <div className="foyer-center" aria-hidden="true">
          <span className="foyer-spinner" />
        </div>
      ) : null}
      <div ref={list.sentinelRef} className="foyer-sentinel" aria-hidden="true" />
    </>
  )
}
