// @vitest-environment happy-dom
import {
  type Adapter,
  type Connector,
  type CreateFoyerParameters,
  createFoyer,
  createMemoryStorage,
  createStorage,
  type Foyer,
  open,
} from '@foyer/core'
import { createSolanaLocalnet } from '@foyer/solana'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createMemoryWallet } from '../../../../core/src/test-utils.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog } from '../../testUtils.tsx'

// Closed ports: nothing here reads a chain.
const anvil = anvilChain('http://127.0.0.1:9')
const localnet = createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:9' })
const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/**
 * The test wallet as an extension shows up: an EIP-6963 connector and a wallet-standard one, of
 * the same name, each with an authorisation of its own.
 */
function createExtensionWallet(name = 'Foyer Test Wallet') {
  return {
    evm: createMemoryWallet({
      namespace: 'eip155',
      address: evmAddress,
      id: 'dev.foyer.testwallet',
      name,
    }),
    solana: createMemoryWallet({
      namespace: 'solana',
      address: solanaAddress,
      id: 'solana.foyer-test-wallet',
      name,
    }),
  }
}

/** A wallet whose namespaces share one session (one approval), as WalletConnect's do. */
function createSessionWallet() {
  const session = { authorized: false }
  const shared = { name: 'Session Wallet', group: 'session', session }
  return {
    evm: createMemoryWallet({ ...shared, namespace: 'eip155', address: evmAddress, id: 'session' }),
    solana: createMemoryWallet({
      ...shared,
      namespace: 'solana',
      address: solanaAddress,
      id: 'session:solana',
    }),
  }
}

/** WalletConnect's two connectors of one session, offering a pairing URI and never connecting. */
function createWalletConnectStandIn(): Adapter {
  // One object while it is unchanged, as the real connector gives it: the view reads it with
  // useSyncExternalStore, which renders again whenever it gets a new one.
  const pairingUri = { uri: 'wc:feed@2?relay-protocol=irn&symKey=00', expiresAt: Infinity }
  const pairing = {
    getPairingUri: () => pairingUri,
    watchPairingUri: () => () => {},
    cancelPairing() {},
  }
  const connectors = (['eip155', 'solana'] as const).map(
    (namespace): Connector => ({
      id: namespace === 'eip155' ? 'walletConnect' : 'walletConnect:solana',
      name: 'WalletConnect',
      type: 'walletConnect',
      namespace,
      group: 'walletConnect',
      connect: () => new Promise(() => {}),
      async disconnect() {},
      getAccounts: async () => [],
      getCaipNetworkId: async () => (namespace === 'eip155' ? 'eip155:31337' : 'solana:x'),
      async switchNetwork() {},
      async request() {},
      on() {},
      off() {},
      ...pairing,
    }),
  )
  return {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana'],
    setup: ({ onConnectorsChange }) => {
      onConnectorsChange(connectors)
      return () => {}
    },
    getConnectors: () => connectors,
  }
}

function setup(
  adapters: readonly Adapter[],
  networks: CreateFoyerParameters['networks'] = [anvil, localnet],
): Foyer {
  return createFoyer({
    networks,
    adapters: [...adapters],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
}

/** The Connect view's wallet rows, by their accessible names. */
function walletRowNames(within: Awaited<ReturnType<typeof findDialog>>['within']) {
  return within
    .getAllByRole('button')
    .filter((button) => button.hasAttribute('data-connector-id'))
    .map((button) => button.textContent)
}

describe('Connect: one row per wallet', () => {
  test("lists a wallet's connectors of several namespaces as one row that names its networks", async () => {
    const wallet = createExtensionWallet()
    const other = createMemoryWallet({
      namespace: 'eip155',
      address: evmAddress,
      id: 'io.other',
      name: 'Other Wallet',
    })
    const foyer = setup([wallet.evm.adapter(), other.adapter(), wallet.solana.adapter()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()

    const rows = await within.findAllByRole('button', { name: /^Foyer Test Wallet/ })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.textContent).toContain('Networks: EVM and Solana')
    // The marks the eye sees, and the installed tag kept.
    const marks = [...rows[0]!.querySelectorAll('.foyer-namespace-mark')]
    expect(marks.map((mark) => mark.textContent)).toEqual(['EVM', 'Solana'])
    expect(rows[0]!.textContent).toMatch(/Installed$/)
    expect(rows[0]!.getAttribute('data-connector-ids')).toBe(
      'dev.foyer.testwallet solana.foyer-test-wallet',
    )
    expect(within.getByRole('button', { name: /^Other Wallet/ }).textContent).toContain(
      'Networks: EVM',
    )
    expect(walletRowNames(within)).toHaveLength(2)
  })

  test('shows no namespace marks when the app has networks of one namespace only', async () => {
    const wallet = createExtensionWallet()
    const foyer = setup([wallet.evm.adapter()], [anvil])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()
    const row = await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    expect(row.querySelector('.foyer-namespace-marks')).toBeNull()
    expect(row.textContent).not.toContain('Networks')
  })

  test('picking a wallet whose namespaces share one session connects both in one go', async () => {
    const wallet = createSessionWallet()
    const foyer = setup([wallet.evm.adapter(), wallet.solana.adapter()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()

    const rows = await within.findAllByRole('button', { name: /^Session Wallet/ })
    expect(rows).toHaveLength(1)
    fireEvent.click(rows[0]!)
    await waitFor(() => expect(foyer.getState().account.address).toBe(evmAddress))
    const state = foyer.getState()
    expect(state.activeNamespace).toBe('eip155')
    expect(state.connections.eip155?.[0]).toMatchObject({ connectorId: 'session' })
    expect(state.connections.solana?.[0]).toMatchObject({
      connectorId: 'session:solana',
      accounts: [{ address: solanaAddress, type: 'eoa' }],
    })
    // Straight to the wallet: no namespace to choose.
    expect(state.dialog.history.map((route) => route.view)).not.toContain('ConnectingMultiChain')
    expect(dialog.getAttribute('data-view')).not.toBe('ConnectingMultiChain')
  })

  test('picking a wallet whose namespaces connect separately opens the namespace chooser', async () => {
    const wallet = createExtensionWallet()
    const foyer = setup([wallet.evm.adapter(), wallet.solana.adapter()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()

    fireEvent.click(await within.findByRole('button', { name: /^Foyer Test Wallet/ }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('ConnectingMultiChain'))
    expect(foyer.getState().status).toBe('disconnected')
    expect(wallet.evm.authorized || wallet.solana.authorized).toBe(false)
    expect(await within.findByText('Connect with Foyer Test Wallet on:')).toBeTruthy()
    expect(within.getByRole('button', { name: /^EVM/ })).toBeTruthy()
    expect(within.getByRole('button', { name: /^Solana/ })).toBeTruthy()
  })

  test('WalletConnect, one session for EVM and Solana, is one row that opens its QR code', async () => {
    const foyer = setup([createWalletConnectStandIn()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, dialog } = await findDialog()

    const rows = await within.findAllByRole('button', { name: /^WalletConnect/ })
    expect(rows).toHaveLength(1)
    expect(rows[0]!.textContent).toContain('Networks: EVM and Solana')
    fireEvent.click(rows[0]!)
    await waitFor(() =>
      expect(dialog.getAttribute('data-view')).toBe('ConnectingWalletConnectBasic'),
    )
    // The connector of the namespace the visitor is on (eip155: the first network).
    expect(foyer.getState().dialog.data?.connectorId).toBe('walletConnect')
  })

  test('arrow keys move between the wallet rows', async () => {
    const wallet = createExtensionWallet()
    const other = createMemoryWallet({
      namespace: 'solana',
      address: solanaAddress,
      id: 'solana.other',
      name: 'Other Wallet',
    })
    const foyer = setup([wallet.evm.adapter(), wallet.solana.adapter(), other.adapter()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within, root } = await findDialog()

    const first = await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(root.activeElement).toBe(within.getByRole('button', { name: /^Other Wallet/ }))
    fireEvent.keyDown(root.activeElement!, { key: 'ArrowUp' })
    expect(root.activeElement).toBe(first)
  })

  test("coming from SwitchActiveChain, lists only that namespace's wallets and connects that namespace", async () => {
    const wallet = createExtensionWallet()
    const evmOnly = createMemoryWallet({
      namespace: 'eip155',
      address: evmAddress,
      id: 'io.other',
      name: 'Other Wallet',
    })
    const foyer = setup([wallet.evm.adapter(), evmOnly.adapter(), wallet.solana.adapter()])
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'Connect', data: { namespace: 'solana' } }))
    const { within } = await findDialog()

    const row = await within.findByRole('button', { name: /^Foyer Test Wallet/ })
    expect(row.textContent).toContain('Networks: Solana')
    expect(row.textContent).not.toContain('EVM')
    expect(within.queryByRole('button', { name: /^Other Wallet/ })).toBeNull()
    expect(walletRowNames(within)).toHaveLength(1)

    // Only the Solana side matters here: no chooser, the Solana connector connects.
    fireEvent.click(row)
    await waitFor(() =>
      expect(foyer.getState().connections.solana?.[0]?.connectorId).toBe(
        'solana.foyer-test-wallet',
      ),
    )
    expect(wallet.evm.authorized).toBe(false)
    expect(foyer.getState().connections.eip155).toBeUndefined()
  })
})

describe('the All Wallets row', () => {
  test('shows the first wallets’ logos in a 2×2 grid, drawn tiles where there are fewer than four', async () => {
    const { foyer } = createTestSetup({ walletNames: ['Amber Wallet', 'Cobalt Wallet'] })
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()
    const row = await within.findByRole('button', { name: 'All Wallets' })
    const grid = row.querySelector('.foyer-wallet-grid-icon')!
    expect(grid.getAttribute('aria-hidden')).toBe('true')
    expect(grid.querySelectorAll('img')).toHaveLength(2)
    expect(grid.querySelectorAll('.foyer-wallet-grid-empty')).toHaveLength(2)
  })
})
