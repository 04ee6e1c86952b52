// @vitest-environment happy-dom
import { close, connect } from '@foyer/core'
import { type StartAnvilReturnType as AnvilInstance, startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../testUtils.tsx'
import { ConnectButton } from './ConnectButton.tsx'
import { NetworkButton } from './NetworkButton.tsx'

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

describe('ConnectButton', () => {
  test("reads 'Connect Wallet' while disconnected and opens Connect", async () => {
    const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    const button = screen.getByRole('button', { name: 'Connect Wallet' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    fireEvent.click(button)
    const { dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Connect')
  })

  test('shows the shortened address and the balance to 3 decimals when connected', async () => {
    const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
        <NetworkButton />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    // Anvil funds its dev accounts with 10,000 ETH.
    const button = await screen.findByRole('button', { name: '0xf39F…2266 10,000.000 ETH' })
    expect(button.getAttribute('data-state')).toBe('connected')
    expect(screen.getByRole('button', { name: 'Anvil' })).toBeTruthy()

    fireEvent.click(button)
    const { within, dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Account')
    expect(await within.findByText('0xf39F…2266')).toBeTruthy()
    // The headline balance (the token list below may show the same quantity once it loads).
    expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH')
  })

  test('shows the balance in the locale given to the provider, in the button and the dialog', async () => {
    const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
    const { rerender } = render(
      <FoyerProvider foyer={foyer} locale="de-DE">
        <ConnectButton />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    const button = await screen.findByRole('button', { name: '0xf39F…2266 10.000,000 ETH' })
    fireEvent.click(button)
    const { dialog } = await findDialog()
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10.000,000 ETH'),
    )
    act(() => close(foyer))

    rerender(
      <FoyerProvider foyer={foyer} locale="fr-FR">
        <ConnectButton />
      </FoyerProvider>,
    )
    // French groups with a narrow no-break space.
    expect(
      await screen.findByRole('button', { name: '0xf39F…2266 10\u202f000,000 ETH' }),
    ).toBeTruthy()
    expect(foyer.getState().locale).toBe('fr-FR')
  })

  test('shows the profile name instead of the address when there is one', async () => {
    const { foyer } = createTestSetup({ rpcUrl: anvil.rpcUrl })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton showBalance={false} />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    act(() =>
      foyer.store.setState((state) => ({
        account: { ...state.account, profileName: 'alice.eth' },
      })),
    )
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('alice.eth'))
  })
})
