// @vitest-environment happy-dom
import {
  type CaipNetwork,
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
import { type StartSolanaDevnetReturnType, startSolanaDevnet } from '@foyer/devnet/solana'
import { evmAdapter } from '@foyer/evm'
import { createSolanaLocalnet, solanaAdapter } from '@foyer/solana'
import { createTestWallet } from '@foyer/test-wallets'
import { createSolanaTestWallet } from '@foyer/test-wallets/solana'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog } from '../../testUtils.tsx'

const solanaConnectorId = 'solana.foyer-test-wallet'
const evmConnectorId = 'dev.foyer.evmtestwallet'
let anvil: AnvilInstance
let solana: StartSolanaDevnetReturnType
let localnet: CaipNetwork

beforeAll(async () => {
  ;[anvil, solana] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startSolanaDevnet({ port: 0 }),
  ])
  localnet = createSolanaLocalnet(solana.devnet)
}, 60_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), solana?.stop()])
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/** One dialog with an EVM network (anvil) and the local Solana cluster, a test wallet for each. */
async function setup(): Promise<{ foyer: Foyer; solanaAddress: string }> {
  const solanaWallet = await createSolanaTestWallet({
    key: solana.devnet.accounts[0]!.secretKey,
    rpcUrls: { 'solana:localnet': solana.devnet.rpcUrl },
  })
  const evmWallet = createTestWallet({
    accounts: anvilDevAccounts()
      .slice(0, 2)
      .map((account) => account.privateKey),
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
  })
  const foyer = createFoyer({
    networks: [anvilChain(anvil.rpcUrl), localnet],
    adapters: [
      evmAdapter({
        discover: false,
        legacyInjected: false,
        providers: [
          {
            info: { name: 'EVM Test Wallet', rdns: evmConnectorId, icon: 'data:,' },
            provider: evmWallet,
          },
        ],
      }),
      solanaAdapter({ discover: false, wallets: [solanaWallet] }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  return { foyer, solanaAddress: solanaWallet.signer.address }
}

describe('SwitchActiveChain', () => {
  test('moving to a namespace without a wallet explains it, leads to its wallets, and keeps both connections', async () => {
    const { foyer, solanaAddress } = await setup()
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: solanaConnectorId }))
    expect(foyer.getState().activeNamespace).toBe('solana')

    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const { within, dialog } = await findDialog()
    fireEvent.click(await within.findByRole('button', { name: 'Anvil' }))

    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('SwitchActiveChain'))
    expect(await within.findByRole('heading', { name: 'Switch to Anvil' })).toBeTruthy()
    expect(await within.findByText(/does not support Anvil/)).toBeTruthy()
    const state = foyer.getState()
    expect(state.activeNetwork.caipNetworkId).toBe('eip155:31337')
    expect(state.connections.solana?.[0]).toMatchObject({ connectorId: solanaConnectorId })

    fireEvent.click(within.getByRole('button', { name: 'Connect a wallet' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Connect'))
    // Only the wallets of the namespace being moved to.
    const evmEntry = await within.findByRole('button', { name: /^EVM Test Wallet/ })
    expect(within.queryByRole('button', { name: /^Foyer Test Wallet/ })).toBeNull()

    fireEvent.click(evmEntry)
    await waitFor(() => expect(foyer.getState().account.address).toBe(ANVIL_ADDRESS_0))
    const connected = foyer.getState()
    expect(connected.activeNamespace).toBe('eip155')
    expect(connected.connections.eip155?.[0]).toMatchObject({ connectorId: evmConnectorId })
    expect(connected.connections.solana?.[0]).toMatchObject({ connectorId: solanaConnectorId })

    // Back to the connected namespace: no prompt, the Solana account is active again.
    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const again = await findDialog()
    await waitFor(() => expect(again.dialog.getAttribute('data-view')).toBe('SwitchNetwork'))
    fireEvent.click(await again.within.findByRole('button', { name: /^Solana Localnet/ }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(solanaAddress))
    expect(foyer.getState().dialog.view).not.toBe('SwitchActiveChain')
    expect(foyer.getState().connections.eip155?.[0]).toMatchObject({
      connectorId: evmConnectorId,
    })
  })

  test('switching between networks of connected namespaces never shows it', async () => {
    const { foyer } = await setup()
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: evmConnectorId }))
    await act(() => connect(foyer, { connectorId: solanaConnectorId }))
    const views: string[] = []
    const unsubscribe = foyer.subscribe((state) => views.push(state.dialog.view))
    act(() => open(foyer, { view: 'SwitchNetwork' }))
    const { within } = await findDialog()
    fireEvent.click(await within.findByRole('button', { name: 'Anvil' }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(ANVIL_ADDRESS_0))
    unsubscribe()
    expect(views).not.toContain('SwitchActiveChain')
  })
})

const ANVIL_ADDRESS_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
