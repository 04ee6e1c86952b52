// @vitest-environment happy-dom
import { navigate, open } from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
// The server runs in a child Node process: happy-dom's module transform cannot load the devnet.
import { spawnTestServer } from '../../../../core/src/api/spawnTestServer.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../testUtils.tsx'
import { createRegistryWalletSource } from './walletRegistry.ts'

let serverUrl: string
let stop: () => Promise<void>
beforeAll(async () => {
  ;({ serverUrl, stop } = await spawnTestServer())
}, 120_000)
afterAll(async () => {
  await stop?.()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

/** happy-dom computes no layout: this IntersectionObserver reports when the test says so. */
function installManualIntersectionObserver() {
  const callbacks = new Map<Element, IntersectionObserverCallback>()
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        callbacks.set(target, this.callback)
      }
      unobserve() {}
      disconnect() {
        for (const [target, callback] of callbacks)
          if (callback === this.callback) callbacks.delete(target)
      }
      takeRecords() {
        return []
      }
    },
  )
  return (target: Element) =>
    callbacks.get(target)?.(
      [{ isIntersecting: true, target } as IntersectionObserverEntry],
      {} as IntersectionObserver,
    )
}

const setup = () => createTestSetup({ config: { serverUrl, projectId: 'foyer-dev' } })

describe('wallet registry in the dialog', () => {
  test('All Wallets lists the installed wallet first, then the registry 40 per page', async () => {
    const scrollIntoView = installManualIntersectionObserver()
    const { foyer } = setup()
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within, root } = await findDialog()
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(41))
    const buttons = within.getAllByRole('button').filter((b) => b.hasAttribute('data-wallet-id'))
    expect(buttons[0]!.textContent).toBe('Foyer Test Wallet')
    const registryImage = buttons[1]!.querySelector('img')!.getAttribute('src')!
    expect(registryImage.startsWith(`${serverUrl}/getWalletImage/`)).toBe(true)
    expect((await fetch(registryImage)).status).toBe(200)

    act(() => scrollIntoView(root.querySelector('.foyer-sentinel')!))
    await waitFor(() => expect(within.getAllByRole('listitem')).toHaveLength(81))
  })

  test('searching All Wallets asks the registry', async () => {
    const { foyer } = setup()
    render(<FoyerProvider foyer={foyer} />)
    act(() => navigate(foyer, { view: 'AllWallets' }))
    const { within } = await findDialog()
    fireEvent.change(await within.findByRole('searchbox', { name: 'Search wallets' }), {
      target: { value: 'rainbow' },
    })
    // The unfiltered first page may already list Rainbow: wait for the search results themselves.
    await waitFor(() => {
      expect(within.getAllByRole('listitem').map((item) => item.textContent)).toContain('Rainbow')
      expect(within.queryByRole('button', { name: 'Foyer Test Wallet' })).toBeNull()
    })
  })

  test('a search returns at most 100 wallets', async () => {
    const { foyer } = setup()
    const source = createRegistryWalletSource(foyer, foyer.getState().connectors)
    // Nearly every name has an "a".
    const { data, count } = await source({ page: 1, entries: 100, search: 'a' })
    expect(data.length).toBeGreaterThan(40)
    expect(data.length).toBeLessThanOrEqual(100)
    expect(count).toBe(data.length)
  })

  test('Connect shows the 4 recommended wallets of the registry', async () => {
    const { foyer } = setup()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()
    await waitFor(() => expect(within.getAllByText('Recommended')).toHaveLength(4))
    expect(within.getByRole('button', { name: 'Foyer Test Wallet Installed' })).toBeTruthy()
  })
})
