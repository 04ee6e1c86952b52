import {
  type Devnet,
  erc20Abi,
  startDevnet,
  toViemChain,
  uniswapV2Router02Abi,
} from '@foyer/devnet'
import {
  buildSwapTransactionResponse,
  getSwapApproveTransactionResponse,
  getSwapQuoteResponse,
  NATIVE_TOKEN_ADDRESS,
  type SwapTransaction,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'
import { type StartZeroExApiReturnType, startZeroExApi } from './support/startZeroExApi.ts'

const apiKey = 'zero-ex-test-key'

/**
 * The convert API over the 0x Swap API v2 provider (what public networks use), against a local
 * stand-in speaking 0x's AllowanceHolder shapes whose transactions really swap on an anvil devnet.
 * The chain has no Uniswap V2 `swap` config, as a public network of FOYER_RPC_URLS.
 */
describe('convert API over 0x (FOYER_0X_API_KEY)', () => {
  let devnet: Devnet
  let stopDevnet: () => Promise<void>
  let database: FoyerDatabase
  let app: FastifyInstance
  let api: StartZeroExApiReturnType
  let publicClient: PublicClient

  beforeAll(async () => {
    const [started, opened] = await Promise.all([
      startDevnet({ chains: [{ chainId: 31337, port: 0 }] }),
      createDatabase({ dataDir: 'memory://' }),
    ])
    devnet = started.devnet
    stopDevnet = started.stop
    database = opened
    const chain = devnet.chains[0]!
    api = await startZeroExApi({
      apiKey,
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      router: chain.contracts.uniswapV2Router02,
      weth: chain.contracts.weth,
      feeBps: 15,
    })
    const { zeroEx } = readServerOptions({
      FOYER_0X_API_KEY: apiKey,
      FOYER_0X_API_URL: api.baseUrl,
    })
    app = await createServer({
      database,
      chains: [
        {
          chainId: chain.chainId,
          name: chain.name,
          rpcUrl: chain.rpcUrl,
          nativeCurrency: chain.nativeCurrency,
          tokens: chain.tokens,
          wrappedNative: chain.contracts.weth,
          // USD prices from the pools (for the price impact); no `swap`: 0x serves its swaps.
          pricing: {
            kind: 'uniswap-v2',
            usdToken: chain.contracts.usdc,
            wrappedNative: chain.contracts.weth,
            pools: chain.pools,
          },
        },
      ],
      zeroEx,
      dev: true,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
    })
    await app.ready()
    publicClient = createPublicClient({
      chain: toViemChain(chain),
      transport: http(chain.rpcUrl),
    }) as PublicClient
  })

  afterAll(async () => {
    await app?.close()
    await Promise.allSettled([stopDevnet?.(), database?.destroy(), api?.stop()])
  })

  const chain = () => devnet.chains[0]!
  const caip = (address: string) => `eip155:31337:${address}`
  const usdc = () => chain().contracts.usdc
  const dai = () => chain().contracts.dai
  const native = caip(NATIVE_TOKEN_ADDRESS)
  const account = (index: number) => devnet.accounts[index]!
  const get = async (path: string, query: Record<string, string>) => {
    const response = await app.inject({
      url: `${path}?${new URLSearchParams({ projectId: devProjectId, ...query })}`,
    })
    return { status: response.statusCode, body: response.json() }
  }
  const post = async (body: Record<string, unknown>) => {
    const response = await app.inject({
      method: 'POST',
      url: `/v1/convert/build-transaction?${new URLSearchParams({ projectId: devProjectId })}`,
      payload: body,
    })
    return { status: response.statusCode, body: response.json() }
  }
  const quote = async (from: string, to: string, amount: bigint, index = 0) => {
    const { status, body } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      userAddress: caip(account(index).address),
      from,
      to,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return v.parse(getSwapQuoteResponse, body).quotes
  }
  const send = async (index: number, tx: SwapTransaction) => {
    const wallet = createWalletClient({
      chain: toViemChain(chain()),
      account: privateKeyToAccount(account(index).privateKey),
      transport: http(chain().rpcUrl),
    })
    const hash = await wallet.sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    return { receipt, gasCost: receipt.gasUsed * receipt.effectiveGasPrice }
  }
  const balanceOf = (token: Address, owner: Address) =>
    publicClient.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  const routerOut = async (amount: bigint, path: Address[]) =>
    (
      await publicClient.readContract({
        address: chain().contracts.uniswapV2Router02,
        abi: uniswapV2Router02Abi,
        functionName: 'getAmountsOut',
        args: [amount, path],
      })
    ).at(-1)!

  it("quotes 0x's price with its fee in from units, calling the API with its key", async () => {
    const amount = parseUnits('100', 6)
    const [only, ...rest] = await quote(caip(usdc()), caip(dai()), amount)
    expect(rest).toEqual([])
    const out = await routerOut(amount, [usdc(), dai()])
    const fee = (out * 15n) / 10_000n
    expect(only).toEqual({
      fromAmount: amount.toString(),
      fromAccount: caip(usdc()),
      toAmount: (out - fee).toString(),
      toAccount: caip(dai()),
      path: [usdc(), dai()],
      // The pools' 0.3 % and their slippage, 0x's fee left out (USD prices 1 and 1).
      priceImpact: '0.31',
      fee: ((fee * amount) / (out - fee)).toString(),
    })
    const request = api.requests.at(-1)!
    expect(request.path).toBe('/swap/allowance-holder/price')
    expect(request.headers['0x-api-key']).toBe(apiKey)
    expect(request.headers['0x-version']).toBe('v2')
    expect(request.query).toMatchObject({
      chainId: '31337',
      sellToken: usdc(),
      buyToken: dai(),
      sellAmount: amount.toString(),
      taker: account(0).address,
    })
  })

  it('approves the spender 0x names and swaps USDC to DAI within the slippage', async () => {
    const index = 2
    const user = account(index).address
    const amount = parseUnits('250', 6)
    await quote(caip(usdc()), caip(dai()), amount, index)
    const allowance = async () => {
      const { body } = await get('/v1/convert/allowance', {
        tokenAddress: caip(usdc()),
        userAddress: caip(user),
      })
      return BigInt(body.allowance)
    }
    expect(await allowance()).toBe(0n)
    const approve = await get('/v1/convert/build-approve', {
      userAddress: caip(user),
      from: caip(usdc()),
      to: caip(dai()),
      amount: amount.toString(),
    })
    expect(approve.status).toBe(200)
    const approveTx = v.parse(getSwapApproveTransactionResponse, approve.body).tx
    expect((await send(index, approveTx)).receipt.status).toBe('success')
    expect(await allowance()).toBe(amount)
    // The spender is the one 0x named (the stand-in settles through the devnet router).
    expect(
      await publicClient.readContract({
        address: usdc(),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user, chain().contracts.uniswapV2Router02],
      }),
    ).toBe(amount)

    const built = await post({
      amount: amount.toString(),
      from: caip(usdc()),
      to: caip(dai()),
      userAddress: caip(user),
      eip155: { slippage: '0.5' },
    })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    const { tx, toAmount, toAmountMin } = v.parse(buildSwapTransactionResponse, built.body)
    expect(api.requests.at(-1)).toMatchObject({
      path: '/swap/allowance-holder/quote',
      query: { slippageBps: '50', taker: user },
    })
    expect(BigInt(toAmountMin)).toBe((BigInt(toAmount) * 995n) / 1000n)
    const before = await balanceOf(dai(), user)
    const { receipt } = await send(index, tx)
    expect(receipt.status).toBe('success')
    const received = (await balanceOf(dai(), user)) - before
    expect(received).toBeGreaterThanOrEqual(BigInt(toAmountMin))
    // The stand-in reports a fee it does not take: the router gives toAmount plus that fee.
    expect(received).toBeGreaterThanOrEqual(BigInt(toAmount))
  })

  it('swaps ETH to USDC without an approval', async () => {
    const index = 3
    const user = account(index).address
    const amount = parseEther('0.5')
    const { body } = await get('/v1/convert/allowance', {
      tokenAddress: native,
      userAddress: caip(user),
    })
    expect(BigInt(body.allowance)).toBe(maxUint256)
    const [best] = await quote(native, caip(usdc()), amount, index)
    expect(best!.path).toEqual([chain().contracts.weth, usdc()])
    const built = await post({
      amount: amount.toString(),
      from: native,
      to: caip(usdc()),
      userAddress: caip(user),
      eip155: { slippage: '0.0001' },
    })
    expect(built.status, JSON.stringify(built.body)).toBe(200)
    expect(api.requests.at(-1)!.query).toMatchObject({ slippagePpm: '1' })
    const { tx, toAmountMin } = v.parse(buildSwapTransactionResponse, built.body)
    expect(tx.value).toBe(amount.toString())
    const before = await balanceOf(usdc(), user)
    const ethBefore = await publicClient.getBalance({ address: user })
    const { receipt, gasCost } = await send(index, tx)
    expect(receipt.status).toBe('success')
    expect((await balanceOf(usdc(), user)) - before).toBeGreaterThanOrEqual(BigInt(toAmountMin))
    expect(ethBefore - (await publicClient.getBalance({ address: user }))).toBe(amount + gasCost)
  })

  it('answers no quotes where 0x has no liquidity or does not know the token', async () => {
    // A contract without a pool, and an address that is no contract.
    expect(await quote(caip(usdc()), caip(chain().contracts.nft), 1000n)).toEqual([])
    expect(
      await quote(caip(usdc()), caip('0x000000000000000000000000000000000000dEaD'), 1000n),
    ).toEqual([])
    const { status, body } = await post({
      amount: '1000',
      from: caip(usdc()),
      to: caip(chain().contracts.nft),
      userAddress: caip(account(0).address),
    })
    expect(status).toBe(400)
    expect(body.message).toBe('No swap route with liquidity between these tokens')
  })

  it('answers 502 when the API fails, and serves the devnet chain only', async () => {
    api.setMode(500)
    try {
      const { status, body } = await get('/v1/convert/quotes', {
        amount: '1000',
        userAddress: caip(account(0).address),
        from: caip(usdc()),
        to: caip(dai()),
      })
      expect(status).toBe(502)
      expect(body).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The swap provider did not answer',
      })
    } finally {
      api.setMode('ok')
    }
    const other = await get('/v1/convert/tokens', { chainId: 'eip155:8453' })
    expect(other.status).toBe(400)
    expect(other.body.message).toBe('Network not supported for Swaps')
  })
})
