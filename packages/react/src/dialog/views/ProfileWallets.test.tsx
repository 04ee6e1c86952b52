// @vitest-environment happy-dom
import { connect, createFoyer, createMemoryStorage, createStorage, open } from '@foyer/core'
import {
  type StartAnvilReturnType as AnvilInstance,
  anvilDevAccounts,
  startAnvil,
} from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog, idleWalletsAdapter } from '../../testUtils.tsx'

const [alice, bob] = anvilDevAccounts().map((account) => account.address)
const multiWallet = { features: { multiWallet: true } }
let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  // Bob holds 5 ETH, Alice anvil's 10,000: the balance shows whose account is on display.
  await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [bob, `0x${(5n * 10n ** 18n).toString(16)}`],
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

/** Wallet A holds Alice's account, wallet B Bob's; both connected, B the active one. */
async function setupTwoWallets(config: object = multiWallet) {
  const { foyer, wallets } = createTestSetup({
    rpcUrl: anvil.rpcUrl,
    walletNames: ['Wallet A', 'Wallet B'],
    config,
  })
  wallets[1]!.wallet.selectAccount(bob!)
  render(<FoyerProvider foyer={foyer} />)
  await act(() => connect(foyer, { connectorId: 'dev.foyer.walleta' }))
  await act(() => connect(foyer, { connectorId: 'dev.foyer.walletb' }))
  return { foyer, walletA: wallets[0]!.wallet, walletB: wallets[1]!.wallet }
}

async function openProfileWallets(config: object = multiWallet) {
  const setup = await setupTwoWallets(config)
  act(() => open(setup.foyer, { view: 'ProfileWallets' }))
  return { ...setup, ...(await findDialog()) }
}

const rowA = 'Wallet A 0xf39F…2266'
const rowB = 'Wallet B 0x7099…79C8'

async function toastText(root: ShadowRoot, text: string) {
  await waitFor(() =>
    expect(
      within(root as unknown as HTMLElement)
        .getAllByRole('status')
        .some((region) => region.textContent === text),
    ).toBe(true),
  )
}

describe('ProfileWallets', () => {
  test('lists every wallet of the namespace with its address and state', async () => {
    const { within: inDialog } = await openProfileWallets()
    const list = await inDialog.findByRole('list', { name: 'EVM' })
    const rows = within(list).getAllByRole('button', { name: /^Wallet/ })
    expect(rows.map((row) => row.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      `${rowB} Active`,
      `${rowA} Connected`,
    ])
    expect(rows[0]!.getAttribute('aria-current')).toBe('true')
    expect(rows[1]!.getAttribute('aria-current')).toBeNull()
    // The rows are named by their wallet, address and state; each has its own Disconnect.
    expect(within(list).getByRole('button', { name: `${rowA} Connected` })).toBe(rows[1])
    expect(within(list).getByRole('button', { name: `Disconnect ${rowA}` })).toBeTruthy()
  })

  test('arrow keys move between the wallets', async () => {
    const { within: inDialog } = await openProfileWallets()
    const list = await inDialog.findByRole('list', { name: 'EVM' })
    const first = within(list).getByRole('button', { name: `${rowB} Active` })
    const second = within(list).getByRole('button', { name: `${rowA} Connected` })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect((list.getRootNode() as ShadowRoot).activeElement).toBe(second)
    fireEvent.keyDown(second, { key: 'Home' })
    expect((list.getRootNode() as ShadowRoot).activeElement).toBe(first)
  })

  test('is reached from Account; making another wallet active moves the account and balance, and says what changed', async () => {
    const { foyer } = await setupTwoWallets()
    act(() => open(foyer))
    const { root, dialog, within: inDialog } = await findDialog()
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('5.000 ETH'),
    )
    fireEvent.click(inDialog.getByRole('button', { name: 'Wallets' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ProfileWallets'))
    fireEvent.click(await inDialog.findByRole('button', { name: `${rowA} Connected` }))
    await toastText(root, 'Switched to Wallet A, account 0xf39F…2266')
    expect(await inDialog.findByRole('button', { name: `${rowA} Active` })).toBeTruthy()
    expect(inDialog.getByRole('button', { name: `${rowB} Connected` })).toBeTruthy()
    expect(foyer.getState().account.connectedWalletInfo?.name).toBe('Wallet A')
    fireEvent.click(inDialog.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))
    expect(await inDialog.findByText('0xf39F…2266')).toBeTruthy()
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('10,000.000 ETH'),
    )
  })

  test('reports a switch to a wallet on the same account as a wallet change only', async () => {
    const { root, within: inDialog, walletB } = await openProfileWallets()
    // Wallet B changes to Alice's account, the one wallet A shows too.
    act(() => walletB.selectAccount(alice!))
    fireEvent.click(await inDialog.findByRole('button', { name: 'Wallet A 0xf39F…2266 Connected' }))
    await toastText(root, 'Switched to Wallet A, same account')
  })

  test('choosing the active wallet again reconnects it and says nothing changed', async () => {
    const { foyer, root, within: inDialog } = await openProfileWallets()
    fireEvent.click(await inDialog.findByRole('button', { name: `${rowB} Active` }))
    await toastText(root, 'Wallet B is already active')
    expect(foyer.getState().account.address).toBe(bob)
  })

  test('adds another wallet of the namespace through Connect, and both are listed', async () => {
    const { foyer, wallets } = createTestSetup({
      rpcUrl: anvil.rpcUrl,
      walletNames: ['Wallet A', 'Wallet B'],
      config: multiWallet,
    })
    wallets[1]!.wallet.selectAccount(bob!)
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'dev.foyer.walleta' }))
    act(() => open(foyer, { view: 'ProfileWallets' }))
    const { dialog, within: inDialog } = await findDialog()
    const list = await inDialog.findByRole('list', { name: 'EVM' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)

    fireEvent.click(inDialog.getByRole('button', { name: 'Add another wallet' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Connect'))
    expect(foyer.getState().dialog.data).toEqual({ namespace: 'eip155' })
    fireEvent.click(await inDialog.findByRole('button', { name: /Wallet B/ }))
    // Connected, the dialog comes back to the list, the new wallet the active one.
    expect(await inDialog.findByRole('button', { name: `${rowB} Active` })).toBeTruthy()
    expect(dialog.getAttribute('data-view')).toBe('ProfileWallets')
    expect(foyer.getState().dialog.open).toBe(true)
    expect(inDialog.getByRole('button', { name: `${rowA} Connected` })).toBeTruthy()
  })

  test('disconnects one wallet, the others stay, and it stays listed until forgotten', async () => {
    const { foyer, within: inDialog, walletA, walletB } = await openProfileWallets()
    fireEvent.click(await inDialog.findByRole('button', { name: `Disconnect ${rowB}` }))
    // The active one left: the remaining wallet takes over.
    expect(await inDialog.findByRole('button', { name: `${rowA} Active` })).toBeTruthy()
    expect(inDialog.getByRole('button', { name: `${rowB} Disconnected` })).toBeTruthy()
    expect(walletB.isAuthorized).toBe(false)
    expect(walletA.isAuthorized).toBe(true)
    expect(foyer.getState()).toMatchObject({ status: 'connected', account: { address: alice } })
    expect(foyer.getState().dialog.open).toBe(true)
    // The buttons do nothing while the disconnect settles (aria-disabled); wait as a visitor would.
    const forget = inDialog.getByRole('button', { name: `Forget ${rowB}` })
    await waitFor(() => expect(forget.getAttribute('aria-disabled')).toBeNull())
    fireEvent.click(forget)
    await waitFor(() =>
      expect(inDialog.queryByRole('button', { name: new RegExp(rowB) })).toBeNull(),
    )
    expect(inDialog.getByRole('button', { name: `${rowA} Active` })).toBeTruthy()
  })

  test('disconnects all wallets and forgets every one, the ones disconnected before too', async () => {
    const { foyer, within: inDialog, walletA, walletB } = await openProfileWallets()
    fireEvent.click(await inDialog.findByRole('button', { name: `Disconnect ${rowB}` }))
    expect(await inDialog.findByRole('button', { name: `${rowB} Disconnected` })).toBeTruthy()
    const disconnectAll = inDialog.getByRole('button', { name: 'Disconnect all' })
    await waitFor(() => expect(disconnectAll.getAttribute('aria-disabled')).toBeNull())
    fireEvent.click(disconnectAll)
    await waitFor(() => expect(foyer.getState().status).toBe('disconnected'))
    expect(foyer.getState().connections).toEqual({})
    expect(foyer.storage.getItem('connections')).toEqual({})
    expect(walletA.isAuthorized).toBe(false)
    expect(walletB.isAuthorized).toBe(false)
    expect(foyer.getState().dialog.open).toBe(false)
    // Opened again after a new connect, the list holds that wallet alone.
    await act(() => connect(foyer, { connectorId: 'dev.foyer.walleta' }))
    act(() => open(foyer, { view: 'ProfileWallets' }))
    const reopened = await findDialog()
    const list = await reopened.within.findByRole('list', { name: 'EVM' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
  })

  test('switching to a disconnected extension wallet asks it to connect again', async () => {
    const { foyer, within: inDialog, walletA } = await openProfileWallets()
    // Wallet A is disconnected, so remembered; it only answers a new prompt.
    fireEvent.click(await inDialog.findByRole('button', { name: `Disconnect ${rowA}` }))
    await waitFor(() => expect(walletA.isAuthorized).toBe(false))
    walletA.setBehaviour({ connect: 'reject' })
    fireEvent.click(await inDialog.findByRole('button', { name: `${rowA} Disconnected` }))
    // The prompt ran: the visitor's refusal shows.
    expect(await inDialog.findByText('Connection rejected')).toBeTruthy()
    walletA.setBehaviour({ connect: 'approve' })
    fireEvent.click(inDialog.getByRole('button', { name: `${rowA} Disconnected` }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(alice))
    expect(foyer.getState().connections.eip155?.map((c) => [c.connectorId, c.status])).toEqual([
      ['dev.foyer.walleta', 'active'],
      ['dev.foyer.walletb', 'connected'],
    ])
  })

  test('switching to a disconnected WalletConnect or embedded wallet opens its own view', async () => {
    const account = { address: alice!, type: 'eoa' as const }
    const foyer = createFoyer({
      networks: [anvilChain(anvil.rpcUrl)],
      adapters: [
        idleWalletsAdapter([
          { id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' },
          { id: 'embedded', name: 'Email', type: 'auth' },
          { id: 'extension', name: 'Extension', type: 'injected' },
        ]),
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
      ...multiWallet,
    })
    render(<FoyerProvider foyer={foyer} />)
    const stored = (status: 'disconnected' | 'active') => ({
      connectorId: '',
      accounts: [account],
      status,
    })
    act(() =>
      foyer.store.setState({
        status: 'connected',
        connections: {
          eip155: [
            { ...stored('active'), connectorId: 'extension' },
            { ...stored('disconnected'), connectorId: 'walletConnect' },
            { ...stored('disconnected'), connectorId: 'embedded' },
          ],
        },
      }),
    )
    act(() => open(foyer, { view: 'ProfileWallets' }))
    const { dialog, within: inDialog } = await findDialog()
    fireEvent.click(
      await inDialog.findByRole('button', { name: 'WalletConnect 0xf39F…2266 Disconnected' }),
    )
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingWalletConnect'))
    expect(foyer.getState().dialog.data).toMatchObject({ connectorId: 'walletConnect' })

    act(() => open(foyer, { view: 'ProfileWallets' }))
    fireEvent.click(await inDialog.findByRole('button', { name: 'Email 0xf39F…2266 Disconnected' }))
    await waitFor(() => expect(foyer.getState().dialog.view).toBe('EmailLogin'))
    expect(foyer.getState().dialog.data).toMatchObject({ connectorId: 'embedded' })
  })

  test('switching to a disconnected social sign-in opens its login from the click', async () => {
    const foyer = createFoyer({
      networks: [anvilChain(anvil.rpcUrl)],
      adapters: [
        idleWalletsAdapter([
          { id: 'embedded', name: 'Social', type: 'auth' },
          { id: 'extension', name: 'Extension', type: 'injected' },
        ]),
      ],
      storage: createStorage({ storage: createMemoryStorage() }),
      ...multiWallet,
    })
    render(<FoyerProvider foyer={foyer} />)
    const account = { address: alice!, type: 'eoa' as const }
    act(() =>
      foyer.store.setState({
        status: 'connected',
        connections: {
          eip155: [
            { connectorId: 'extension', accounts: [account], status: 'active' },
            {
              connectorId: 'embedded',
              accounts: [account],
              status: 'disconnected',
              authName: 'github',
            },
          ],
        },
      }),
    )
    act(() => open(foyer, { view: 'ProfileWallets' }))
    const { dialog, within: inDialog } = await findDialog()
    fireEvent.click(
      await inDialog.findByRole('button', { name: 'Social 0xf39F…2266 Disconnected' }),
    )
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingSocial'))
    expect(foyer.getState().dialog.data).toEqual({ socialProvider: 'github' })
    // The login itself started (this test's wallet is no embedded wallet, so it fails at once).
    expect(await inDialog.findByText('No auth connector found')).toBeTruthy()
    expect(inDialog.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  test('a wallet whose connector is gone, or that fails to disconnect, says so', async () => {
    const { foyer, within: inDialog } = await openProfileWallets()
    act(() =>
      foyer.store.setState((state) => ({
        connections: {
          eip155: [
            ...(state.connections.eip155 ?? []),
            { connectorId: 'gone', accounts: [], status: 'connected' as const },
            { connectorId: 'odd', accounts: [], status: 'pending' as never },
          ],
        },
      })),
    )
    fireEvent.click(await inDialog.findByRole('button', { name: 'gone Connected' }))
    expect(await inDialog.findByText('No connector found for connection: gone')).toBeTruthy()
    fireEvent.click(inDialog.getByRole('button', { name: 'odd' }))
    expect(await inDialog.findByText('Invalid connection status: pending')).toBeTruthy()

    const connector = foyer.getConnector('dev.foyer.walleta')!
    connector.disconnect = async () => {
      throw new Error('The extension crashed')
    }
    fireEvent.click(inDialog.getByRole('button', { name: `Disconnect ${rowA}` }))
    expect(await inDialog.findByText('Failed to disconnect')).toBeTruthy()
    expect(inDialog.getByRole('button', { name: `${rowA} Connected` })).toBeTruthy()
  })

  test('without features.multiWallet: the Multi-Wallet Not Enabled alert, no wallets, no Wallets button', async () => {
    const { foyer, root, dialog, within: inDialog } = await openProfileWallets({})
    const alert = await within(root as unknown as HTMLElement).findByRole('alert')
    expect(alert.getAttribute('data-foyer-alert')).toBe('MULTI_WALLET_NOT_ENABLED')
    expect(alert.textContent).toContain('Multi-Wallet Not Enabled')
    expect(inDialog.queryByRole('list')).toBeNull()
    expect(inDialog.queryByRole('button', { name: 'Add another wallet' })).toBeNull()
    // The Account view does not offer the view either.
    act(() => open(foyer))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))
    await waitFor(() =>
      expect(dialog.querySelector('[data-foyer-balance]')?.textContent).toBe('5.000 ETH'),
    )
    expect(inDialog.queryByRole('button', { name: 'Wallets' })).toBeNull()
  })
})
