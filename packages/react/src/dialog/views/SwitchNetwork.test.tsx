// @vitest-environment happy-dom
import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  open,
} from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet, type TestWallet } from '@foyer/test-wallets'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createTestClient, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { ConnectButton } from '../../components/ConnectButton.tsx'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog } from '../../testUtils.tsx'

let chainA: AnvilInstance
let chainB: AnvilInstance
beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
  // Give chain B a different balance so the switch is visible in the button.
  await createTestClient({ mode: 'anvil', transport: http(chainB.rpcUrl) }).setBalance({
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    value: parseEther('42.5'),
  })
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

function setup({
  networks,
  allowUnsupportedChain,
}: {
  networks: 'both' | 'onlyA'
  allowUnsupportedChain?: boolean
}): { foyer: Foyer; wallet: TestWallet } {
  const wallet = createTestWallet({
    accounts: anvilDevAccounts()
      .slice(0, 2)
      .map((account) => account.privateKey),
    chains: [
      { chainId: 31337, rpcUrl: chainA.rpcUrl, name: 'Anvil' },
      { chainId: 31338, rpcUrl: chainB.rpcUrl, name: 'Anvil B' },
    ],
  })
  const foyer = createFoyer({
    networks:
      networks === 'both'
        ? [anvilChain(chainA.rpcUrl), anvilChain(chainB.rpcUrl, 31338, 'Anvil B')]
        : [anvilChain(chainA.rpcUrl)],
    adapters: [
      evmAdapter({
        discover: false,
        legacyInjected: false,
        providers: [
          {
            info: { name: 'Foyer Test Wallet', rdns: 'dev.foyer.testwallet', icon: 'data:,' },
            provider: wallet,
          },
        ],
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
    allowUnsupportedChain,
  })
  return { foyer, wallet }
}

describe('SwitchNetwork', () => {
  test('lists the networks with the current one marked, and switching updates the balance', async () => {
    const { foyer } = setup({ networks: 'both' })
    render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    await act(() => connect(foyer, { connectorId: 'dev.foyer.testwallet' }))
    await screen.findByRole('button', { name: 'Anvil 10,000.000 ETH 0xf39F…2266' })

    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const { within } = await findDialog()
    const current = await within.findByRole('button', { name: /^Anvil Connected/ })
    expect(current.getAttribute('aria-current')).toBe('true')

    fireEvent.click(within.getByRole('button', { name: 'Anvil B' }))
    await waitFor(() => expect(foyer.getState().activeNetwork.id).toBe(31338))
    // Core goes back from SwitchNetwork, which was the first view: the dialog closes.
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
    expect(
      await screen.findByRole('button', { name: 'Anvil B 42.500 ETH 0xf39F…2266' }),
    ).toBeTruthy()
  })

  test('a refused switch shows the error in place', async () => {
    const { foyer, wallet } = setup({ networks: 'both' })
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'dev.foyer.testwallet' }))
    wallet.setBehaviour({ switchChain: 'reject' })
    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const { within } = await findDialog()
    fireEvent.click(await within.findByRole('button', { name: 'Anvil B' }))
    expect(await within.findByText('Could not switch to Anvil B')).toBeTruthy()
    expect(within.getByText('Network switch rejected')).toBeTruthy()
    expect(foyer.getState().activeNetwork.id).toBe(31337)
  })
})

describe('UnsupportedChain', () => {
  test('a wallet on an unconfigured network opens UnsupportedChain, and switching fixes it', async () => {
    const { foyer, wallet } = setup({ networks: 'onlyA' })
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'dev.foyer.testwallet' }))
    // The visitor moves the wallet to chain 31338, which this app does not configure.
    await act(() =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    )
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(true))

    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('UnsupportedChain'))
    expect(await within.findByText(/not supported by this app/)).toBeTruthy()
    expect(within.getByRole('button', { name: 'Disconnect' })).toBeTruthy()

    fireEvent.click(within.getByRole('button', { name: 'Anvil' }))
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(false))
    await waitFor(() => expect(foyer.getState().dialog.open).toBe(false))
  })

  test('with allowUnsupportedChain the dialog stays closed and opens on Account', async () => {
    const { foyer, wallet } = setup({ networks: 'onlyA', allowUnsupportedChain: true })
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'dev.foyer.testwallet' }))
    await act(() =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    )
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(foyer.getState().dialog.open).toBe(false)
    expect(document.querySelector('[data-foyer-host]')).toBeNull()

    // Opened by the app, it shows the account (its network entry reading 'Unknown network').
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    expect(dialog.getAttribute('data-view')).toBe('Account')
    expect(await within.findByText('0xf39F…2266')).toBeTruthy()
    expect(within.getByRole('button', { name: 'Network Unknown network' })).toBeTruthy()

    // Moving the wallet again while the dialog is open leaves it on Account too.
    await act(() =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] }),
    )
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(false))
    await act(() =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    )
    await waitFor(() => expect(foyer.getState().unsupportedNetwork).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(foyer.getState().dialog).toMatchObject({ open: true, view: 'Account' })
    expect(dialog.getAttribute('data-view')).toBe('Account')
  })
})
