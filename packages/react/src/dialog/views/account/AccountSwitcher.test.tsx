// @vitest-environment happy-dom
import { connect, open } from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../../testUtils.tsx'

const [alice, , carol] = anvilDevAccounts().map((account) => account.address)
let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  // Carol holds 7 ETH, the others anvil's 10,000: the balance shows whose account is on display.
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [carol, `0x${(7n * 10n ** 18n).toString(16)}`],
    }),
  })
})
afterAll(async () => {
  await anvil?.stop()
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

async function openAccount(accountCount: number) {
  const { foyer } = createTestSetup({
    rpcUrl: anvil.rpcUrl,
    accountCount,
    config: { addressLabels: { [carol!.toLowerCase()]: 'Savings' } },
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  act(() => open(foyer))
  return { foyer, ...(await findDialog()) }
}

describe('AccountSwitcher', () => {
  test("a three-account wallet switches account from Account, under the app's labels; the balance follows", async () => {
    const { foyer, root, dialog, within: inDialog } = await openAccount(3)
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH'),
    )
    const toggle = inDialog.getByRole('button', { name: 'Switch account' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(inDialog.queryByRole('list', { name: 'Switch account' })).toBeNull()

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const list = inDialog.getByRole('list', { name: 'Switch account' })
    const choices = within(list).getAllByRole('button')
    expect(choices.map((choice) => choice.textContent)).toEqual([
      '0xf39F…2266',
      '0x7099…79C8',
      'Savings0x3C44…93BC',
    ])
    expect(choices[0]!.getAttribute('aria-current')).toBe('true')
    // Keyboard: arrows walk the list.
    choices[0]!.focus()
    fireEvent.keyDown(choices[0]!, { key: 'End' })
    expect((list.getRootNode() as ShadowRoot).activeElement).toBe(choices[2])

    fireEvent.click(choices[2]!)
    expect(foyer.getState().account.address).toBe(carol)
    // The headline shows the label; the list closes and focus returns to its button.
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-account]')?.textContent).toBe('Savings'),
    )
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect((toggle.getRootNode() as ShadowRoot).activeElement).toBe(toggle)
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('7.000 ETH'),
    )
    await waitFor(() =>
      expect(
        within(root as unknown as HTMLElement)
          .getAllByRole('status')
          .some((region) => region.textContent === 'Switched to Savings'),
      ).toBe(true),
    )

    // And back: the current account is now Carol's (listed first, as the wallet lists it).
    fireEvent.click(toggle)
    const again = within(inDialog.getByRole('list', { name: 'Switch account' }))
    expect(again.getByRole('button', { current: true }).textContent).toBe('Savings0x3C44…93BC')
    fireEvent.click(again.getByRole('button', { name: '0xf39F…2266' }))
    expect(foyer.getState().account.address).toBe(alice)
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH'),
    )
  })

  test('a wallet with one account offers no switch', async () => {
    const { dialog, within: inDialog } = await openAccount(1)
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH'),
    )
    expect(inDialog.queryByRole('button', { name: 'Switch account' })).toBeNull()
  })
})
