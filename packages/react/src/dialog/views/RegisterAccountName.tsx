import {
  getNameSuggestions,
  getNameZone,
  type NameSuggestion,
  nameLabelProblem,
  navigate,
  registerName,
} from '@foyer/core'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { errorText } from '../components/NetworkList.tsx'

/** Typing pauses this long before availability is asked. */
const SUGGESTIONS_DEBOUNCE_MS = 300

type Availability =
  | { state: 'idle' }
  | { state: 'checking'; label: string }
  | { state: 'checked'; label: string; taken: boolean; suggestions: readonly NameSuggestion[] }
  | { state: 'error'; label: string; error: Error }

/**
 * SPEC §2 RegisterAccountName: a name for the connected EVM address in the server's zone. The
 * label is checked as it is typed (SPEC §5: 4+ letters, digits, hyphens), then its availability
 * and free variants come from the server; the wallet signs the registration, and any ENS client
 * resolves the name from then on.
 */
export default function RegisterAccountName() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address } = useAccount()
  const id = useId()
  const [zone, setZone] = useState<string>()
  const [zoneError, setZoneError] = useState<Error>()
  const [label, setLabel] = useState('')
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' })
  const [registering, setRegistering] = useState(false)
  const [registerError, setRegisterError] = useState<Error>()

  useEffect(() => {
    getNameZone(foyer).then(setZone, setZoneError)
  }, [foyer])

  const typed = label.trim().toLowerCase()
  const problem = typed ? nameLabelProblem(typed) : undefined

  useEffect(() => {
    if (!typed || problem || !zone) {
      setAvailability({ state: 'idle' })
      return
    }
    setAvailability({ state: 'checking', label: typed })
    const controller = new AbortController()
    const timer = setTimeout(() => {
      getNameSuggestions(foyer, { name: typed, signal: controller.signal })
        .then((suggestions) => {
          if (controller.signal.aborted) return
          const asked = suggestions.find((entry) => entry.name === `${typed}.${zone}`)
          setAvailability({
            state: 'checked',
            label: typed,
            taken: asked?.registered ?? false,
            suggestions: suggestions.filter((entry) => !entry.registered && entry !== asked),
          })
        })
        .catch((error: Error) => {
          if (!controller.signal.aborted) setAvailability({ state: 'error', label: typed, error })
        })
    }, SUGGESTIONS_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [foyer, typed, problem, zone])

  if (zoneError)
    return (
      <p className="foyer-center foyer-muted" role="status">
        {t('names.unavailable')}
      </p>
    )
  if (!zone || !address)
    return (
      <div className="foyer-center" role="status" aria-label={t('names.loading')}>
        <span className="foyer-spinner" />
      </div>
    )

  const free =
    availability.state === 'checked' && availability.label === typed && !availability.taken
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!free || registering) return
    setRegistering(true)
    setRegisterError(undefined)
    registerName(foyer, { label: typed })
      .then((profile) =>
        navigate(foyer, { view: 'RegisterAccountNameSuccess', data: { name: profile.name } }),
      )
      .catch((error: Error) => setRegisterError(error))
      .finally(() => setRegistering(false))
  }

  const inputId = `${id}-name`
  const hintId = `${id}-hint`
  const fullName = `${typed || t('names.placeholder')}.${zone}`
  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-register-name="">
      <label htmlFor={inputId} className="foyer-muted">
        {t('names.label')}
      </label>
      <div className="foyer-swap-row">
        <input
          id={inputId}
          className="foyer-search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={63}
          value={label}
          aria-invalid={
            problem || (availability.state === 'checked' && availability.taken) ? true : undefined
          }
          aria-describedby={hintId}
          disabled={registering}
          onChange={(event) => {
            setLabel(event.currentTarget.value)
            setRegisterError(undefined)
          }}
        />
        <span className="foyer-muted">.{zone}</span>
      </div>
      <p
        id={hintId}
        className={
          problem ||
          (availability.state === 'checked' && availability.taken) ||
          availability.state === 'error'
            ? 'foyer-error-text'
            : 'foyer-muted'
        }
        role="status"
        aria-live="polite"
        data-foyer-name-availability={
          problem
            ? 'invalid'
            : availability.state === 'checked'
              ? availability.taken
                ? 'taken'
                : 'free'
              : availability.state
        }
      >
        {problem
          ? problem.charAt(0).toUpperCase() + problem.slice(1)
          : availability.state === 'checking'
            ? t('names.checking', { name: fullName })
            : availability.state === 'checked'
              ? availability.taken
                ? t('names.taken', { name: fullName })
                : t('names.free', { name: fullName })
              : availability.state === 'error'
                ? errorText(availability.error, t)
                : t('names.rule')}
      </p>
      {/* Variants only help when the name typed is taken. */}
      {availability.state === 'checked' &&
      availability.taken &&
      availability.suggestions.length > 0 ? (
        <div className="foyer-actions">
          <span className="foyer-muted" id={`${id}-suggestions`}>
            {t('names.suggestions')}
          </span>
          <ul className="foyer-list" aria-labelledby={`${id}-suggestions`}>
            {availability.suggestions.slice(0, 4).map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="foyer-list-item"
                  data-foyer-name-suggestion=""
                  onClick={() => setLabel(suggestion.name.slice(0, -(zone.length + 1)))}
                >
                  <span className="foyer-list-item-label">{suggestion.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button
        type="submit"
        className="foyer-button"
        disabled={!free || registering}
        aria-busy={registering || undefined}
      >
        {registering ? t('names.signing') : t('names.register', { name: fullName })}
      </button>
      {registerError ? (
        <p className="foyer-error-text" role="alert" data-foyer-register-error="">
          {errorText(registerError, t)}
          {/* The server's reason ('… is taken'), not a developer's detail of other errors. */}
          {registerError.name === 'RegisterNameError' &&
          'details' in registerError &&
          typeof registerError.details === 'string' &&
          registerError.details
            ? `: ${registerError.details}`
            : ''}
        </p>
      ) : null}
    </form>
  )
}
