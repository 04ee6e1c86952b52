import { useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { errorText } from '../components/NetworkList.tsx'
import { SocialMark } from '../components/SocialMark.tsx'
import { socialMarks } from '../components/socialMarks.ts'
import { useSocialFlow } from '../socialFlow.tsx'

/**
 * A social login under way (SPEC §4): the provider's window is open (started), the frame is
 * getting the account (user data requested), then success or the error ('Popup closed', the
 * provider's own text for a refused consent, …) with a button to try again. Routed here before
 * any login started (switching to a disconnected social wallet without a click to open the
 * popup from), it offers the button that starts it.
 */
export default function ConnectingSocial() {
  const { t } = useFoyerContext()
  const flow = useSocialFlow()
  const routed = useFoyerState((state) => state.dialog.data?.socialProvider)
  const provider = flow.provider ?? routed
  if (!provider) return null
  const name = socialMarks[provider].name
  if (!flow.provider)
    return (
      <div className="foyer-center" data-foyer-social-status="idle">
        <SocialMark provider={provider} size={56} />
        <button type="button" className="foyer-button" onClick={() => flow.start(provider)}>
          {t('social.continueWith', { name })}
        </button>
      </div>
    )
  const status = flow.error ? 'error' : (flow.status ?? 'started')
  return (
    <div className="foyer-center" data-foyer-social-status={status}>
      <SocialMark provider={provider} size={56} />
      {flow.error ? (
        <>
          <p className="foyer-error-text" role="alert">
            {errorText(flow.error, t)}
          </p>
          <button
            type="button"
            className="foyer-button"
            // The click opens the popup again (it must come from a click).
            onClick={() => flow.start(provider)}
          >
            {t('social.retry')}
          </button>
        </>
      ) : (
        <p className="foyer-muted" role="status" aria-live="polite">
          {status === 'success'
            ? t('social.success', { name })
            : status === 'userDataRequested'
              ? t('social.userDataRequested', { name })
              : t('social.started', { name })}
        </p>
      )}
    </div>
  )
}
