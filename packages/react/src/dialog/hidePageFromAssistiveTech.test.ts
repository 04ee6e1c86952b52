// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest'
import { hidePageFromAssistiveTech } from './hidePageFromAssistiveTech.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('hidePageFromAssistiveTech', () => {
  test('hides every sibling of the host and restores each one as it was', () => {
    document.body.innerHTML =
      '<main id="app"></main><aside id="already" aria-hidden="false"></aside><div id="host"></div>'
    const already = document.getElementById('already')!
    already.inert = true
    const app = document.getElementById('app')!
    const host = document.getElementById('host')!

    const restore = hidePageFromAssistiveTech(host)
    expect(app.inert).toBe(true)
    expect(app.getAttribute('aria-hidden')).toBe('true')
    expect(already.getAttribute('aria-hidden')).toBe('true')
    expect(host.inert).toBe(false)
    expect(host.hasAttribute('aria-hidden')).toBe(false)

    restore()
    expect(app.inert).toBe(false)
    expect(app.hasAttribute('aria-hidden')).toBe(false)
    expect(already.inert).toBe(true)
    expect(already.getAttribute('aria-hidden')).toBe('false')
  })
})
