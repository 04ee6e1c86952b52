/**
 * When something a process keeps for `ttlMs` (a project, the registry version) is read again
 * ahead of time, in the background: a second before it runs out, so no request waits for a slow
 * answer; halfway through a lifetime shorter than 2 s.
 */
export function refreshAfterMs(ttlMs: number): number {
  return Math.max(ttlMs / 2, ttlMs - 1_000)
}
