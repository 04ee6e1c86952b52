import { describe, expect, it } from 'vitest'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { ConnectorAccount, RequestArguments } from '../types/connector.ts'
import { connect } from './connect.ts'
import { getCallsStatus } from './getCallsStatus.ts'
import { getCapabilities } from './getCapabilities.ts'
import { sendCalls } from './sendCalls.ts'
import { setPreferredAccountType } from './setPreferredAccountType.ts'

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAccount = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const spender = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const approve =
  `0x095ea7b3${'0'.repeat(24)}${spender.slice(2).toLowerCase()}${'0'.repeat(63)}1` as const

/** A wallet that speaks EIP-5792 the way the embedded one does: ids and statuses it keeps. */
function batchingWallet(accounts: readonly ConnectorAccount[] = [{ address: eoa, type: 'eoa' }]) {
  const batches: unknown[] = []
  return createMemoryWallet({
    namespace: 'eip155',
    address: accounts[0]!.address,
    accounts,
    async request({ method, params }: RequestArguments) {
      const [first] = params as unknown[]
      if (method === 'wallet_sendCalls') {
        batches.push(first)
        return { id: `0x${batches.length.toString(16).padStart(2, '0')}` }
      }
      if (method === 'wallet_getCallsStatus')
        return {
          version: '2.0.0',
          id: first,
          chainId: '0x7a69',
          status: 200,
          atomic: true,
          receipts: [],
        }
      if (method === 'wallet_getCapabilities')
        return {
          '0x7a69': { atomic: { status: first === smartAccount ? 'supported' : 'unsupported' } },
        }
      throw Object.assign(new Error('Method not found'), { code: -32601 })
    },
  })
}

describe('sendCalls', () => {
  it('sends the batch from the active account, amounts as hex, and reads its status', async () => {
    const wallet = batchingWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    const { id } = await sendCalls(foyer, {
      calls: [
        { to: token, data: approve },
        { to: spender, value: 10n ** 18n },
      ],
    })
    expect(id).toBe('0x01')
    expect(wallet.requests[0]).toEqual({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: eoa,
          chainId: '0x7a69',
          atomicRequired: false,
          calls: [
            { to: token, data: approve },
            { to: spender, value: '0xde0b6b3a7640000' },
          ],
        },
      ],
    })
    expect(await getCallsStatus(foyer, { id })).toMatchObject({
      status: 200,
      state: 'confirmed',
      atomic: true,
    })
  })

  it('refuses a call without a 0x target with SPEC’s error, and the wallet is never asked', async () => {
    const wallet = batchingWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    for (const to of [spender.slice(2), 'vitalik.eth', undefined, `0x${'1'.repeat(39)}`])
      await expect(
        sendCalls(foyer, { calls: [{ to: token, data: approve }, { to: to as never }] }),
      ).rejects.toMatchObject({
        name: 'InvalidCallTargetError',
        shortMessage: 'Batched-send calls need a 0x-prefixed target address',
        index: 1,
      })
    await expect(sendCalls(foyer, { calls: [] })).rejects.toMatchObject({ name: 'EmptyCallsError' })
    expect(wallet.requests).toEqual([])
  })

  it('goes through the smart account when it is the active type, and the EOA after switching', async () => {
    const wallet = batchingWallet([
      { address: eoa, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount' },
    ])
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    // SPEC §6: the smart account by default on EVM.
    expect(foyer.getState().account.address).toBe(smartAccount)
    await sendCalls(foyer, { calls: [{ to: token, data: approve }], atomicRequired: true })
    expect(await getCapabilities(foyer)).toEqual({ 31337: { atomic: { status: 'supported' } } })
    setPreferredAccountType(foyer, { accountType: 'eoa' })
    expect(foyer.getState().account.address).toBe(eoa)
    await sendCalls(foyer, { calls: [{ to: token, data: approve }] })
    expect(await getCapabilities(foyer)).toEqual({ 31337: { atomic: { status: 'unsupported' } } })
    const froms = wallet.requests
      .filter((request) => request.method !== 'wallet_getCapabilities')
      .map((request) => (request.params as [{ from: string }])[0].from)
    expect(froms).toEqual([smartAccount, eoa])
  })

  it('names a wallet without EIP-5792 (4200 or -32601) instead of passing its error on', async () => {
    for (const code of [4200, -32601]) {
      const wallet = createMemoryWallet({
        namespace: 'eip155',
        address: eoa,
        request: async () => {
          throw Object.assign(new Error('The method does not exist'), { code })
        },
      })
      const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
      await connect(foyer, { connectorId: 'eip155-wallet' })
      await expect(
        sendCalls(foyer, { calls: [{ to: token, data: approve }] }),
      ).rejects.toMatchObject({
        name: 'WalletMethodNotSupportedError',
        method: 'wallet_sendCalls',
        shortMessage: 'The wallet does not support wallet_sendCalls',
      })
      await expect(getCapabilities(foyer)).rejects.toMatchObject({
        name: 'WalletMethodNotSupportedError',
        method: 'wallet_getCapabilities',
      })
    }
    // Any other error is the wallet's own (a refusal stays a 4001).
    const refusing = createMemoryWallet({
      namespace: 'eip155',
      address: eoa,
      request: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
    })
    const foyer = createTestFoyer({ adapters: [refusing.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    await expect(sendCalls(foyer, { calls: [{ to: token }] })).rejects.toMatchObject({ code: 4001 })
  })

  it('accepts an EIP-5792 v1 wallet that answers the id itself', async () => {
    const wallet = createMemoryWallet({
      namespace: 'eip155',
      address: eoa,
      request: async () => '0xbatch',
    })
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    expect(await sendCalls(foyer, { calls: [{ to: token }] })).toEqual({ id: '0xbatch' })
  })

  it('needs a connected EVM account', async () => {
    const foyer = createTestFoyer()
    await expect(sendCalls(foyer, { calls: [{ to: token }] })).rejects.toMatchObject({
      name: 'NotConnectedError',
    })
  })
})

describe('setPreferredAccountType and smart accounts (SPEC §6)', () => {
  it('refuses switching to a smart account the connected wallet does not have here', async () => {
    const wallet = batchingWallet()
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    setPreferredAccountType(foyer, { accountType: 'eoa' })
    expect(() => setPreferredAccountType(foyer, { accountType: 'smartAccount' })).toThrowError(
      expect.objectContaining({
        name: 'SmartAccountNotEnabledError',
        shortMessage: 'Smart accounts are not enabled on this network',
      }),
    )
    expect(foyer.getState().account.address).toBe(eoa)
  })

  it('reports whether the shown smart account is deployed (SPEC §3 smartAccountDeployed)', async () => {
    const wallet = batchingWallet([
      { address: eoa, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount', deployed: false },
    ])
    const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'eip155-wallet' })
    expect(foyer.getState().account.smartAccountDeployed).toBe(false)
    // The wallet reports the account deployed after its first operation.
    wallet.changeAccounts([
      { address: eoa, type: 'eoa' },
      { address: smartAccount, type: 'smartAccount', deployed: true },
    ])
    expect(foyer.getState().account.smartAccountDeployed).toBe(true)
    setPreferredAccountType(foyer, { accountType: 'eoa' })
    expect(foyer.getState().account.smartAccountDeployed).toBe(false)
  })
})
