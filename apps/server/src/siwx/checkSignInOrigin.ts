import { matchOrigin } from '../projects/matchOrigin.ts'
import { SignInDomainNotAllowedError, SignInUriMismatchError } from './errors.ts'
import type { SignInMessage } from './parseSignInMessage.ts'

/**
 * The message must sign in to a page the project allows, with the project's own allow-list
 * (`matchOrigin`, the same patterns as the `Origin` check of every route):
 * - its origin, `<scheme>://<domain>` (the scheme written before the domain, else the URI's),
 *   matches an allowed origin: otherwise another site's sign-in message could be replayed here;
 * - its URI is on that very origin (same scheme, host and port).
 * Throws `SignInDomainNotAllowedError` / `SignInUriMismatchError`.
 */
export function checkSignInOrigin(
  message: Pick<SignInMessage, 'scheme' | 'domain' | 'uri'>,
  allowedOrigins: readonly string[],
): void {
  // parseSignInMessage checked the URI parses.
  const uri = new URL(message.uri)
  const uriScheme = uri.protocol.slice(0, -1).toLowerCase()
  const scheme = message.scheme?.toLowerCase() ?? uriScheme
  // The URL parser lower-cases the host and drops the scheme's default port (`:443` on https).
  const domain = URL.canParse(`${scheme}://${message.domain}`)
    ? new URL(`${scheme}://${message.domain}`).host
    : undefined
  const origin = `${scheme}://${domain ?? message.domain}`
  if (domain === undefined || !matchOrigin(origin, allowedOrigins))
    throw new SignInDomainNotAllowedError(message.domain)
  if (uriScheme !== scheme || uri.host !== domain)
    throw new SignInUriMismatchError(message.uri, origin)
}
