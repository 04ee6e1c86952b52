import { formatUnits, type SmartSession, shortenAddress } from '@foyer/core'
import { useFeatures } from '../../hooks/useFeatures.ts'
import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { useRevokePermissions } from '../../hooks/useRevokePermissions.ts'
import { useSessions } from '../../hooks/useSessions.ts'
import type { Translate } from '../../i18n/createTranslator.ts'

/**
 * SPEC §1 "Manage smart sessions": the smart account's active sessions (the app that holds each,
 * when it expires, which contracts and functions it may call, how much of each token it may move)
 * with a Revoke button each; the revoke is approved in the wallet. Shown with `features.smartSessions`
 * for a smart account only.
 */
export default function SmartSessions() {
  const { t } = useFoyerContext()
  const { smartSessions } = useFeatures()
  const isSmartAccount = useFoyerState(
    (state) =>
      state.account.user?.accounts.find((account) => account.address === state.account.address)
        ?.type === 'smartAccount',
  )
  const enabled = smartSessions && isSmartAccount
  const { data: sessions, error, isLoading, refetch } = useSessions({ enabled })
  if (!enabled) return null

  if (isLoading && !sessions)
    return (
      <div className="foyer-actions" aria-busy="true" data-foyer-sessions-loading="">
        <span className="foyer-visually-hidden" role="status">
          {t('sessions.loading')}
        </span>
        <div className="foyer-skeleton" />
        <div className="foyer-skeleton" />
      </div>
    )
  if (error)
    return (
      <div className="foyer-center">
        <p className="foyer-error-text" role="alert" data-foyer-sessions-error="">
          {t('sessions.error')} <span dir="auto">{errorText(error)}</span>
        </p>
        <button type="button" className="foyer-button" onClick={() => void refetch()}>
          {t('sessions.retry')}
        </button>
      </div>
    )
  if (!sessions || sessions.length === 0)
    return (
      <p className="foyer-center foyer-muted" data-foyer-sessions-empty="">
        {t('sessions.empty')}
      </p>
    )
  return (
    <ul className="foyer-list" aria-label={t('sessions.listLabel')}>
      {sessions.map((session) => (
        <SessionRow key={session.pci} session={session} onRevoked={() => void refetch()} />
      ))}
    </ul>
  )
}

function SessionRow({ session, onRevoked }: { session: SmartSession; onRevoked: () => void }) {
  const { t, locale } = useFoyerContext()
  const { revokePermissionsAsync, isPending, error } = useRevokePermissions()
  const origin = originHost(session.origin)
  const revoke = async () => {
    await revokePermissionsAsync({ permissionsContext: session.context as `0x${string}` })
    onRevoked()
  }
  return (
    <li className="foyer-list-item" data-foyer-session={session.pci}>
      <span className="foyer-list-item-label">
        <span className="foyer-strong" dir="ltr">
          {origin}
        </span>
        <span className="foyer-muted">
          {t('sessions.expires', {
            date: new Intl.DateTimeFormat(locale, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date(session.expiry * 1000)),
          })}
        </span>
        {session.permissions.map((permission) => (
          <span
            className="foyer-muted"
            key={`${permission.type}:${permission.data.address}`}
            data-foyer-permission={permission.type}
          >
            {describePermission(permission, session, t)}
          </span>
        ))}
        {error ? (
          // The wallet's own words: e.g. revoked on chain while the server still lists it.
          <span className="foyer-error-text" role="alert" dir="auto">
            {errorText(error) || t('sessions.revokeFailed')}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="foyer-button"
        data-variant="secondary"
        aria-label={t('sessions.revokeLabel', { origin })}
        disabled={isPending}
        onClick={() => void revoke().catch(() => {})}
      >
        {isPending ? t('sessions.revoking') : t('sessions.revoke')}
      </button>
    </li>
  )
}

function describePermission(
  permission: SmartSession['permissions'][number],
  session: SmartSession,
  t: Translate,
): string {
  if (permission.type === 'contract-call')
    return t('sessions.calls', {
      functions:
        permission.data.functions.length > 0
          ? permission.data.functions.map(functionName).join(', ')
          : t('sessions.anyFunction'),
      contract: tokenName(permission.data.address, session),
    })
  const token = session.tokens[permission.data.address.toLowerCase()]
  return token
    ? t('sessions.limit', {
        amount: formatUnits(permission.data.allowance, token.decimals),
        symbol: token.symbol,
      })
    : t('sessions.limitUnknownToken', {
        amount: permission.data.allowance.toString(),
        token: shortenAddress(permission.data.address),
      })
}

/** `transfer(address,uint256)` reads as `transfer`; a bare selector stays as it is. */
function functionName(signature: string): string {
  const open = signature.indexOf('(')
  return open > 0 ? signature.slice(0, open) : signature
}

/** A contract that is one of the session's tokens is named by its symbol, else its short address. */
function tokenName(address: string, session: SmartSession): string {
  return session.tokens[address.toLowerCase()]?.symbol ?? shortenAddress(address)
}

function originHost(origin: string): string {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}

/**
 * What went wrong, as the error tells it: its short message (the wallet's or the server
 * client's), with the server's own message when it gave one.
 */
function errorText(error: unknown): string {
  if (!error || typeof error !== 'object') return ''
  const { shortMessage, message, serverMessage } = error as {
    shortMessage?: unknown
    message?: unknown
    serverMessage?: unknown
  }
  const text = typeof shortMessage === 'string' && shortMessage ? shortMessage : message
  if (typeof text !== 'string') return ''
  return typeof serverMessage === 'string' && serverMessage ? `${text}: ${serverMessage}` : text
}
