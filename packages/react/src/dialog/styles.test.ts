import { DEFAULT_Z_INDEX, MODAL_WIDTH_PX, THEME_COLORS } from '@foyer/core'
import { describe, expect, test } from 'vitest'
import { dialogStyles } from './styles.ts'

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(selector: string): string {
  const start = dialogStyles.indexOf(`\n${selector} {`)
  expect(start, selector).toBeGreaterThanOrEqual(0)
  return dialogStyles.slice(start, dialogStyles.indexOf('}', start))
}

describe('the dialog stylesheet', () => {
  test("SPEC §9's defaults: 360 px wide, z-index 999, dark with its accent and background", () => {
    expect(MODAL_WIDTH_PX).toBe(360)
    expect(DEFAULT_Z_INDEX).toBe(999)
    expect(rule(':host')).toContain(`--foyer-modal-width: ${MODAL_WIDTH_PX}px;`)
    expect(rule(':host')).toContain(`--foyer-z-index: ${DEFAULT_Z_INDEX};`)
    // The unqualified theme rule is the dark one; light needs data-theme="light".
    const dark = rule('.foyer-theme')
    expect(dark).toContain('color-scheme: dark;')
    expect(dark).toContain(`--foyer-background: ${THEME_COLORS.dark.background};`)
    expect(dark.replaceAll(' ', '')).toContain(`--foyer-accent:${THEME_COLORS.dark.accent};`)
    expect(rule('.foyer-card')).toContain('width: var(--foyer-modal-width);')
    expect(rule('.foyer-root')).toContain('z-index: var(--foyer-z-index);')
  })

  test('lays out with logical properties, so right-to-left mirrors it', () => {
    const physical = [
      ...dialogStyles.matchAll(
        /(?:margin|padding|border)-(?:left|right)\b|border-(?:top|bottom)-(?:left|right)-radius|(?<![\w-])(?:left|right):(?! 50%)|text-align: (?:left|right)/g,
      ),
    ].map(([match]) => match)
    expect(physical).toEqual([])
    expect(dialogStyles).toContain("[dir='rtl'] .foyer-mirror-rtl { transform: scaleX(-1); }")
  })

  test('SPEC §9 motion: header text 120 ms, height 150 ms, view 150 ms, shake 500 ms; none when the visitor asks for reduced motion', () => {
    const host = rule(':host')
    expect(host).toContain('--foyer-duration-header: 120ms;')
    expect(host).toContain('--foyer-duration-height: 150ms;')
    expect(host).toContain('--foyer-duration-view: 150ms;')
    expect(host).toContain('--foyer-duration-shake: 500ms;')
    expect(rule('.foyer-title')).toContain('var(--foyer-duration-header)')
    expect(rule('.foyer-body')).toContain('transition: height var(--foyer-duration-height)')
    expect(rule('.foyer-view')).toContain('var(--foyer-duration-view)')
    expect(rule(".foyer-card[data-shake='true']")).toContain('var(--foyer-duration-shake)')
    const reduced = dialogStyles.slice(
      dialogStyles.indexOf('@media (prefers-reduced-motion: reduce)'),
    )
    expect(reduced).toMatch(
      /\.foyer-theme \*,[\s\S]*animation: none !important;[\s\S]*transition: none !important;/,
    )
  })

  test('the All Wallets icon and the skeletons are drawn from the theme, never an empty box', () => {
    expect(rule('.foyer-wallet-grid-icon')).toContain('grid-template-columns: 1fr 1fr;')
    expect(rule('.foyer-wallet-grid-empty')).toContain('background: var(--foyer-border);')
    expect(rule('.foyer-skeleton-icon')).toContain('background: var(--foyer-surface-hover);')
  })
})
