// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from './components/ConnectButton.tsx'
import { FoyerProvider } from './FoyerProvider.tsx'
import { createTestSetup, findDialog } from './testUtils.tsx'

// The dialog chunk fails to arrive the first time (offline, a new deployment), then arrives.
const attempts = vi.hoisted(() => ({ dialog: 0 }))
vi.mock('./dialog/index.ts', async (importOriginal) => {
  attempts.dialog++
  if (attempts.dialog === 1) throw new TypeError('Failed to fetch dynamically imported module')
  return importOriginal()
})

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('a dialog whose code does not arrive', () => {
  test('leaves the dialog closed and the page usable; the next click tries again and opens it', async () => {
    const { foyer } = createTestSetup()
    render(
      <FoyerProvider foyer={foyer} reconnectOnMount={false}>
        <ConnectButton />
      </FoyerProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    fireEvent.click(button)
    expect(foyer.getState().dialog.open).toBe(true)
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(attempts.dialog).toBe(1)
    expect(document.querySelector('[data-foyer-host]')).toBeNull()

    fireEvent.click(button)
    const { dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Connect')
    expect(attempts.dialog).toBe(2)
  })
})
