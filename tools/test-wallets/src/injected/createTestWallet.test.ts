import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import { createPublicClient, http, recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestWallet } from './createTestWallet.ts'

const ANVIL_PRIVATE_KEYS = anvilDevAccounts()
  .slice(0, 2)
  .map((account) => account.privateKey) as [`0x${string}`, `0x${string}`]
let anvil: StartAnvilReturnType
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
})
afterAll(async () => {
  await anvil?.stop()
})

const address = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]).address
const other = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address
const createWallet = () =>
  createTestWallet({
    accounts: [...ANVIL_PRIVATE_KEYS],
    chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
  })

const createTestTwoChainWallet = () =>
  createTestWallet({
    accounts: [...ANVIL_PRIVATE_KEYS],
    chains: [
      { chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' },
      { chainId: 31338, rpcUrl: anvil.rpcUrl, name: 'Anvil B' },
    ],
  })

describe('createTestWallet', () => {
  it('shares no accounts until the site is approved', async () => {
    const wallet = createWallet()
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
    expect(await wallet.request({ method: 'eth_requestAccounts' })).toEqual([address, other])
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([address, other])
  })

  it('refuses with 4001 when set to reject', async () => {
    const wallet = createWallet()
    wallet.setBehaviour({ connect: 'reject' })
    await expect(wallet.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('leaves the connect prompt open when set to pending, and shares nothing meanwhile', async () => {
    const wallet = createWallet()
    wallet.setBehaviour({ connect: 'pending' })
    const answered = vi.fn()
    void wallet.request({ method: 'eth_requestAccounts' }).then(answered, answered)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(answered).not.toHaveBeenCalled()
    expect(wallet.isAuthorized).toBe(false)
    expect(await wallet.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('answers chain prompts as set: -32603 for a refused chain id, -32002 while busy', async () => {
    const wallet = createTestTwoChainWallet()
    const switchTo = (chainId: string) =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    wallet.setBehaviour({ switchChain: 'invalidChainId' })
    await expect(switchTo('0x7a6a')).rejects.toMatchObject({ code: -32603 })
    wallet.setBehaviour({ switchChain: 'busy' })
    await expect(switchTo('0x7a6a')).rejects.toMatchObject({ code: -32002 })
    expect(wallet.chainId).toBe(31337)

    // Adding a chain can answer differently from switching.
    wallet.setBehaviour({
      switchChain: 'approve',
      addChain: 'invalidChainId',
      unknownChains: [31338],
    })
    await expect(switchTo('0x7a6a')).rejects.toMatchObject({ code: 4902 })
    await expect(
      wallet.request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x7a6a', chainName: 'Anvil B', rpcUrls: [anvil.rpcUrl] }],
      }),
    ).rejects.toMatchObject({ code: -32603 })
    expect(wallet.getBehaviour().unknownChains).toEqual([31338])
  })

  it('can wrap 4902 in -32603, as some mobile wallets do', async () => {
    const wallet = createTestTwoChainWallet()
    wallet.setBehaviour({ unknownChains: [31338], wrapUnrecognizedChain: true })
    await expect(
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] }),
    ).rejects.toMatchObject({ code: -32603, data: { originalError: { code: 4902 } } })
  })

  it('signs personal messages locally with the selected account', async () => {
    const wallet = createWallet()
    await wallet.request({ method: 'eth_requestAccounts' })
    const signature = (await wallet.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })) as `0x${string}`
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(address)
  })

  it('signs EIP-712 typed data (eth_signTypedData_v4)', async () => {
    const wallet = createWallet()
    await wallet.request({ method: 'eth_requestAccounts' })
    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hi' },
    } as const
    const signature = (await wallet.request({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as `0x${string}`
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(address)
  })

  it('refuses to sign before the site is approved', async () => {
    const wallet = createWallet()
    await expect(
      wallet.request({ method: 'personal_sign', params: ['0x00', address] }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs transactions locally and sends them raw to the chain', async () => {
    const wallet = createWallet()
    await wallet.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getBalance({ address: other })
    const hash = (await wallet.request({
      method: 'eth_sendTransaction',
      params: [{ from: address, to: other, value: '0x3e8' }],
    })) as `0x${string}`
    const transaction = await client.getTransaction({ hash })
    expect(transaction.from.toLowerCase()).toBe(address.toLowerCase())
    await client.waitForTransactionReceipt({ hash })
    expect(await client.getBalance({ address: other })).toBe(before + 1000n)
  })

  it('forwards reads to the chain RPC', async () => {
    const wallet = createWallet()
    const balance = await wallet.request({ method: 'eth_getBalance', params: [address, 'latest'] })
    const expected = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({
      address,
    })
    expect(BigInt(balance as string)).toBe(expected)
  })

  it('answers 4902 for an unknown chain until it is added', async () => {
    const wallet = createWallet()
    const switchTo = () =>
      wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await expect(switchTo()).rejects.toMatchObject({ code: 4902 })
    await wallet.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x7a6a', chainName: 'Anvil B', rpcUrls: [anvil.rpcUrl] }],
    })
    const changes: string[] = []
    wallet.on('chainChanged', (chainId: never) => changes.push(chainId))
    await switchTo()
    expect(changes).toEqual(['0x7a6a'])
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })
})

describe('persistence', () => {
  it('remembers the authorisation, account and chain across instances, as an extension does', async () => {
    const values = new Map<string, string>()
    const storage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    }
    const chains = [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'A' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:2', name: 'B' },
    ] as const
    const first = createTestWallet({ accounts: ANVIL_PRIVATE_KEYS.slice(0, 2), chains, storage })
    const [, second] = (await first.request({ method: 'eth_requestAccounts' })) as string[]
    first.selectAccount(second as `0x${string}`)
    await first.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })

    const reloaded = createTestWallet({ accounts: ANVIL_PRIVATE_KEYS.slice(0, 2), chains, storage })
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([second, expect.any(String)])
    expect(await reloaded.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    const stranger = createTestWallet({ accounts: ANVIL_PRIVATE_KEYS.slice(0, 2), chains })
    expect(await stranger.request({ method: 'eth_accounts' })).toEqual([])
  })
})
