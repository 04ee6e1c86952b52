// @vitest-environment happy-dom
import { connect, open } from '@foyer/core'
import { startAnvil } from '@foyer/devnet'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { anvilChain, createTestSetup, findDialog } from '../testUtils.tsx'

let chainA: Awaited<ReturnType<typeof startAnvil>>
let chainB: Awaited<ReturnType<typeof startAnvil>>
beforeAll(async () => {
  ;[chainA, chainB] = await Promise.all([
    startAnvil({ chainId: 31337, port: 0 }),
    startAnvil({ chainId: 31338, port: 0 }),
  ])
})
afterAll(async () => {
  await Promise.all([chainA?.stop(), chainB?.stop()])
})
afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

describe('header network button', () => {
  test('shows the active network on Account and switches it through SwitchNetwork', async () => {
    const { foyer, wallets } = createTestSetup({
      rpcUrl: chainA.rpcUrl,
      config: {
        networks: [anvilChain(chainA.rpcUrl), anvilChain(chainB.rpcUrl, 31338, 'Anvil B')],
      },
    })
    render(<FoyerProvider foyer={foyer} />)
    await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
    act(() => open(foyer))
    const { within, dialog } = await findDialog()
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))

    fireEvent.click(within.getByRole('button', { name: 'Switch network: Anvil' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('SwitchNetwork'))
    // On SwitchNetwork the header has Back instead.
    expect(within.queryByRole('button', { name: /^Switch network:/ })).toBeNull()

    fireEvent.click(await within.findByRole('button', { name: 'Anvil B' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))
    expect(wallets[0]?.wallet.chainId).toBe(31338)
    expect(within.getByRole('button', { name: 'Switch network: Anvil B' })).toBeTruthy()
  })
})
