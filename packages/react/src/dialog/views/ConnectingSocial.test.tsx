// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage, navigate } from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog } from '../../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('ConnectingSocial', () => {
  test('reached before any login started (a switch to a disconnected social wallet), it offers the button that starts it', async () => {
    const foyer = createFoyer({
      networks: [anvilChain('http://127.0.0.1:9')],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'ConnectingSocial', data: { socialProvider: 'github' } }))
    const { dialog, within: inDialog } = await findDialog()
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingSocial'))
    const start = await inDialog.findByRole('button', { name: 'Continue with GitHub' })
    expect(
      dialog.querySelector('[data-foyer-social-status]')?.getAttribute('data-foyer-social-status'),
    ).toBe('idle')
    // Started from the click: without an embedded wallet configured it fails at once, and says so.
    fireEvent.click(start)
    expect(await inDialog.findByText('No auth connector found')).toBeTruthy()
  })
})
