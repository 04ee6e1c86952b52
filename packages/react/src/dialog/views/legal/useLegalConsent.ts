import { STORAGE_KEYS } from '@foyer/core'
import { useCallback, useState } from 'react'
import { useFeatures } from '../../../hooks/useFeatures.ts'
import { useFoyer } from '../../../hooks/useFoyer.ts'

/** What the visitor agreed to, stored under `legalConsent`. */
type StoredConsent = {
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
}

export type LegalConsent = {
  /** The legal checkbox is on and the app linked something to agree to. */
  required: boolean
  /** The visitor ticked it, now or on an earlier visit, for these very documents. */
  agreed: boolean
  setAgreed(agreed: boolean): void
}

/**
 * The legal checkbox's state (SPEC §6 `legalCheckbox`, off by default). The tick is kept in the
 * instance's storage with the documents' URLs, so a visitor agrees once, and again only when
 * the app links other terms or another privacy policy.
 */
export function useLegalConsent(): LegalConsent {
  const foyer = useFoyer()
  const { legalCheckbox } = useFeatures()
  const { termsConditionsUrl, privacyPolicyUrl } = foyer.config
  const required = legalCheckbox && Boolean(termsConditionsUrl || privacyPolicyUrl)
  const [agreed, setAgreedState] = useState(() => {
    const stored = foyer.storage.getItem<StoredConsent>(STORAGE_KEYS.legalConsent)
    return (
      stored?.termsConditionsUrl === termsConditionsUrl &&
      stored?.privacyPolicyUrl === privacyPolicyUrl
    )
  })
  const setAgreed = useCallback(
    (next: boolean) => {
      setAgreedState(next)
      const consent: StoredConsent = { termsConditionsUrl, privacyPolicyUrl }
      foyer.storage.setItem(STORAGE_KEYS.legalConsent, next ? consent : undefined)
    },
    [foyer, termsConditionsUrl, privacyPolicyUrl],
  )
  return { required, agreed: !required || agreed, setAgreed }
}
