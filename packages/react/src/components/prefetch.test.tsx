// @vitest-environment happy-dom
import { connect, type View } from '@foyer/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../testUtils.tsx'
import { ConnectButton } from './ConnectButton.tsx'
import { NetworkButton } from './NetworkButton.tsx'

// Which lazily loaded code has been evaluated: the dialog chunk and the view chunks it preloads.
// This file has its own module registry, so nothing is loaded before its first test.
const loaded = vi.hoisted(() => ({ dialog: 0, views: [] as string[] }))
vi.mock('../dialog/index.ts', async (importOriginal) => {
  loaded.dialog++
  return importOriginal()
})
vi.mock('../dialog/views/Connect.tsx', async (importOriginal) => {
  loaded.views.push('Connect')
  return importOriginal()
})
vi.mock('../dialog/views/Account.tsx', async (importOriginal) => {
  loaded.views.push('Account')
  return importOriginal()
})
vi.mock('../dialog/views/SwitchNetwork.tsx', async (importOriginal) => {
  loaded.views.push('SwitchNetwork')
  return importOriginal()
})

beforeEach(() => {
  document.body.innerHTML = ''
})

/** No dialog drawn over the page (the overlay's host may be there, mounted closed once idle). */
const openDialogElement = () =>
  document.querySelector('[data-foyer-host]')?.shadowRoot?.querySelector('[role="dialog"]') ?? null
afterEach(() => {
  cleanup()
})

describe('prefetching the dialog', () => {
  test('hovering the connect button loads the dialog and its first view without opening it', async () => {
    const { foyer } = createTestSetup()
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
        <NetworkButton />
      </FoyerProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(loaded).toEqual({ dialog: 0, views: [] })

    fireEvent.pointerEnter(button)
    await waitFor(() => expect(loaded.views).toEqual(['Connect']))
    expect(loaded.dialog).toBe(1)
    // Loaded, not opened: no dialog drawn over the page, even once the prefetch settled.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(foyer.getState().dialog.open).toBe(false)
    expect(openDialogElement()).toBeNull()

    // The click then opens on code that is already there.
    fireEvent.click(button)
    const { dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Connect')
    expect(loaded.dialog).toBe(1)
  })

  test('focusing the connect button of a connected visitor prefetches Account', async () => {
    expect(loaded.views).not.toContain('Account' satisfies View)
    const { foyer } = createTestSetup()
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton showBalance={false} />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    const button = await screen.findByRole('button', { name: 'Anvil 0xf39F…2266' })
    act(() => button.focus())
    await waitFor(() => expect(loaded.views).toContain('Account'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(foyer.getState().dialog.open).toBe(false)
    expect(openDialogElement()).toBeNull()
  })

  test('focusing the network button prefetches the network list', async () => {
    expect(loaded.views).not.toContain('SwitchNetwork' satisfies View)
    const { foyer } = createTestSetup()
    render(
      <FoyerProvider foyer={foyer}>
        <NetworkButton />
      </FoyerProvider>,
    )
    act(() => screen.getByRole('button', { name: 'Anvil' }).focus())
    await waitFor(() => expect(loaded.views).toContain('SwitchNetwork'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(foyer.getState().dialog.open).toBe(false)
    expect(openDialogElement()).toBeNull()
  })
})
