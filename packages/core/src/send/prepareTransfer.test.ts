import { decodeFunctionData, erc20Abi, parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { setReceiverAddress } from '../actions/setReceiverAddress.ts'
import { setSendToken } from '../actions/setSendToken.ts'
import { setSendTokenAmount } from '../actions/setSendTokenAmount.ts'
import { solana } from '../networks.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import type { TokenBalance } from '../types/state.ts'
import { prepareTransfer } from './prepareTransfer.ts'

const sender = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 0,
  price: 0,
  quantity: { decimals: '18', numeric: '10' },
  iconUrl: '',
}
const usdc: TokenBalance = {
  ...eth,
  name: 'USD Coin',
  symbol: 'USDC',
  // As the server reports it: CAIP-10, lower case.
  address: 'eip155:31337:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  quantity: { decimals: '6', numeric: '100' },
}

async function connected(options: { address?: string } = {}) {
  const wallet = createMemoryWallet({ namespace: 'eip155', address: options.address ?? sender })
  const foyer = createTestFoyer({ adapters: [wallet.adapter()] })
  await connect(foyer, { connectorId: 'eip155-wallet' })
  return foyer
}

function fill(
  foyer: ReturnType<typeof createTestFoyer>,
  form: { token: TokenBalance; amount: string; receiver: string },
) {
  setSendToken(foyer, { token: form.token })
  setSendTokenAmount(foyer, { amount: form.amount })
  setReceiverAddress(foyer, { address: form.receiver })
}

describe('prepareTransfer', () => {
  it('sends the native currency as value to the receiver, from the checksummed account', async () => {
    const foyer = await connected()
    fill(foyer, { token: eth, amount: ' 1.5 ', receiver: ` ${receiver} ` })
    const prepared = await prepareTransfer(foyer)
    expect(prepared.transaction).toEqual({
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: receiver,
      value: parseUnits('1.5', 18),
    })
    expect(prepared).toMatchObject({
      amount: '1.5',
      amountValue: 1_500_000_000_000_000_000n,
      receiver,
      token: eth,
    })
    expect(prepared.connector.id).toBe('eip155-wallet')
    expect(prepared.network.caipNetworkId).toBe('eip155:31337')
  })

  it("calls the token's transfer(receiver, amount in its decimals) for an ERC-20 token", async () => {
    const foyer = await connected()
    fill(foyer, { token: usdc, amount: '12.5', receiver })
    const { transaction, amountValue } = await prepareTransfer(foyer)
    expect(amountValue).toBe(12_500_000n)
    expect(transaction).toMatchObject({
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      value: 0n,
    })
    expect(decodeFunctionData({ abi: erc20Abi, data: transaction.data! })).toEqual({
      functionName: 'transfer',
      args: [receiver, 12_500_000n],
    })
  })

  it('accepts a receiver typed without 0x (SPEC §5) and checksums it', async () => {
    const foyer = await connected()
    fill(foyer, { token: eth, amount: '1', receiver: receiver.slice(2).toLowerCase() })
    const prepared = await prepareTransfer(foyer)
    expect(prepared.receiver).toBe(receiver)
    expect(prepared.transaction.to).toBe(receiver)
  })

  it('throws the first form error before anything else', async () => {
    const foyer = createTestFoyer()
    fill(foyer, { token: eth, amount: '1', receiver: '0x1234' })
    await expect(prepareTransfer(foyer)).rejects.toMatchObject({
      name: 'InvalidReceiverAddressError',
      shortMessage: 'Invalid receiver address',
    })
  })

  it('refuses a network outside EVM with the network named', async () => {
    const foyer = createTestFoyer({ networks: [solana] })
    fill(foyer, {
      token: { ...eth, chainId: solana.caipNetworkId },
      amount: '1',
      receiver: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    })
    await expect(prepareTransfer(foyer)).rejects.toMatchObject({
      name: 'SendNotSupportedError',
      shortMessage: 'Send is not supported on this network',
      details: `${solana.caipNetworkId} is not an EVM network.`,
    })
  })

  it('refuses a filled form while no wallet is connected, or after it left', async () => {
    const foyer = createTestFoyer()
    fill(foyer, { token: eth, amount: '1', receiver })
    await expect(prepareTransfer(foyer)).rejects.toMatchObject({ name: 'NotConnectedError' })

    const left = await connected()
    fill(left, { token: eth, amount: '1', receiver })
    left.store.setState({ account: { ...left.getState().account, address: undefined } })
    await expect(prepareTransfer(left)).rejects.toMatchObject({ name: 'NotConnectedError' })
  })
})
