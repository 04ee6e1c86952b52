import type { ThemeMode } from '@foyer/core'
import type { CSSProperties } from 'react'
import { useFoyerContext } from '../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../hooks/useFoyerState.ts'
import { themeProperties } from '../utils/themeVariables.ts'
import { PageStyleSheet } from './pageStyleSheet.tsx'

/**
 * The look of the buttons on the page (`.foyer-trigger`), from the dialog's theme variables: the
 * same accent and radius; dark by default (SPEC §9), light with `data-theme="light"`, and with
 * "system" the visitor's scheme, decided by CSS so a server render needs no guess. Kept small:
 * it is part of every page's first load, so it holds only the accent look of Connect and
 * Connecting; the surface look of a connected or network button is `surfaceStyles`, loaded with
 * them, and so is the connecting spinner's (`ConnectingSpinner`).
 */
export const triggerStyles = `.foyer-trigger{--foyer-accent:hsla(230,100%,67%,1);display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 14px;border:1px solid transparent;border-radius:calc(var(--foyer-border-radius,16px)*.75);background:var(--foyer-accent);color:#0b0d1a;font:600 15px var(--foyer-font-family,system-ui,sans-serif);white-space:nowrap;cursor:pointer}
.foyer-trigger[data-theme=light]{--foyer-accent:hsla(231,100%,70%,1)}
@media (prefers-color-scheme:light){.foyer-trigger[data-theme=system]{--foyer-accent:hsla(231,100%,70%,1)}}
.foyer-trigger:hover{filter:brightness(1.1)}
.foyer-trigger:focus-visible{outline:2px solid var(--foyer-accent);outline-offset:2px}`

export type TriggerLook = {
  className: string
  'data-theme': ThemeMode
  style: CSSProperties
}

/**
 * The class, theme and theme variables of a styled button, merged with the app's own `className`
 * and `style`; the app's theme variables (accent, radius…) are set on the button itself, as the
 * dialog sets them on its root.
 */
export function useTriggerLook(className?: string, style?: CSSProperties): TriggerLook {
  const { themeMode, themeVariables } = useFoyerState(
    ({ themeMode, themeVariables }) => ({ themeMode, themeVariables }),
    shallowEqual,
  )
  return {
    className: className ? `foyer-trigger ${className}` : 'foyer-trigger',
    'data-theme': themeMode,
    style: { ...themeProperties(themeVariables), ...style },
  }
}

/**
 * The stylesheet, once per page whatever the number of buttons: React 19 hoists it into the
 * document's head (in a server render too) and dedupes it by `href`.
 */
export function TriggerStyles() {
  const { nonce } = useFoyerContext()
  return <PageStyleSheet id="foyer-trigger" css={triggerStyles} nonce={nonce} />
}
