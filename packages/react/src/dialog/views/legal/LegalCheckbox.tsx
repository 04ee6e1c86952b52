import { Fragment, type ReactNode } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { fillPlaceholders } from '../../../i18n/fillPlaceholders.tsx'

export type LegalCheckboxProps = {
  checked: boolean
  onChange: (checked: boolean) => void
}

/** A link to one of the app's documents, in a new tab (said to screen readers too). */
function DocumentLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useFoyerContext()
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="foyer-visually-hidden"> {t('legal.newTab')}</span>
    </a>
  )
}

/** "I agree to the Terms of Service and Privacy Policy", each linked to the app's document. */
export function LegalCheckbox({ checked, onChange }: LegalCheckboxProps) {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = foyer.config
  const sentence: MessageKey =
    terms && privacy ? 'legal.agreeBoth' : terms ? 'legal.agreeTerms' : 'legal.agreePrivacy'
  return (
    <label className="foyer-legal" data-foyer-legal="">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span>
        {fillPlaceholders(t(sentence), {
          terms: terms ? <DocumentLink href={terms}>{t('legal.terms')}</DocumentLink> : null,
          privacy: privacy ? (
            <DocumentLink href={privacy}>{t('legal.privacy')}</DocumentLink>
          ) : null,
        }).map((part, index) => (
          // The parts of one sentence never move; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Fragment key={index}>{part}</Fragment>
        ))}
      </span>
    </label>
  )
}
