import { anvilDevAccounts, type DevnetToken, deployWorld, startAnvil } from '@foyer/devnet'
import { evmAdapter } from '@foyer/evm'
import { createTestWallet, ProviderRpcError, type TestWallet } from '@foyer/test-wallets'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFoyer } from '../createFoyer.ts'
import { createMemoryStorage, createStorage } from '../storage/createStorage.ts'
import type { TokenBalance } from '../types/state.ts'
import { connect } from './connect.ts'
import { estimateSendGas } from './estimateSendGas.ts'
import { getSendTokenBalances } from './getSendTokenBalances.ts'
import { sendTransfer } from './sendTransfer.ts'
import { setReceiverAddress } from './setReceiverAddress.ts'
import { setSendToken } from './setSendToken.ts'
import { setSendTokenAmount } from './setSendTokenAmount.ts'

const [sender, receiver] = anvilDevAccounts() as [
  ReturnType<typeof anvilDevAccounts>[number],
  ReturnType<typeof anvilDevAccounts>[number],
]
let anvil: Awaited<ReturnType<typeof startAnvil>>
let usdc: DevnetToken
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  const world = await deployWorld(anvil.rpcUrl)
  usdc = world.tokens.find((token) => token.symbol === 'USDC')!
  client = createPublicClient({ transport: http(anvil.rpcUrl) })
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

/** A wallet whose visitor refuses every transaction, as a real wallet answers (EIP-1193 4001). */
function refusingTransactions(wallet: TestWallet): TestWallet {
  return {
    ...wallet,
    request: async (arguments_) => {
      if (arguments_.method === 'eth_sendTransaction')
        throw new ProviderRpcError(4001, 'User rejected the request.')
      return wallet.request(arguments_)
    },
  }
}

async function setup(options: { refuse?: boolean } = {}) {
  const wallet = createTestWallet({
    accounts: [sender.privateKey],
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
  })
  const foyer = createFoyer({
    networks: [
      {
        id: 31337,
        name: 'Anvil',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [anvil.rpcUrl] } },
      },
    ],
    adapters: [
      evmAdapter({
        discover: false,
        legacyInjected: false,
        providers: [
          {
            info: { name: 'Foyer Test Wallet', rdns: 'dev.foyer.testwallet', icon: 'data:,' },
            provider: options.refuse ? refusingTransactions(wallet) : wallet,
          },
        ],
      }),
    ],
    storage: createStorage({ storage: createMemoryStorage() }),
  })
  await connect(foyer, { connectorId: 'dev.foyer.testwallet' })
  return foyer
}

const usdcBalanceOf = (address: `0x${string}`) =>
  client.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })

describe('sendTransfer against anvil', () => {
  it('sends 12.5 USDC and both balances on chain change by exactly that', async () => {
    const foyer = await setup()
    const [senderBefore, receiverBefore] = await Promise.all([
      usdcBalanceOf(sender.address),
      usdcBalanceOf(receiver.address),
    ])
    const picker = await getSendTokenBalances(foyer, {
      tokens: [{ address: usdc.address, symbol: 'USDC', name: usdc.name, decimals: usdc.decimals }],
    })
    expect(picker.map((token) => token.symbol)).toEqual(['ETH', 'USDC'])
    const usdcToken = picker[1] as TokenBalance
    expect(usdcToken.quantity).toEqual({ decimals: '6', numeric: '1000000' })

    setSendToken(foyer, { token: usdcToken })
    setSendTokenAmount(foyer, { amount: '12.5' })
    setReceiverAddress(foyer, { address: receiver.address })
    const gas = await estimateSendGas(foyer)
    expect(gas.gas).toBeGreaterThan(21_000n)
    expect(gas.fee).toBe(gas.gas * gas.gasPrice)
    expect(gas.symbol).toBe('ETH')

    const loading: boolean[] = []
    const unsubscribe = foyer.subscribe((state, previous) => {
      if (state.send.loading !== previous.send.loading) loading.push(state.send.loading)
    })
    const { hash } = await sendTransfer(foyer)
    unsubscribe()
    expect(loading).toEqual([true, false])

    const receipt = await client.getTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.to?.toLowerCase()).toBe(usdc.address.toLowerCase())
    expect(await usdcBalanceOf(sender.address)).toBe(senderBefore - parseUnits('12.5', 6))
    expect(await usdcBalanceOf(receiver.address)).toBe(receiverBefore + parseUnits('12.5', 6))

    const state = foyer.getState()
    expect(state.pendingTransactions[0]).toMatchObject({
      hash,
      caipNetworkId: 'eip155:31337',
      from: sender.address,
      to: receiver.address,
      amount: '12.5',
      symbol: 'USDC',
      tokenAddress: usdc.address,
    })
    // The picker and the selected token show the balance after the transfer.
    expect(state.send.token?.quantity.numeric).toBe('999987.5')
    expect(state.send.sendTokenAmount).toBeUndefined()
    await foyer._internal.toastQueue
    expect(foyer.getState().toast).toMatchObject({
      variant: 'success',
      message: 'Transaction sent',
    })
    foyer.destroy()
  })

  it('sends the native currency with eth_sendTransaction', async () => {
    const foyer = await setup()
    const receiverBefore = await client.getBalance({ address: receiver.address })
    const [native] = await getSendTokenBalances(foyer)
    expect(native).toMatchObject({ symbol: 'ETH', address: undefined })
    setSendToken(foyer, { token: native })
    setSendTokenAmount(foyer, { amount: '0.25' })
    setReceiverAddress(foyer, { address: receiver.address })
    const { hash } = await sendTransfer(foyer)
    const transaction = await client.getTransaction({ hash: hash as `0x${string}` })
    expect(transaction.to?.toLowerCase()).toBe(receiver.address.toLowerCase())
    expect(transaction.value).toBe(parseEther('0.25'))
    expect(transaction.input).toBe('0x')
    expect(await client.getBalance({ address: receiver.address })).toBe(
      receiverBefore + parseEther('0.25'),
    )
    foyer.destroy()
  })

  it("a refusal in the wallet rejects with 'Transaction rejected', shows it and sends nothing", async () => {
    const foyer = await setup({ refuse: true })
    const nonceBefore = await client.getTransactionCount({ address: sender.address })
    const [native] = await getSendTokenBalances(foyer)
    setSendToken(foyer, { token: native })
    setSendTokenAmount(foyer, { amount: '1' })
    setReceiverAddress(foyer, { address: receiver.address })
    await expect(sendTransfer(foyer)).rejects.toMatchObject({
      name: 'SendRejectedError',
      shortMessage: 'Transaction rejected',
      code: 4001,
    })
    await foyer._internal.toastQueue
    expect(foyer.getState().toast).toMatchObject({
      variant: 'error',
      message: 'Transaction rejected',
    })
    expect(foyer.getState().send).toMatchObject({ loading: false, sendTokenAmount: '1' })
    expect(foyer.getState().pendingTransactions).toEqual([])
    expect(await client.getTransactionCount({ address: sender.address })).toBe(nonceBefore)
    foyer.destroy()
  })
})
