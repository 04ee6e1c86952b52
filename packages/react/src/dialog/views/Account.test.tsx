// @vitest-environment happy-dom
import { connect, open } from '@foyer/core'
import { type StartAnvilReturnType as AnvilInstance, startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../testUtils.tsx'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

async function openConnectedAccount() {
  const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  act(() => open(foyer))
  return { foyer, ...(await findDialog()) }
}

describe('Account', () => {
  test('shows the account, its balance and network', async () => {
    const { within, dialog } = await openConnectedAccount()
    expect(dialog.getAttribute('data-view')).toBe('Account')
    expect(await within.findByText('0xf39F…2266')).toBeTruthy()
    // The headline balance (the token list below may show the same quantity once it loads).
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH'),
    )
    expect(within.getByRole('button', { name: 'Network Anvil' })).toBeTruthy()
  })

  test('shows the profile name instead of the address, as soon as it is known', async () => {
    const { foyer, within } = await openConnectedAccount()
    const account = await within.findByText('0xf39F…2266')
    act(() =>
      foyer.store.setState((state) => ({
        account: { ...state.account, profileName: 'alice.eth' },
      })),
    )
    await waitFor(() => expect(account.textContent).toBe('alice.eth'))
    // The full address stays at hand in its title; the shortened one is gone.
    expect(account.getAttribute('title')).toBe(address)
    expect(within.queryByText('0xf39F…2266')).toBeNull()
  })

  test('tells the visitor the connection to their wallet is lost while it reconnects', async () => {
    const { foyer, within } = await openConnectedAccount()
    await within.findByText('0xf39F…2266')
    const message = 'Connection to your wallet lost. Reconnecting…'
    expect(within.queryByText(message)).toBeNull()
    // What core records while the wallet's relay is unreachable (a `linkChanged` event).
    act(() => foyer.store.setState({ reconnectingConnectors: ['dev.foyer.foyertestwallet'] }))
    const notice = await within.findByText(message)
    expect(notice.closest('[role="status"]')).toBeTruthy()
    act(() => foyer.store.setState({ reconnectingConnectors: [] }))
    await waitFor(() => expect(within.queryByText(message)).toBeNull())
  })

  test('copies the address and confirms with a toast', async () => {
    const { within: inDialog, root } = await openConnectedAccount()
    fireEvent.click(await inDialog.findByRole('button', { name: 'Copy address' }))
    await waitFor(() =>
      expect(
        within(root as unknown as HTMLElement)
          .getAllByRole('status')
          .some((region) => region.textContent === 'Address copied'),
      ).toBe(true),
    )
    expect(await navigator.clipboard.readText()).toBe(address)
  })

  test('disconnects and closes', async () => {
    const { foyer, within } = await openConnectedAccount()
    fireEvent.click(await within.findByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
    expect(foyer.getState().dialog.open).toBe(false)
    expect(foyer.getState().account.address).toBeUndefined()
  })

  test('the network entry opens SwitchNetwork', async () => {
    const { within, dialog } = await openConnectedAccount()
    fireEvent.click(await within.findByRole('button', { name: 'Network Anvil' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork'))
    expect(within.getByRole('button', { name: 'Back' })).toBeTruthy()
  })
})
