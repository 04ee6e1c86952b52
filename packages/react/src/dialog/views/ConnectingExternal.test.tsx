// @vitest-environment happy-dom
import { open } from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('ConnectingExternal', () => {
  test('a rejected connection shows "Connection rejected" and Retry connects', async () => {
    const { foyer, wallets } = createTestSetup({ behaviour: { connect: 'reject' } })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()

    fireEvent.click(await within.findByRole('button', { name: /Foyer Test Wallet/ }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingExternal'))
    expect(within.getByRole('heading', { name: 'Foyer Test Wallet' })).toBeTruthy()
    expect(await within.findByText('Connection rejected')).toBeTruthy()
    expect(foyer.getState().status).toBe('disconnected')

    wallets[0]!.wallet.setBehaviour({ connect: 'approve' })
    fireEvent.click(within.getByRole('button', { name: 'Try again' }))
    // A successful connection closes the dialog (core) with the account connected.
    await waitFor(() => expect(foyer.getState().status).toBe('connected'))
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(foyer.getState().account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  test('a rejected connection shakes the dialog for 500 ms', async () => {
    const { foyer } = createTestSetup({ behaviour: { connect: 'reject' } })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    expect(dialog.getAttribute('data-shake')).toBe('false')
    // When the attribute changed, and to what: the shake must start with the error and end 500 ms
    // later by itself.
    const changes: { value: string | null; at: number }[] = []
    const observer = new MutationObserver(() =>
      changes.push({ value: dialog.getAttribute('data-shake'), at: performance.now() }),
    )
    observer.observe(dialog, { attributes: true, attributeFilter: ['data-shake'] })
    try {
      fireEvent.click(await within.findByRole('button', { name: /Foyer Test Wallet/ }))
      expect(await within.findByText('Connection rejected')).toBeTruthy()
      await waitFor(() => expect(dialog.getAttribute('data-shake')).toBe('true'))
      await waitFor(() => expect(dialog.getAttribute('data-shake')).toBe('false'), {
        timeout: 2_000,
      })
      expect(changes.map((change) => change.value)).toEqual(['true', 'false'])
      const [start, end] = changes as [(typeof changes)[0], (typeof changes)[0]]
      // 500 ms exactly is tested with fake timers in core; here real time, with slack for a busy
      // machine committing the 'true' late or the 'false' later.
      expect(end.at - start.at).toBeGreaterThanOrEqual(400)
      expect(end.at - start.at).toBeLessThan(1_500)
      // Still on the error, which stays after the shake.
      expect(within.getByText('Connection rejected')).toBeTruthy()
    } finally {
      observer.disconnect()
    }
  })

  test('shows the waiting state while the wallet has not answered', async () => {
    const { foyer } = createTestSetup()
    // A wallet that never answers: the request stays pending, as with an unanswered popup.
    const connector = foyer.getState().connectors[0]!
    connector.connect = () => new Promise(() => {})
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'ConnectingExternal', data: { connectorId: connector.id } }))
    const { within } = await findDialog()
    expect(await within.findByText('Continue in Foyer Test Wallet')).toBeTruthy()
    expect(foyer.getState().status).toBe('connecting')

    // Closing the dialog ends the attempt with 'Modal closed' and no error is left behind.
    fireEvent.click(within.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
  })
})
