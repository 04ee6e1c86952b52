// @vitest-environment happy-dom
import { connect, createFoyer, createMemoryStorage, createStorage, open } from '@foyer/core'
import { anvil, bitcoin } from '@foyer/core/networks'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createMemoryWallet } from '../../../../../core/src/test-utils.ts'
import { FoyerProvider } from '../../../FoyerProvider.tsx'
import { findDialog } from '../../../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const payment = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
const ordinal = 'bcrt1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqc8gma6'

async function openBitcoinAccount(
  accounts = [
    { address: payment, type: 'payment' as const },
    { address: ordinal, type: 'ordinal' as const },
  ],
) {
  const wallet = createMemoryWallet({ namespace: 'bip122', address: payment, accounts })
  const foyer = createFoyer({
    networks: [bitcoin],
    adapters: [wallet.adapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'bip122-wallet' }))
  act(() => open(foyer))
  return { foyer, ...(await findDialog()) }
}

describe('account type switch', () => {
  test('switches between the payment and ordinal addresses of a Bitcoin wallet', async () => {
    const { foyer, within, dialog } = await openBitcoinAccount()
    const group = await within.findByRole('group', { name: 'Account type' })
    const paymentButton = within.getByRole('button', { name: 'Payment' })
    const ordinalsButton = within.getByRole('button', { name: 'Ordinals' })
    expect(group.contains(ordinalsButton)).toBe(true)
    expect(paymentButton.getAttribute('aria-pressed')).toBe('true')
    expect(ordinalsButton.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(ordinalsButton)
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-account]')?.getAttribute('title')).toBe(ordinal),
    )
    expect(foyer.getState().account.address).toBe(ordinal)
    expect(ordinalsButton.getAttribute('aria-pressed')).toBe('true')

    fireEvent.click(paymentButton)
    await waitFor(() => expect(foyer.getState().account.address).toBe(payment))
  })

  test('is not shown for a wallet with accounts of one type', async () => {
    const { within } = await openBitcoinAccount([{ address: payment, type: 'payment' }])
    await within.findByText(/bcrt1q/)
    expect(within.queryByRole('group', { name: 'Account type' })).toBeNull()
  })

  test('shows the smart account first on EVM, counterfactual until deployed, and switches to the EOA', async () => {
    const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const wallet = createMemoryWallet({
      namespace: 'eip155',
      address: eoa,
      accounts: [
        { address: eoa, type: 'eoa' },
        { address: smartAccount, type: 'smartAccount', deployed: false },
      ],
    })
    const foyer = createFoyer({
      networks: [anvil],
      adapters: [wallet.adapter()],
      storage: createStorage({ storage: createMemoryStorage() }),
    })
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'eip155-wallet' }))
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    const smartButton = await within.findByRole('button', { name: 'Smart account' })
    expect(smartButton.getAttribute('aria-pressed')).toBe('true')
    expect(dialog.querySelector('[data-foyer-account]')?.getAttribute('title')).toBe(smartAccount)
    within.getByText('Not deployed yet: it is created with its first transaction')

    act(() =>
      wallet.changeAccounts([
        { address: eoa, type: 'eoa' },
        { address: smartAccount, type: 'smartAccount', deployed: true },
      ]),
    )
    await within.findByText('Deployed on this network')

    fireEvent.click(within.getByRole('button', { name: 'Wallet' }))
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-account]')?.getAttribute('title')).toBe(eoa),
    )
    expect(within.queryByText('Deployed on this network')).toBeNull()
  })
})
