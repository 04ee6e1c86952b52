import { ACCOUNT_TABS, type AccountTab } from '@foyer/core'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useFeatures } from '../../../hooks/useFeatures.ts'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { useFoyerState } from '../../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { isRightToLeft } from '../../listKeyboard.ts'
import { ActivityTab } from './ActivityTab.tsx'
import { NftsTab } from './NftsTab.tsx'
import { TokensTab } from './TokensTab.tsx'

const tabLabels: Record<AccountTab, MessageKey> = {
  Tokens: 'account.tab.Tokens',
  NFTs: 'account.tab.NFTs',
  Activity: 'account.tab.Activity',
}

/**
 * Tokens, NFTs and Activity (SPEC §2) as an ARIA tab set. NFTs and Activity exist only on EVM
 * networks (SPEC §6), Activity only with the activity feature on.
 */
export function AccountTabs() {
  const { t } = useFoyerContext()
  const namespace = useFoyerState((state) => state.activeNetwork.chainNamespace)
  const features = useFeatures()
  const tabs = ACCOUNT_TABS.filter((tab) => {
    if (tab === 'Tokens') return true
    if (namespace !== 'eip155') return false
    return tab === 'NFTs' || features.activity
  })
  // A view may send the visitor to a tab (`navigate(foyer, { view: 'Account', data: { tab } })`).
  const requestedTab = useFoyerState((state) => state.dialog.data?.tab)
  const [chosen, setChosen] = useState<AccountTab>(() =>
    (ACCOUNT_TABS as readonly unknown[]).includes(requestedTab)
      ? (requestedTab as AccountTab)
      : 'Tokens',
  )
  const selected = tabs.includes(chosen) ? chosen : 'Tokens'
  const baseId = useId()
  const tabRefs = useRef(new Map<AccountTab, HTMLButtonElement>())

  // Arrow keys move between tabs and select them (automatic activation); in right-to-left text
  // the next tab is on the left.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected)
    const [nextKey, previousKey] = isRightToLeft(event.currentTarget)
      ? ['ArrowLeft', 'ArrowRight']
      : ['ArrowRight', 'ArrowLeft']
    const next =
      event.key === nextKey
        ? tabs[(index + 1) % tabs.length]
        : event.key === previousKey
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined
    if (!next) return
    event.preventDefault()
    setChosen(next)
    tabRefs.current.get(next)?.focus()
  }

  return (
    <div className="foyer-actions">
      <div
        role="tablist"
        aria-label={t('account.tabs')}
        className="foyer-grid"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element)
              else tabRefs.current.delete(tab)
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab}`}
            aria-controls={`${baseId}-panel-${tab}`}
            aria-selected={tab === selected}
            tabIndex={tab === selected ? 0 : -1}
            className="foyer-button"
            data-variant={tab === selected ? undefined : 'secondary'}
            onClick={() => setChosen(tab)}
          >
            {t(tabLabels[tab])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${selected}`}
        aria-labelledby={`${baseId}-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable per the ARIA tabs pattern
        tabIndex={0}
      >
        {selected === 'Tokens' ? <TokensTab /> : null}
        {selected === 'NFTs' ? <NftsTab /> : null}
        {selected === 'Activity' ? <ActivityTab /> : null}
      </div>
    </div>
  )
}
