// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createShadowHost, themeVariablesToCss } from './shadowHost.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('themeVariablesToCss', () => {
  test('keeps --foyer-* variables and drops values that could escape the declaration', () => {
    const css = themeVariablesToCss({
      '--foyer-accent': '#47a1ff',
      '--foyer-border-radius': 8,
      '--foyer-font-family': 'Inter; } body { display: none',
      color: 'red',
      '--foyer-z-index': 1000,
      '--foyer-modal-width': '420px',
    })
    // Numbers are pixels for lengths, unitless for the z-index.
    expect(css).toBe(
      '.foyer-theme.foyer-theme[data-theme] { --foyer-accent: #47a1ff; --foyer-border-radius: 8px; --foyer-z-index: 1000; --foyer-modal-width: 420px; }',
    )
    expect(themeVariablesToCss({})).toBe('')
  })
})

describe('createShadowHost', () => {
  test('adopts constructable stylesheets where supported: no <style> element', () => {
    const host = createShadowHost({ document, css: '.a { color: red; }' })
    expect(host.styleDelivery).toBe('adoptedStyleSheets')
    expect(host.shadowRoot.querySelector('style')).toBeNull()
    expect(host.host.parentElement).toBe(document.body)
    host.destroy()
    expect(document.querySelector('[data-foyer-host]')).toBeNull()
  })

  test('keeps the dialog container out of the document until attached, then before the toasts', () => {
    const host = createShadowHost({ document, css: '.a { color: red; }' })
    expect(host.dialogContainer.isConnected).toBe(false)
    host.setDialogAttached(true)
    host.setDialogAttached(true)
    expect([...host.shadowRoot.children]).toEqual([host.dialogContainer, host.container])
    host.setDialogAttached(false)
    expect(host.dialogContainer.isConnected).toBe(false)
    expect([...host.shadowRoot.children]).toEqual([host.container])
    host.destroy()
  })

  test('falls back to <style> elements carrying the nonce without constructable stylesheets', () => {
    // As in browsers before constructable stylesheets (Safari < 16.4).
    vi.stubGlobal('CSSStyleSheet', undefined)
    try {
      const host = createShadowHost({
        document,
        css: '.a { color: red; }',
        themeVariables: { '--foyer-accent': 'red' },
        nonce: 'r4nd0m',
      })
      expect(host.styleDelivery).toBe('styleElement')
      const styles = [...host.shadowRoot.querySelectorAll('style')]
      expect(styles.map((style) => style.getAttribute('nonce'))).toEqual(['r4nd0m', 'r4nd0m'])
      expect(styles[0]!.textContent).toBe('.a { color: red; }')
      host.setThemeVariables({ '--foyer-accent': 'blue' })
      expect(styles[1]!.textContent).toContain('--foyer-accent: blue;')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
