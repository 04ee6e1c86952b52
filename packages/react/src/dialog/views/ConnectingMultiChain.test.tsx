// @vitest-environment happy-dom
import { createFoyer, createMemoryStorage, createStorage, type Foyer, open } from '@foyer/core'
import { createSolanaLocalnet } from '@foyer/solana'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createMemoryWallet } from '../../../../core/src/test-utils.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { anvilChain, findDialog } from '../../testUtils.tsx'

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

/** The test wallet's EIP-6963 and wallet-standard sides: two connectors, two authorisations. */
function setup(): {
  foyer: Foyer
  evm: ReturnType<typeof createMemoryWallet>
  solana: ReturnType<typeof createMemoryWallet>
} {
  const name = 'Foyer Test Wallet'
  const evm = createMemoryWallet({
    namespace: 'eip155',
    address: evmAddress,
    id: 'dev.foyer.testwallet',
    name,
  })
  const solana = createMemoryWallet({
    namespace: 'solana',
    address: solanaAddress,
    id: 'solana.foyer-test-wallet',
    name,
  })
  const foyer = createFoyer({
    // Closed ports: nothing here reads a chain.
    networks: [
      anvilChain('http://127.0.0.1:9'),
      anvilChain('http://127.0.0.1:9', 31338, 'Anvil B'),
      createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:9' }),
    ],
    adapters: [evm.adapter(), solana.adapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  return { foyer, evm, solana }
}

async function openChooser(foyer: Foyer) {
  render(<FoyerProvider foyer={foyer} />)
  act(() => open(foyer))
  const found = await findDialog()
  fireEvent.click(await found.within.findByRole('button', { name: /^Foyer Test Wallet/ }))
  await waitFor(() => expect(found.dialog.getAttribute('data-view')).toBe('ConnectingMultiChain'))
  // The view's chunk has loaded.
  await found.within.findByText('Connect with Foyer Test Wallet on:')
  return found
}

describe('ConnectingMultiChain', () => {
  test("is titled with the wallet and lists its namespaces with the app's networks of each", async () => {
    const { foyer } = setup()
    const { within } = await openChooser(foyer)
    expect(within.getByRole('heading', { name: 'Foyer Test Wallet' })).toBeTruthy()
    const choices = within
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('data-connector-id'))
    expect(choices.map((button) => button.textContent)).toEqual([
      'EVM Anvil, Anvil B',
      'Solana Solana Localnet',
    ])
  })

  test('choosing Solana connects the Solana side only', async () => {
    const { foyer, evm, solana } = setup()
    const { within } = await openChooser(foyer)
    fireEvent.click(within.getByRole('button', { name: /^Solana/ }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(solanaAddress))
    const state = foyer.getState()
    expect(state.activeNamespace).toBe('solana')
    expect(state.connections.solana?.[0]).toMatchObject({ connectorId: 'solana.foyer-test-wallet' })
    expect(state.connections.eip155).toBeUndefined()
    expect(solana.authorized).toBe(true)
    expect(evm.authorized).toBe(false)
    // Connected, the dialog closes.
    expect(state.dialog.open).toBe(false)
  })

  test('choosing EVM waits in ConnectingExternal for that wallet', async () => {
    const { foyer } = setup()
    const { within } = await openChooser(foyer)
    const shown: string[] = []
    const stop = foyer.subscribe(({ dialog }) =>
      shown.push(`${dialog.view} ${String(dialog.data?.connectorId)}`),
    )
    fireEvent.click(within.getByRole('button', { name: /^EVM/ }))
    await waitFor(() => expect(foyer.getState().account.address).toBe(evmAddress))
    stop()
    expect(foyer.getState().connections.eip155?.[0]).toMatchObject({
      connectorId: 'dev.foyer.testwallet',
    })
    expect(foyer.getState().connections.solana).toBeUndefined()
    // ConnectingExternal showed the EVM wallet while it connected, as from any wallet row.
    expect(shown).toContain('ConnectingExternal dev.foyer.testwallet')
  })

  test('arrow keys move between the namespaces, and Back returns to the wallets', async () => {
    const { foyer } = setup()
    const { within, root, dialog } = await openChooser(foyer)
    const evm = within.getByRole('button', { name: /^EVM/ })
    evm.focus()
    fireEvent.keyDown(evm, { key: 'ArrowDown' })
    expect(root.activeElement).toBe(within.getByRole('button', { name: /^Solana/ }))
    fireEvent.keyDown(root.activeElement!, { key: 'Home' })
    expect(root.activeElement).toBe(evm)

    fireEvent.click(within.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Connect'))
    expect(foyer.getState().status).toBe('disconnected')
  })
})
