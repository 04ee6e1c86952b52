// @vitest-environment happy-dom
import { navigate, open, shakeDialog } from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../testUtils.tsx'

// Its own file: the view under test must not have been loaded by another test first.
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

test('a view opened before its code arrived keeps what the visitor typed when the dialog re-renders', async () => {
  const { foyer } = createTestSetup()
  render(<FoyerProvider foyer={foyer} />)
  act(() => open(foyer))
  const { within, dialog } = await findDialog()
  act(() => navigate(foyer, { view: 'AllWallets' }))
  const search = (await within.findByRole('searchbox')) as HTMLInputElement
  fireEvent.change(search, { target: { value: 'ledger' } })
  expect(search.value).toBe('ledger')

  // Anything that re-renders the dialog (here the error shake) must not remount the view.
  act(() => shakeDialog(foyer))
  await waitFor(() => expect(dialog.getAttribute('data-shake')).toBe('true'))
  expect(search.isConnected).toBe(true)
  expect((within.getByRole('searchbox') as HTMLInputElement).value).toBe('ledger')
})
