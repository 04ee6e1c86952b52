/**
 * SQLSTATEs PostgreSQL answers while it cannot serve for a moment: connection exceptions (class
 * 08), shutting down or starting up (57P01 admin, 57P02 crash, 57P03 cannot connect now) and no
 * connection slot left (53300).
 */
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300'])

/** What the socket reports when the database host refuses, resets or does not answer. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** node-postgres (and its pool) report a lost or unreachable server with these texts, no code. */
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
]

export type IsDatabaseUnavailableErrorParameters = unknown
export type IsDatabaseUnavailableErrorReturnType = boolean

/**
 * Whether a query failed because PostgreSQL could not be reached or dropped the connection
 * (restart, failover, network), as opposed to a query or data error: such a request may be
 * retried shortly. Only the error a query threw is read (and the attempts of an AggregateError),
 * not its causes: a `fetch failed` whose cause is ECONNREFUSED is another service's outage.
 */
export function isDatabaseUnavailableError(
  error: IsDatabaseUnavailableErrorParameters,
): IsDatabaseUnavailableErrorReturnType {
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  if (typeof code === 'string') {
    if (unavailableSqlStates.has(code) || code.startsWith('08')) return true
    if (unavailableSocketCodes.has(code)) return true
  }
  if (unavailableMessages.some((pattern) => pattern.test(error.message))) return true
  // Node reports a refused connection to a name with several addresses as an AggregateError.
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailableError)
}
