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
})
