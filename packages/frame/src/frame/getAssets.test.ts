import { type Hex, parseEther, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { useLocalChain } from '../test-utils/useLocalChain.ts'
import {
  createPublicClients,
  handleRpcRequest,
  type RpcContext,
  type RpcError,
} from './handleRpcRequest.ts'

const local = useLocalChain({ funderIndex: 5 })

/** A signed-in frame's context for a fresh address holding 2 ETH and 25 USDC (no DAI). */
async function funded(): Promise<{ context: RpcContext; address: Hex }> {
  const address = privateKeyToAccount(toHex(crypto.getRandomValues(new Uint8Array(32)))).address
  await local.fund(address, { ether: '2', usdc: '25' })
  const rpcUrls = { [local.chain.chainId]: local.chain.rpcUrl }
  return {
    address,
    context: {
      origin: 'https://app.example.com',
      chainId: local.chain.chainId,
      rpcUrls,
      address,
      solanaAddress: undefined,
      withSigner: () => Promise.reject(new Error('reading assets never signs')),
      approve: () => Promise.reject(new Error('reading assets never asks')),
      switchChain: () => {},
      getPublicClient: createPublicClients(rpcUrls),
      chains: {
        [local.chain.chainId]: {
          name: local.chain.name,
          nativeCurrency: local.chain.nativeCurrency,
          tokens: local.chain.tokens,
        },
      },
    },
  }
}

const usdcToken = () => local.chain.tokens.find((token) => token.symbol === 'USDC')!

describe('wallet_getAssets (EIP-7811)', () => {
  it("lists the account's native and token balances per chain, leaving out empty ones", async () => {
    const { context, address } = await funded()
    const assets = await handleRpcRequest(context, {
      method: 'wallet_getAssets',
      params: [{ account: address }],
    })
    expect(assets).toEqual({
      '0x7a69': [
        {
          address: 'native',
          balance: toHex(parseEther('2')),
          type: 'native',
          metadata: local.chain.nativeCurrency,
        },
        {
          address: usdcToken().address,
          balance: toHex(parseUnits('25', 6)),
          type: 'erc20',
          metadata: { name: usdcToken().name, symbol: 'USDC', decimals: 6 },
        },
      ],
    })
  })

  it('follows the chain, asset type and asset filters', async () => {
    const { context, address } = await funded()
    const ask = (filters: Record<string, unknown>) =>
      handleRpcRequest(context, {
        method: 'wallet_getAssets',
        params: [{ account: address, ...filters }],
      }) as Promise<Record<Hex, { type: string; address: string; balance: Hex }[]>>
    expect(await ask({ chainFilter: ['0x1'] })).toEqual({})
    expect((await ask({ assetTypeFilter: ['erc20'] }))['0x7a69']?.map((a) => a.type)).toEqual([
      'erc20',
    ])
    // An explicit asset list is answered as asked, zero balances included.
    const dai = local.chain.tokens.find((token) => token.symbol === 'DAI')!
    expect(
      await ask({ assetFilter: { '0x7a69': [{ address: dai.address, type: 'erc20' }] } }),
    ).toEqual({
      '0x7a69': [
        {
          address: dai.address,
          balance: '0x0',
          type: 'erc20',
          metadata: { name: dai.name, symbol: 'DAI', decimals: dai.decimals },
        },
      ],
    })
  })

  it("refuses another person's account and malformed requests", async () => {
    const { context } = await funded()
    const refused = (params: unknown) =>
      handleRpcRequest(context, { method: 'wallet_getAssets', params }).catch(
        (error: RpcError) => ({ message: error.shortMessage, code: error.code }),
      )
    expect(await refused([{ account: local.devnet.accounts[0]!.address }])).toEqual({
      message: 'The address is not the connected account',
      code: 4100,
    })
    expect(await refused([{ account: 'bob' }])).toMatchObject({ code: -32602 })
    expect(await refused([{ account: context.address, chainFilter: [7] }])).toMatchObject({
      code: -32602,
    })
    expect(await refused([])).toMatchObject({ code: -32602 })
  })
})
