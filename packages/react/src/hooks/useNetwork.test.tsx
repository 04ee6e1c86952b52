// @vitest-environment happy-dom
import { connect, setSendTokenAmount, switchNetwork } from '@foyer/core'
import { solanaDevnet } from '@foyer/core/networks'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { anvilChain, createTestSetup } from '../testUtils.tsx'
import { useNetwork } from './useNetwork.ts'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const rpcUrl = 'http://127.0.0.1:9'

/** The EVM test wallet connected on 31337, then the app moved to Solana (no Solana wallet). */
async function setup() {
  const { foyer, wallets } = createTestSetup({
    rpcUrl,
    config: {
      networks: [anvilChain(rpcUrl), anvilChain(rpcUrl, 31338, 'Anvil B'), solanaDevnet],
    },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
  )
  const { result } = renderHook(useNetwork, { wrapper })
  await act(() => connect(foyer, { connectorId: 'dev.foyer.foyertestwallet' }))
  await act(() => switchNetwork(foyer, { network: solanaDevnet }))
  act(() => setSendTokenAmount(foyer, { amount: '0.5' }))
  return { foyer, wallet: wallets[0]!.wallet, result }
}

describe('useNetwork isSwitchingNamespace (SPEC §4)', () => {
  test('is true while the EVM wallet switches for a move from Solana, and false once it did', async () => {
    const { foyer, wallet, result } = await setup()
    expect(result.current.isSwitchingNamespace).toBe(false)
    let switching: Promise<unknown> = Promise.resolve()
    act(() => {
      switching = switchNetwork(foyer, { network: 'eip155:31338' })
    })
    expect(result.current.isSwitchingNamespace).toBe(true)
    expect(result.current.network.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    await act(() => switching)
    expect(result.current.isSwitchingNamespace).toBe(false)
    expect(result.current.network.caipNetworkId).toBe('eip155:31338')
    expect(wallet.chainId).toBe(31338)
    expect(foyer.getState().send.sendTokenAmount).toBeUndefined()
  })

  test('is false again after the wallet refused, with the network and send form unchanged', async () => {
    const { foyer, wallet, result } = await setup()
    wallet.setBehaviour({ switchChain: 'reject' })
    let switching: Promise<unknown> = Promise.resolve()
    act(() => {
      switching = switchNetwork(foyer, { network: 'eip155:31338' }).catch((error) => error)
    })
    expect(result.current.isSwitchingNamespace).toBe(true)
    const error = await act(() => switching)
    expect(error).toMatchObject({ name: 'SwitchNetworkRejectedError', code: 4001 })
    expect(result.current.isSwitchingNamespace).toBe(false)
    expect(result.current.network.caipNetworkId).toBe(solanaDevnet.caipNetworkId)
    expect(wallet.chainId).toBe(31337)
    expect(foyer.getState().send.sendTokenAmount).toBe('0.5')
  })
})
