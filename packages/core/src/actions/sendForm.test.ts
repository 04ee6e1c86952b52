import { describe, expect, it } from 'vitest'
import { anvil, anvilB, solana } from '../networks.ts'
import { initialSendState } from '../send/initialSendState.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { TokenBalance } from '../types/state.ts'
import { addPendingTransaction } from './addPendingTransaction.ts'
import { connect } from './connect.ts'
import { resetSendForm } from './resetSendForm.ts'
import { sendTransfer } from './sendTransfer.ts'
import { setReceiverAddress } from './setReceiverAddress.ts'
import { setReceiverProfile } from './setReceiverProfile.ts'
import { setSendToken } from './setSendToken.ts'
import { setSendTokenAmount } from './setSendTokenAmount.ts'
import { switchNetwork } from './switchNetwork.ts'

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '10' },
  iconUrl: '',
}
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function fillForm(foyer: ReturnType<typeof createTestFoyer>) {
  setSendToken(foyer, { token: eth })
  setSendTokenAmount(foyer, { amount: '1.5' })
  setReceiverAddress(foyer, { address: receiver })
  setReceiverProfile(foyer, { name: 'bob.foyer', image: 'http://127.0.0.1/bob.png' })
}

describe('send form state', () => {
  it('holds token, amount, receiver and the receiver profile', () => {
    const foyer = createTestFoyer()
    fillForm(foyer)
    expect(foyer.getState().send).toMatchObject({
      token: eth,
      sendTokenAmount: '1.5',
      receiverAddress: receiver,
      receiverProfileName: 'bob.foyer',
      receiverProfileImage: 'http://127.0.0.1/bob.png',
      loading: false,
    })
  })

  it("forgets the receiver's profile when another receiver is typed", () => {
    const foyer = createTestFoyer()
    fillForm(foyer)
    setReceiverAddress(foyer, { address: receiver.toLowerCase() })
    expect(foyer.getState().send.receiverProfileName).toBe('bob.foyer')
    setReceiverAddress(foyer, { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })
    expect(foyer.getState().send.receiverProfileName).toBeUndefined()
    expect(foyer.getState().send.receiverProfileImage).toBeUndefined()
  })

  it('resetSendForm empties the form', () => {
    const foyer = createTestFoyer()
    fillForm(foyer)
    resetSendForm(foyer)
    expect(foyer.getState().send).toEqual({
      token: undefined,
      sendTokenAmount: undefined,
      receiverAddress: undefined,
      receiverProfileName: undefined,
      receiverProfileImage: undefined,
      loading: false,
      tokenBalances: [],
    })
  })

  it('switching to a network of another namespace resets the send form (SPEC §4)', async () => {
    const foyer = createTestFoyer({ networks: [anvil, anvilB, solana] })
    fillForm(foyer)
    await switchNetwork(foyer, { network: 'eip155:31338' })
    expect(foyer.getState().send.sendTokenAmount).toBe('1.5')
    await switchNetwork(foyer, { network: solana })
    expect(foyer.getState().send.token).toBeUndefined()
    expect(foyer.getState().send.sendTokenAmount).toBeUndefined()
    expect(foyer.getState().send.receiverAddress).toBeUndefined()
  })

  it('connecting a wallet of another namespace makes it active and empties the send form', async () => {
    const wallet = createMemoryWallet({
      namespace: 'solana',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    })
    const foyer = createTestFoyer({
      networks: [anvil, solana],
      adapters: [wallet.adapter()],
    })
    fillForm(foyer)
    await connect(foyer, { connectorId: 'solana-wallet' })
    expect(foyer.getState().activeNamespace).toBe('solana')
    expect(foyer.getState().send).toEqual(initialSendState)
  })
})

describe('pending transactions', () => {
  it('keeps the newest 99, newest first, without duplicates', () => {
    const foyer = createTestFoyer()
    const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
    for (let n = 1; n <= 120; n++)
      addPendingTransaction(foyer, {
        transaction: {
          hash: hash(n),
          caipNetworkId: 'eip155:31337',
          from: receiver,
          to: receiver,
          amount: '1',
          symbol: 'ETH',
          sentAt: n,
        },
      })
    addPendingTransaction(foyer, {
      transaction: { ...foyer.getState().pendingTransactions[50]!, sentAt: 999 },
    })
    const pending = foyer.getState().pendingTransactions
    expect(pending).toHaveLength(99)
    expect(new Set(pending.map((transaction) => transaction.hash)).size).toBe(99)
    expect(pending[0]).toMatchObject({ hash: hash(70), sentAt: 999 })
    expect(pending[1]?.hash).toBe(hash(120))
    expect(pending.at(-1)?.hash).toBe(hash(22))
  })
})

describe('sendTransfer validation', () => {
  it('rejects an incomplete form with the SPEC text and shows it as an error toast', async () => {
    const foyer = createTestFoyer()
    setSendToken(foyer, { token: eth })
    await expect(sendTransfer(foyer)).rejects.toMatchObject({
      name: 'SendAmountAndReceiverRequiredError',
      shortMessage: 'An amount and receiver address are required',
    })
    await foyer._internal.toastQueue
    expect(foyer.getState().toast).toMatchObject({
      variant: 'error',
      message: 'An amount and receiver address are required',
    })
    expect(foyer.getState().send.loading).toBe(false)
    foyer.destroy()
  })

  it("rejects a form without a token with 'A token is required'", async () => {
    const foyer = createTestFoyer()
    setSendTokenAmount(foyer, { amount: '1' })
    setReceiverAddress(foyer, { address: receiver })
    await expect(sendTransfer(foyer)).rejects.toMatchObject({
      name: 'SendTokenRequiredError',
      shortMessage: 'A token is required',
    })
    foyer.destroy()
  })

  it('rejects a complete form with no wallet connected', async () => {
    const foyer = createTestFoyer()
    fillForm(foyer)
    await expect(sendTransfer(foyer)).rejects.toMatchObject({ name: 'NotConnectedError' })
    foyer.destroy()
  })
})
