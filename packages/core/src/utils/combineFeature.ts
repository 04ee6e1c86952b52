/**
 * One switch in effect: the server's value replaces a default the app left unset, and can turn
 * off what the app turned on (an operator's "off" wins), never the reverse.
 */
export function combineFeature(
  app: boolean | undefined,
  remote: boolean | undefined,
  fallback: boolean,
): boolean {
  if (remote === undefined) return app ?? fallback
  return app === undefined ? remote : app && remote
}
