// @vitest-environment happy-dom
import { close, connect } from '@foyer/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog } from '../testUtils.tsx'
import { NetworkButton } from './NetworkButton.tsx'
import { networkIconUrl } from './NetworkIcon.tsx'

/** The page's stylesheets, adopted through the CSSOM (as a strict CSP needs) or as <style> elements. */
function pageCss(): string {
  const adopted = document.adoptedStyleSheets.flatMap((sheet) =>
    [...sheet.cssRules].map((rule) => rule.cssText),
  )
  const elements = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '')
  return [...adopted, ...elements].join('\n')
}

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

// No chain is needed: switching is the wallet's business, balances may fail quietly.
const rpcUrl = 'http://127.0.0.1:9'
const bothNetworks = [anvilChain(rpcUrl), anvilChain(rpcUrl, 31338, 'Anvil B')] as const

function renderButton(config: Parameters<typeof createTestSetup>[0] = {}) {
  const setup = createTestSetup({ rpcUrl, config: { networks: bothNetworks }, ...config })
  render(
    <FoyerProvider foyer={setup.foyer}>
      <NetworkButton />
    </FoyerProvider>,
  )
  return setup
}

/** The label of each network row, and which one is marked current. */
async function networkRows(within: Awaited<ReturnType<typeof findDialog>>['within']) {
  const rows = await within.findAllByRole('button', { name: /^Anvil/ })
  return rows.map((row) => ({
    name: row.querySelector('.foyer-list-item-label')?.textContent,
    current: row.getAttribute('aria-current') === 'true',
  }))
}

describe('NetworkButton', () => {
  test('disconnected, it opens the network list (not Connect) and picking one sets the app network', async () => {
    const { foyer } = renderButton()
    const button = screen.getByRole('button', { name: 'Anvil' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')

    fireEvent.click(button)
    const { dialog, within } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork')
    expect(within.getByRole('heading').textContent).toBe('Choose Network')
    expect(await networkRows(within)).toEqual([
      { name: 'Anvil', current: true },
      { name: 'Anvil B', current: false },
    ])
    // No wallet: the current network is the app's choice, not a connection.
    expect(within.getByRole('button', { name: 'Anvil Selected' })).toBeTruthy()

    fireEvent.click(within.getByRole('button', { name: 'Anvil B' }))
    await waitFor(() => expect(foyer.getState().activeNetwork.id).toBe(31338))
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(foyer.getState().status).toBe('disconnected')
    expect(await screen.findByRole('button', { name: 'Anvil B' })).toBeTruthy()
  })

  test('connected, it opens the network list and picking one switches the wallet', async () => {
    const { foyer, wallets } = renderButton()
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    act(() => close(foyer))

    fireEvent.click(screen.getByRole('button', { name: 'Anvil' }))
    const { dialog, within } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork')
    expect(await within.findByRole('button', { name: 'Anvil Connected' })).toBeTruthy()
    fireEvent.click(await within.findByRole('button', { name: 'Anvil B' }))
    await waitFor(() => expect(wallets[0]!.wallet.chainId).toBe(31338))
    await waitFor(() => expect(foyer.getState().activeNetwork.id).toBe(31338))
    expect(await screen.findByRole('button', { name: 'Anvil B' })).toBeTruthy()
  })

  test("on a network the app does not list, it reads 'Unknown network' in the warning look and opens the network list", async () => {
    const { foyer, wallets } = renderButton({ config: { networks: [anvilChain(rpcUrl)] } })
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    act(() => wallets[0]!.wallet.switchChainFromWallet(31338))
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(true))
    act(() => close(foyer))

    const button = await screen.findByRole('button', { name: 'Unknown network' })
    expect(button.hasAttribute('data-unsupported')).toBe(true)
    expect(button.getAttribute('data-state')).toBe('wrong-network')
    fireEvent.click(button)
    const { dialog, within } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork')
    expect(await networkRows(within)).toEqual([{ name: 'Anvil', current: false }])
  })

  test("shows the network's mark, styled as the connect button", async () => {
    renderButton()
    const button = screen.getByRole('button', { name: 'Anvil' })
    expect(button.className).toBe('foyer-trigger')
    expect(button.getAttribute('data-theme')).toBe('dark')
    expect(pageCss()).toContain('data-state=')
    // The mark is decorative: the name beside it says it.
    await waitFor(() =>
      expect(button.querySelector('img')?.getAttribute('src')).toBe(
        networkIconUrl({ caipNetworkId: 'eip155:31337', chainNamespace: 'eip155' }),
      ),
    )
    expect(button.querySelector('img')?.getAttribute('alt')).toBe('')
  })

  test('unstyled, it shows the name alone', () => {
    const setup = createTestSetup({ rpcUrl, config: { networks: bothNetworks } })
    render(
      <FoyerProvider foyer={setup.foyer}>
        <NetworkButton unstyled />
      </FoyerProvider>,
    )
    const button = screen.getByRole('button', { name: 'Anvil' })
    expect(button.hasAttribute('class')).toBe(false)
    expect(button.querySelector('img, i')).toBeNull()
    expect(
      renderToString(
        <FoyerProvider foyer={setup.foyer}>
          <NetworkButton unstyled />
        </FoyerProvider>,
      ),
    ).not.toContain('<style')
  })
})
