import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'

export type Page<item> = { data: readonly item[]; next: string | null }

export type PagedListState<item> = {
  items: readonly item[]
  /** True until the first page arrives, and while a later page loads. */
  loading: boolean
  error: boolean
  hasMore: boolean
  /** Fetches the first page again (after an error, or to pick up new entries). */
  reload: () => void
  /** Put after the list: entering the viewport loads the next page. */
  sentinelRef: RefObject<HTMLDivElement | null>
}

/**
 * A cursor-paged list with infinite scroll. `fetchPage` is called with the previous page's cursor;
 * a change of `key` (account, network) starts over. Newer requests win over slower older ones.
 */
export function usePagedList<item>(
  key: string,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<item>>,
): PagedListState<item> {
  const [state, setState] = useState<{
    items: readonly item[]
    next: string | null
    loading: boolean
    error: boolean
  }>({ items: [], next: null, loading: true, error: false })
  const [attempt, setAttempt] = useState(0)
  const fetchRef = useRef(fetchPage)
  fetchRef.current = fetchPage
  const requestRef = useRef<AbortController | null>(null)
  const sentinelRef = useRef<HTMLDivElement | null>(null)

  const load = useCallback((cursor: string | undefined) => {
    requestRef.current?.abort()
    const controller = new AbortController()
    requestRef.current = controller
    setState((previous) => ({ ...previous, loading: true, error: false }))
    fetchRef.current(cursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return
        setState((previous) => ({
          items: cursor ? [...previous.items, ...page.data] : page.data,
          next: page.next,
          loading: false,
          error: false,
        }))
      },
      () => {
        if (controller.signal.aborted) return
        setState((previous) => ({ ...previous, loading: false, error: true }))
      },
    )
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: key and attempt restart the list
  useEffect(() => {
    load(undefined)
    return () => requestRef.current?.abort()
  }, [key, attempt, load])

  const hasMore = state.next !== null
  const reload = useCallback(() => setAttempt((value) => value + 1), [])
  useEffect(() => {
    const sentinel = sentinelRef.current
    const view = sentinel?.ownerDocument.defaultView
    if (!sentinel || !view || !hasMore || state.loading || state.error) return
    if (typeof view.IntersectionObserver !== 'function') return
    const observer = new view.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect()
          load(state.next ?? undefined)
        }
      },
      { rootMargin: '120px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, state.loading, state.error, state.next, load])

  return {
    items: state.items,
    loading: state.loading,
    error: state.error,
    hasMore,
    reload,
    sentinelRef,
  }
}
