// @vitest-environment happy-dom
import { createFoyer, createLazyAdapter, createMemoryStorage, createStorage } from '@foyer/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ConnectButton } from './components/ConnectButton.tsx'
import { FoyerProvider } from './FoyerProvider.tsx'
import { anvilChain, idleWalletsAdapter } from './testUtils.tsx'

// Which lazily loaded code has been evaluated (this file has its own module registry).
const loaded = vi.hoisted(() => ({ dialog: 0 }))
vi.mock('./dialog/index.ts', async (importOriginal) => {
  loaded.dialog++
  return importOriginal()
})

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('the dialog before the click', () => {
  test('loads after the page is idle with late-loading adapters, mounted closed; a click then shows the first wallet row in its own render', async () => {
    const load = vi.fn(async () =>
      idleWalletsAdapter([{ id: 'late', name: 'Late Wallet', type: 'injected' }]),
    )
    const foyer = createFoyer({
      networks: [anvilChain('http://127.0.0.1:9')],
      adapters: [createLazyAdapter({ namespace: 'eip155', load })],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    // The page's first render: nothing of the dialog, no adapter code.
    expect(loaded.dialog).toBe(0)
    expect(load).not.toHaveBeenCalled()
    expect(document.querySelector('[data-foyer-host]')).toBeNull()

    // Idle: the dialog and the adapter are loaded, the overlay is there but nothing is drawn.
    const host = await waitFor(
      () => {
        const element = document.querySelector('[data-foyer-host]')
        if (!element) throw new Error('not mounted yet')
        return element
      },
      // Idle comes within IDLE_TIMEOUT_MS of the page's frames; a loaded runner adds seconds.
      { timeout: 10_000 },
    )
    expect(loaded.dialog).toBe(1)
    expect(load).toHaveBeenCalledTimes(1)
    expect(foyer.getState().connectors.map((connector) => connector.id)).toEqual(['late'])
    expect(host.shadowRoot?.querySelector('[role="dialog"]')).toBeNull()

    // The click renders the dialog with its wallet rows at once, waiting on nothing.
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' })))
    const dialog = host.shadowRoot?.querySelector('[role="dialog"]')
    expect(dialog?.getAttribute('data-view')).toBe('Connect')
    expect(dialog?.querySelector('[data-connector-id="late"]')?.textContent).toContain(
      'Late Wallet',
    )
    // The view it opens on is shown from its first frame, not faded in from transparent.
    expect(dialog?.querySelector('.foyer-view')?.hasAttribute('data-foyer-first-view')).toBe(true)
  })

  test('lists the wallets the visitor left on an earlier visit once the dialog is loaded, not before', async () => {
    const storage = createStorage({ storage: createMemoryStorage() })
    const left = {
      connectorId: 'gone',
      accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }],
    }
    storage.setItem('connections', { eip155: [left] })
    const foyer = createFoyer({ networks: [anvilChain('http://127.0.0.1:9')], storage })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    // The page's first load does not read them…
    expect(foyer.getState().connections).toEqual({})
    // …the dialog's preparation does, before its first frame (ProfileWallets lists them).
    await waitFor(() => expect(document.querySelector('[data-foyer-host]')).not.toBeNull(), {
      timeout: 10_000,
    })
    expect(foyer.getState().connections).toEqual({
      eip155: [{ ...left, status: 'disconnected' }],
    })
    expect(foyer.getState().status).toBe('disconnected')
  })
})
