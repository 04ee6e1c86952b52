// @vitest-environment happy-dom
import {
  connect,
  createFoyer,
  createMemoryStorage,
  createStorage,
  setPreferredAccountType,
} from '@foyer/core'
import { anvil } from '@foyer/core/networks'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { createMemoryWallet } from '../../../core/src/test-utils.ts'
import { FoyerProvider } from '../FoyerProvider.tsx'
import { useAssets } from './useAssets.ts'
import { useCallsStatus } from './useCallsStatus.ts'
import { useCapabilities } from './useCapabilities.ts'
import { useSendCalls } from './useSendCalls.ts'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const usdc = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

/** A wallet with an EOA and a smart account that batches atomically only from the latter. */
function setup() {
  const wallet = createMemoryWallet({
    namespace: 'eip155',
    address: smartAccount,
    accounts: [
      { address: eoa, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount', deployed: true },
    ],
    async request({ method, params }) {
      const [first] = params as [unknown]
      if (method === 'wallet_getCapabilities')
        return {
          '0x7a69': { atomic: { status: first === smartAccount ? 'supported' : 'unsupported' } },
        }
      if (method === 'wallet_sendCalls') return { id: '0xb47c4' }
      if (method === 'wallet_getCallsStatus')
        return { version: '2.0.0', id: first, chainId: '0x7a69', status: 100, atomic: true }
      if (method === 'wallet_getAssets')
        return { '0x7a69': [{ address: usdc, balance: '0x989680', type: 'erc20' }] }
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
  })
  const foyer = createFoyer({
    networks: [anvil],
    adapters: [wallet.adapter()],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FoyerProvider foyer={foyer}>{children}</FoyerProvider>
  )
  return { foyer, wallet, wrapper }
}

describe('batch, capability and asset hooks', () => {
  test('read nothing while disconnected, then follow the active account type', async () => {
    const { foyer, wallet, wrapper } = setup()
    const { result } = renderHook(
      () => ({ capabilities: useCapabilities(), assets: useAssets() }),
      {
        wrapper,
      },
    )
    expect(result.current.capabilities.data).toBeUndefined()
    expect(wallet.requests).toEqual([])

    await act(() => connect(foyer, { connectorId: 'eip155-wallet' }))
    await waitFor(() =>
      expect(result.current.capabilities.data).toEqual({
        31337: { atomic: { status: 'supported' } },
      }),
    )
    await waitFor(() =>
      expect(result.current.assets.data).toEqual({
        31337: [{ address: usdc, balance: 10_000_000n, type: 'erc20', metadata: undefined }],
      }),
    )
    act(() => {
      setPreferredAccountType(foyer, { accountType: 'eoa' })
    })
    await waitFor(() =>
      expect(result.current.capabilities.data).toEqual({
        31337: { atomic: { status: 'unsupported' } },
      }),
    )
  })

  test('useSendCalls sends, useCallsStatus reads the batch it answered', async () => {
    const { foyer, wrapper } = setup()
    await act(() => connect(foyer, { connectorId: 'eip155-wallet' }))
    const { result, rerender } = renderHook(
      ({ id }: { id: string | undefined }) => ({
        send: useSendCalls(),
        status: useCallsStatus({ id }),
      }),
      { wrapper, initialProps: { id: undefined as string | undefined } },
    )
    let id = ''
    await act(async () => {
      ;({ id } = await result.current.send.sendCallsAsync({ calls: [{ to: usdc }] }))
    })
    expect(result.current.send.data).toEqual({ id: '0xb47c4' })
    rerender({ id })
    await waitFor(() => expect(result.current.status.data?.state).toBe('pending'))

    // A bad batch lands in `error`, never reaching the wallet.
    act(() => result.current.send.sendCalls({ calls: [{ to: usdc.slice(2) as `0x${string}` }] }))
    await waitFor(() => expect(result.current.send.error?.name).toBe('InvalidCallTargetError'))
  })
})
