import { describe, expect, it, vi } from 'vitest'
import { bitcoin } from '../networks.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'
import { getBalance } from './getBalance.ts'
import { sendTransaction } from './sendTransaction.ts'

describe('sendTransaction', () => {
  it('has a Bitcoin wallet build and send a native transfer from the shown account', async () => {
    const wallet = createMemoryWallet({
      namespace: 'bip122',
      address: 'bcrt1qpayment',
      accounts: [
        { address: 'bcrt1qpayment', type: 'payment' },
        { address: 'bcrt1pordinal', type: 'ordinal' },
      ],
    })
    const foyer = createTestFoyer({ networks: [bitcoin], adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'bip122-wallet' })
    const txid = await sendTransaction(foyer, { to: 'bcrt1qreceiver', value: 10_000_000n })
    expect(txid).toBe('transfer-1')
    expect(wallet.transfers).toEqual([
      { from: 'bcrt1qpayment', to: 'bcrt1qreceiver', amount: 10_000_000n },
    ])
  })

  it('refreshes the balance shown once the transfer is sent', async () => {
    let balance = 5n
    const wallet = createMemoryWallet({ namespace: 'bip122', address: 'bcrt1qpayment' })
    const adapter = wallet.adapter()
    adapter.getBalance = async () => ({ value: balance, decimals: 8, symbol: 'BTC' })
    const foyer = createTestFoyer({ networks: [bitcoin], adapters: [adapter] })
    await connect(foyer, { connectorId: 'bip122-wallet' })
    await getBalance(foyer)
    expect(foyer.getState().account.balance).toBe('0.000')
    balance = 100_000_000n
    await sendTransaction(foyer, { to: 'bcrt1qreceiver', value: 1n })
    await vi.waitFor(() => expect(foyer.getState().account.balance).toBe('1.000'))
  })

  it('never hands calldata to a connector that builds transfers itself', async () => {
    const wallet = createMemoryWallet({ namespace: 'bip122', address: 'bcrt1qpayment' })
    const foyer = createTestFoyer({ networks: [bitcoin], adapters: [wallet.adapter()] })
    await connect(foyer, { connectorId: 'bip122-wallet' })
    await sendTransaction(foyer, { to: 'bcrt1qreceiver', value: 1n, data: '0x00' }).catch(() => {})
    expect(wallet.transfers).toEqual([])
  })
})
