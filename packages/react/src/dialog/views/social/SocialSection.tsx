import { getSocialLogins, navigate, type SocialOption } from '@foyer/core'
import { useEffect, useId, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { SocialMark } from '../../components/SocialMark.tsx'
import { socialMarks } from '../../components/socialMarks.ts'
import { useSocialFlow } from '../../socialFlow.tsx'

/** Full-width buttons first; then a compact row of marks, with the rest behind "more". */
const fullWidthCount = 1
const compactCount = 4

/**
 * The Connect view's social section: the logins the app wants (`features.socials`, its order)
 * that the server can run. The first as a full-width "Continue with …" button, the next ones as a
 * row of marks, and the rest behind a "more" button that shows them all.
 */
export function SocialSection({ showHeading }: { showHeading: boolean }) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const flow = useSocialFlow()
  const headingId = useId()
  const listId = useId()
  const [socials, setSocials] = useState<readonly SocialOption[]>([])
  const [expanded, setExpanded] = useState(false)

  useEffect(() => {
    let live = true
    void getSocialLogins(foyer).then((list) => {
      if (live) setSocials(list)
    })
    return () => {
      live = false
    }
  }, [foyer])

  if (socials.length === 0) return null
  const select = (social: SocialOption) => {
    if (social === 'farcaster') navigate(foyer, { view: 'ConnectingFarcaster' })
    // Synchronously within the click: the popup opens now or never.
    else flow.start(social)
  }
  const label = (social: SocialOption) =>
    t('social.continueWith', { name: socialMarks[social].name })
  const full = expanded ? socials : socials.slice(0, fullWidthCount)
  const compact = expanded ? [] : socials.slice(fullWidthCount, fullWidthCount + compactCount)
  const hasMore = socials.length > fullWidthCount + compactCount || expanded

  return (
    <section
      className="foyer-section"
      aria-labelledby={showHeading ? headingId : undefined}
      data-foyer-section="social"
    >
      {showHeading ? (
        <h3 id={headingId} className="foyer-section-title">
          {t('connect.section.social')}
        </h3>
      ) : null}
      <ul className="foyer-list" id={listId}>
        {full.map((social) => (
          <li key={social}>
            <button
              type="button"
              className="foyer-list-item"
              data-foyer-social={social}
              onClick={() => select(social)}
            >
              <SocialMark provider={social} size={24} />
              <span className="foyer-list-item-label">{label(social)}</span>
            </button>
          </li>
        ))}
      </ul>
      {compact.length > 0 || hasMore ? (
        <div className="foyer-social-row">
          {compact.map((social) => (
            <button
              key={social}
              type="button"
              className="foyer-social-button"
              data-foyer-social={social}
              aria-label={label(social)}
              title={label(social)}
              onClick={() => select(social)}
            >
              <SocialMark provider={social} />
            </button>
          ))}
          {hasMore ? (
            <button
              type="button"
              className="foyer-social-button"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-label={expanded ? t('social.fewer') : t('social.more')}
              title={expanded ? t('social.fewer') : t('social.more')}
              data-foyer-social-more=""
              onClick={() => setExpanded((value) => !value)}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {expanded ? (
                  <path d="M5 11h14v2H5z" fill="currentColor" />
                ) : (
                  <path
                    d="M6 10.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z"
                    fill="currentColor"
                  />
                )}
              </svg>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
