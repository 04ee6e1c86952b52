import { type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import {
  createPublicClient,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerSessionRequest } from './answerSessionRequest.ts'
import type { MobileWalletAccount, MobileWalletChain } from './types.ts'

// anvil's well-known dev mnemonic; account 0 and 1 are funded at genesis.
const anvilMnemonic = 'test test test test test test test test test test test junk'
const accounts: MobileWalletAccount[] = [0, 1].map((addressIndex) => {
  const hdAccount = mnemonicToAccount(anvilMnemonic, { addressIndex })
  return { address: hdAccount.address, privateKey: toHex(hdAccount.getHdKey().privateKey!) }
})
const [account, otherAccount] = accounts as [MobileWalletAccount, MobileWalletAccount]

let anvil: StartAnvilReturnType
let chains: MobileWalletChain[]

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337, port: 0 })
  chains = [
    { chainId: 31337, name: 'Devnet A', rpcUrl: anvil.rpcUrl },
    { chainId: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:1' },
  ]
})

afterAll(async () => {
  await anvil?.stop()
})

function answer(method: string, params: unknown, switchChain = async (_chainId: number) => {}) {
  return answerSessionRequest({
    method,
    params,
    chainId: 'eip155:31337',
    account,
    chains,
    switchChain,
  })
}

describe('answerSessionRequest', () => {
  it('signs a personal_sign message that verifies for the session account', async () => {
    const message = 'Sign in to Foyer'
    const signature = (await answer('personal_sign', [toHex(message), account.address])) as Hex
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
  })

  it('refuses to sign for an account the session does not hold', async () => {
    await expect(
      answer('personal_sign', [toHex('hello'), otherAccount.address]),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('signs eth_signTypedData_v4 typed data sent as JSON', async () => {
    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { to: otherAccount.address, contents: 'Hello', amount: '1000' },
    } as const
    const signature = (await answer('eth_signTypedData_v4', [
      account.address,
      JSON.stringify(typedData),
    ])) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(
      await verifyTypedData({
        address: account.address,
        domain: typedData.domain,
        types,
        primaryType: 'Mail',
        message: { ...typedData.message, amount: 1000n },
        signature,
      }),
    ).toBe(true)
  })

  it('sends eth_sendTransaction to the chain and returns the hash of a mined transaction', async () => {
    const hash = (await answer('eth_sendTransaction', [
      { from: account.address, to: otherAccount.address, value: toHex(parseEther('1.5')) },
    ])) as Hex
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const transaction = await client.getTransaction({ hash })
    expect(transaction.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(transaction.to?.toLowerCase()).toBe(otherAccount.address.toLowerCase())
    expect(transaction.value).toBe(parseEther('1.5'))
  })

  it('answers a failing transaction with the node reason', async () => {
    await expect(
      answer('eth_sendTransaction', [
        { from: account.address, to: otherAccount.address, value: toHex(parseEther('1000000')) },
      ]),
    ).rejects.toMatchObject({ code: -32603 })
  })

  it('switches to a devnet chain and answers 4902 for any other', async () => {
    const switched: number[] = []
    const switchChain = async (chainId: number) => {
      switched.push(chainId)
    }
    expect(await answer('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }], switchChain)).toBe(
      null,
    )
    expect(switched).toEqual([31338])
    await expect(
      answer('wallet_switchEthereumChain', [{ chainId: '0x1' }], switchChain),
    ).rejects.toMatchObject({ code: 4902 })
    expect(switched).toEqual([31338])
  })

  it('answers eth_chainId and eth_accounts from the session', async () => {
    expect(await answer('eth_chainId', [])).toBe('0x7a69')
    expect(await answer('eth_accounts', [])).toEqual([account.address])
  })

  it('answers 4200 for a method it does not support', async () => {
    await expect(answer('eth_sign', [account.address, '0x00'])).rejects.toMatchObject({
      code: 4200,
    })
  })
})
