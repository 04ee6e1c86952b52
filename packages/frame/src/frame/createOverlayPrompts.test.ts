// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createOverlay } from '../ui/createOverlay.ts'
import { createOverlayPrompts } from './createOverlayPrompts.ts'

const approval = {
  approvalId: 'approval-123456',
  browser: 'Firefox 127',
  os: 'Windows',
  place: 'Lyon, France',
  createdAt: '2030-01-01T10:00:00.000Z',
  expiresAt: '2030-01-01T10:30:00.000Z',
}

function prompts() {
  const overlay = createOverlay({
    document,
    window,
    onShow: () => {},
    onHide: () => {},
    observeVisibility: () => () => {},
  })
  return createOverlayPrompts({ overlay, document, approvalContext: {} as never })
}

const buttonNamed = (name: string) =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
    (button) => button.textContent === name,
  )
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the overlay asks a signed-in device about a device waiting to log in', () => {
  it('names the device, place and time; "This wasn\'t me" answers false', async () => {
    const answer = prompts().approveLogin!(approval, { signal: new AbortController().signal })
    await settle()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.textContent).toContain('Log in on another device?')
    expect(dialog.textContent).toContain('Firefox 127 on Windows')
    expect(dialog.textContent).toContain('Near Lyon, France (approximate)')
    expect(buttonNamed('Approve')).toBeTruthy()
    buttonNamed("This wasn't me")!.click()
    expect(await answer).toBe(false)
  })

  it('goes away when the request was answered elsewhere', async () => {
    const answered = new AbortController()
    const answer = prompts().approveLogin!(approval, { signal: answered.signal })
    await settle()
    expect(document.querySelector('[role="dialog"]')).not.toBeNull()
    answered.abort()
    expect(await answer).toBeUndefined()
    expect(document.querySelector('[role="dialog"]')).toBeNull()
  })
})
