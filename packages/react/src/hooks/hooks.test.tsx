// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { anvilChain, createTestSetup } from '../testUtils.tsx'
import { useAccount } from './useAccount.ts'
import { useConnect } from './useConnect.ts'
import { useConnectors } from './useConnectors.ts'
import { useDialog } from './useDialog.ts'
import { useDisconnect } from './useDisconnect.ts'
import { useFoyer } from './useFoyer.ts'
import { useNetwork } from './useNetwork.ts'
import { useSwitchNetwork } from './useSwitchNetwork.ts'
import { useToasts } from './useToasts.ts'
import { useWalletInfo } from './useWalletInfo.ts'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const rpcUrl = 'http://127.0.0.1:9'

function setup(parameters: Parameters<typeof createTestSetup>[0] = {}) {
  const { foyer, wallets } = createTestSetup({
    rpcUrl,
    config: { networks: [anvilChain(rpcUrl), anvilChain(rpcUrl, 31338, 'Anvil B')] },
    ...parameters,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
  )
  return { foyer, wallets, wrapper }
}

function useEverything() {
  return {
    account: useAccount(),
    connect: useConnect(),
    connectors: useConnectors(),
    dialog: useDialog(),
    disconnect: useDisconnect(),
    network: useNetwork(),
    switchNetwork: useSwitchNetwork(),
    toasts: useToasts(),
    walletInfo: useWalletInfo(),
  }
}

describe('hooks (headless)', () => {
  test('throw a clear error outside <FoyerProvider>', () => {
    expect(() => renderHook(() => useFoyer())).toThrow(
      '`useFoyer` must be used within `<FoyerProvider>`.',
    )
  })

  test('connect, switch network and disconnect without the dialog', async () => {
    const { wrapper } = setup({ walletNames: ['Foyer Test Wallet', 'Amber Wallet'] })
    const { result } = renderHook(useEverything, { wrapper })
    expect(result.current.account.status).toBe('disconnected')
    expect(result.current.connectors.groups).toMatchObject([
      { entry: 'injected', connectors: [{ name: 'Foyer Test Wallet' }, { name: 'Amber Wallet' }] },
    ])

    await act(() => result.current.connect.connectAsync({ connectorId: 'dev.foyer.amberwallet' }))
    expect(result.current.account).toMatchObject({
      isConnected: true,
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      caipAddress: 'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    })
    expect(result.current.walletInfo.walletInfo?.name).toBe('Amber Wallet')
    // The wallet used last is listed as recent, before installed ones (default order).
    expect(result.current.connectors.recentWalletIds).toEqual(['dev.foyer.amberwallet'])
    expect(result.current.connectors.groups.map((group) => group.entry)).toEqual([
      'recent',
      'injected',
    ])

    await act(() => result.current.switchNetwork.switchNetworkAsync({ network: 'eip155:31338' }))
    expect(result.current.network.network.name).toBe('Anvil B')
    expect(result.current.account.caipAddress).toBe(
      'eip155:31338:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    )

    await act(() => result.current.disconnect.disconnectAsync())
    expect(result.current.account.isDisconnected).toBe(true)
  })

  test('a rejected connection lands in the hook error with the SPEC text', async () => {
    const { wrapper } = setup({ behaviour: { connect: 'reject' } })
    const { result } = renderHook(useEverything, { wrapper })
    act(() => result.current.connect.connect({ connectorId: 'dev.foyer.foyertestwallet' }))
    await waitFor(() => expect(result.current.connect.isError).toBe(true))
    expect((result.current.connect.error as Error & { shortMessage: string }).shortMessage).toBe(
      'Connection rejected',
    )
  })

  test('useDialog opens, navigates, goes back and closes', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(useEverything, { wrapper })
    act(() => result.current.dialog.open())
    expect(result.current.dialog).toMatchObject({ isOpen: true, view: 'Connect' })
    act(() => result.current.dialog.navigate({ view: 'AllWallets' }))
    expect(result.current.dialog.history.map((route) => route.view)).toEqual([
      'Connect',
      'AllWallets',
    ])
    act(() => result.current.dialog.goBack())
    expect(result.current.dialog.view).toBe('Connect')
    act(() => result.current.dialog.goBack())
    expect(result.current.dialog.isOpen).toBe(false)
  })

  test('useToasts shows and hides toasts through core', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(useEverything, { wrapper })
    await act(() => result.current.toasts.showToast({ variant: 'loading', message: 'Waiting' }))
    expect(result.current.toasts.toast).toMatchObject({ variant: 'loading', message: 'Waiting' })
    act(() => result.current.toasts.hideToast())
    expect(result.current.toasts.toast).toBeUndefined()
  })
})
