import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Devnet,
  erc20Abi,
  startDevnet,
  toViemChain,
  uniswapV2Router02Abi,
} from '@foyer/devnet'
import {
  buildSwapTransactionResponse,
  getSwapAllowanceResponse,
  getSwapApproveTransactionResponse,
  getSwapGasPriceResponse,
  getSwapQuoteResponse,
  getSwapTokensResponse,
  NATIVE_TOKEN_ADDRESS,
  type SwapTransaction,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'

/**
 * The convert API (SPEC §7) against a real anvil devnet: quotes from the Uniswap V2 pools'
 * reserves, approvals and swaps built by the server and sent by dev accounts.
 */
describe('convert API on the devnet (Uniswap V2)', () => {
  let devnet: Devnet
  let stopDevnet: () => Promise<void>
  let database: FoyerDatabase
  let app: FastifyInstance
  let tempDir: string
  let publicClient: PublicClient

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-swap-test-'))
    const devnetFile = join(tempDir, 'devnet.json')
    const [started, opened] = await Promise.all([
      startDevnet({ chains: [{ chainId: 31337, port: 0 }], outFile: devnetFile }),
      createDatabase({ dataDir: 'memory://' }),
    ])
    devnet = started.devnet
    stopDevnet = started.stop
    database = opened
    app = await createServer({
      database,
      devnetFile,
      dev: true,
      logger: false,
      rateLimit: false,
      indexer: { enabled: false },
    })
    await app.ready()
    publicClient = createPublicClient({
      chain: toViemChain(chain()),
      transport: http(chain().rpcUrl),
    }) as PublicClient
  })

  afterAll(async () => {
    await app?.close()
    await Promise.allSettled([stopDevnet?.(), database?.destroy()])
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  const chain = () => devnet.chains[0]!
  const caip = (address: string) => `eip155:31337:${address}`
  const usdc = () => chain().contracts.usdc
  const dai = () => chain().contracts.dai
  const weth = () => chain().contracts.weth
  const router = () => chain().contracts.uniswapV2Router02
  const native = caip(NATIVE_TOKEN_ADDRESS)
  const account = (index: number) => devnet.accounts[index]!
  const wallet = (index: number) =>
    createWalletClient({
      chain: toViemChain(chain()),
      account: privateKeyToAccount(account(index).privateKey),
      transport: http(chain().rpcUrl),
    })
  const testClient = () => createTestClient({ mode: 'anvil', transport: http(chain().rpcUrl) })

  const get = async (path: string, query: Record<string, string>) => {
    const response = await app.inject({
      url: `${path}?${new URLSearchParams({ projectId: devProjectId, st: 'foyer', sv: 'test', ...query })}`,
    })
    return { status: response.statusCode, body: response.json() }
  }
  const post = async (path: string, body: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url: `${path}?${new URLSearchParams({ projectId: devProjectId, st: 'foyer', sv: 'test' })}`,
      payload: body as Record<string, unknown>,
    })
    return { status: response.statusCode, body: response.json() }
  }

  const quote = async (from: string, to: string, amount: bigint, user = account(0).address) => {
    const { status, body } = await get('/v1/convert/quotes', {
      amount: amount.toString(),
      userAddress: caip(user),
      from,
      to,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return v.parse(getSwapQuoteResponse, body).quotes
  }
  const allowance = async (token: string, owner: Address) => {
    const { status, body } = await get('/v1/convert/allowance', {
      tokenAddress: token,
      userAddress: caip(owner),
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return BigInt(v.parse(getSwapAllowanceResponse, body).allowance)
  }
  const buildApprove = async (index: number, token: string, amount?: bigint) => {
    const { status, body } = await get('/v1/convert/build-approve', {
      userAddress: caip(account(index).address),
      from: token,
      to: caip(dai()),
      ...(amount === undefined ? {} : { amount: amount.toString() }),
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return v.parse(getSwapApproveTransactionResponse, body).tx
  }
  const buildSwap = async (
    index: number,
    from: string,
    to: string,
    amount: bigint,
    extra: Record<string, unknown> = {},
  ) => {
    const { status, body } = await post('/v1/convert/build-transaction', {
      amount: amount.toString(),
      from,
      to,
      userAddress: caip(account(index).address),
      ...extra,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    return v.parse(buildSwapTransactionResponse, body)
  }
  /** Signs and sends a transaction the server built, with its gas and gas price as given. */
  const send = async (index: number, tx: SwapTransaction) => {
    expect(tx.from).toBe(account(index).address)
    const hash = await wallet(index).sendTransaction({
      to: tx.to as Address,
      data: tx.data as Hex,
      value: BigInt(tx.value),
      gas: BigInt(tx.eip155.gas),
      gasPrice: BigInt(tx.eip155.gasPrice),
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    return { hash, receipt, gasCost: receipt.gasUsed * receipt.effectiveGasPrice }
  }
  const balances = async (owner: Address) => {
    const [eth, usdcBalance, daiBalance] = await Promise.all([
      publicClient.getBalance({ address: owner }),
      ...[usdc(), dai()].map((token) =>
        publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [owner],
        }),
      ),
    ])
    return { eth, usdc: usdcBalance!, dai: daiBalance! }
  }
  const amountsOut = (amount: bigint, path: readonly string[]) =>
    publicClient.readContract({
      address: router(),
      abi: uniswapV2Router02Abi,
      functionName: 'getAmountsOut',
      args: [amount, path as Address[]],
    })
  const swapGasLimit = 300_000n
  /** Another account swaps `amount` of USDC for DAI straight through the USDC/DAI pool. */
  const moveUsdcDaiPool = async (index: number, amount: bigint) => {
    const whale = wallet(index)
    const approve = await whale.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'approve',
      args: [router(), maxUint256],
    })
    await publicClient.waitForTransactionReceipt({ hash: approve })
    const swap = await whale.writeContract({
      address: router(),
      abi: uniswapV2Router02Abi,
      functionName: 'swapExactTokensForTokens',
      args: [amount, 0n, [usdc(), dai()], account(index).address, 2n ** 40n],
      // A fixed limit, not the node's estimate: the estimate may run in a block where the pair's
      // price accumulators need no update, and the mined block (a new second) then runs out of gas.
      gas: swapGasLimit,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash: swap })
    expect(receipt.status).toBe('success')
  }
  /** Runs `body`, then puts the chain back as it was (pool moves stay inside). */
  const isolated = async (body: () => Promise<void>) => {
    const snapshot = await testClient().snapshot()
    try {
      await body()
    } finally {
      await testClient().revert({ id: snapshot })
    }
  }

  it('lists the native currency first, then the configured tokens', async () => {
    const { status, body } = await get('/v1/convert/tokens', { chainId: 'eip155:31337' })
    expect(status).toBe(200)
    const { tokens } = v.parse(getSwapTokensResponse, body)
    expect(tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'WETH'])
    expect(tokens[0]).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      address: native,
      decimals: 18,
      logoUri: expect.stringMatching(/\/public\/getTokenImage\/ETH$/),
    })
    expect(tokens[1]).toMatchObject({ address: caip(usdc()), decimals: 6 })
  })

  it("quotes every path at the router's getAmountsOut, best first", async () => {
    const amount = parseUnits('100', 6)
    const quotes = await quote(caip(usdc()), caip(dai()), amount)
    expect(quotes.length).toBe(2)
    // 1 USDC = 1 DAI in a deep pool: the direct pair wins.
    expect(quotes[0]!.path).toEqual([usdc(), dai()])
    expect(quotes[1]!.path).toEqual([usdc(), weth(), dai()])
    for (const q of quotes) {
      const expected = await amountsOut(amount, q.path)
      expect(q).toMatchObject({
        fromAmount: amount.toString(),
        fromAccount: caip(usdc()),
        toAccount: caip(dai()),
        toAmount: expected.at(-1)!.toString(),
      })
    }
    expect(BigInt(quotes[0]!.toAmount)).toBeGreaterThan(BigInt(quotes[1]!.toAmount))
    // 0.3 % per hop, in USDC base units.
    expect(quotes[0]!.fee).toBe('300000')
    expect(quotes[1]!.fee).toBe((amount - (amount * 997n * 997n) / 1_000_000n).toString())
    // 100 USDC in a 1,000,000 USDC pool moves the price by about 0.01 %.
    expect(quotes[0]!.priceImpact).toBe('0.01')
  })

  it('takes the two-hop path once it beats the direct pool, and follows the pools at once', async () => {
    await isolated(async () => {
      const amount = parseUnits('1000', 6)
      const before = await quote(caip(usdc()), caip(dai()), amount)
      expect(before[0]!.path).toEqual([usdc(), dai()])
      // Someone buys 200,000 DAI worth through the direct pool: DAI is now dear there.
      await moveUsdcDaiPool(7, parseUnits('200000', 6))
      const after = await quote(caip(usdc()), caip(dai()), amount)
      expect(after[0]!.path).toEqual([usdc(), weth(), dai()])
      const direct = after.find((q) => q.path.length === 2)!
      expect(BigInt(after[0]!.toAmount)).toBeGreaterThan(BigInt(direct.toAmount))
      expect(after[0]!.toAmount).toBe((await amountsOut(amount, after[0]!.path)).at(-1)!.toString())
      expect(direct.toAmount).toBe((await amountsOut(amount, direct.path)).at(-1)!.toString())
      expect(BigInt(direct.toAmount)).toBeLessThan(BigInt(before[0]!.toAmount))
    })
    // Back to the snapshot: the direct pair is best again, at the original reserves.
    const restored = await quote(caip(usdc()), caip(dai()), parseUnits('1000', 6))
    expect(restored[0]!.path).toEqual([usdc(), dai()])
  })

  it('swaps USDC to DAI after an exact approval', async () => {
    const user = account(2).address
    const amount = parseUnits('100', 6)
    expect(await allowance(caip(usdc()), user)).toBe(0n)

    const approveTx = await buildApprove(2, caip(usdc()), amount)
    expect(approveTx).toMatchObject({ from: user, to: usdc(), value: '0' })
    expect((await send(2, approveTx)).receipt.status).toBe('success')
    expect(await allowance(caip(usdc()), user)).toBe(amount)

    const [best] = await quote(caip(usdc()), caip(dai()), amount, user)
    const built = await buildSwap(2, caip(usdc()), caip(dai()), amount)
    expect(built.toAmount).toBe(best!.toAmount)
    // Default slippage 1 %.
    expect(built.toAmountMin).toBe(((BigInt(built.toAmount) * 99n) / 100n).toString())
    expect(built.tx).toMatchObject({ from: user, to: router(), value: '0' })

    const start = await balances(user)
    const { receipt } = await send(2, built.tx)
    expect(receipt.status).toBe('success')
    const end = await balances(user)
    expect(start.usdc - end.usdc).toBe(amount)
    const received = end.dai - start.dai
    expect(received).toBeGreaterThanOrEqual(BigInt(built.toAmountMin))
    // Nobody traded in between: exactly the quoted amount.
    expect(received).toBe(BigInt(built.toAmount))
    expect(await allowance(caip(usdc()), user)).toBe(0n)
  })

  it('swaps ETH to USDC without an approval, the amount sent as value', async () => {
    const user = account(3).address
    const amount = parseEther('1')
    expect(await allowance(native, user)).toBe(maxUint256)
    const refused = await get('/v1/convert/build-approve', {
      userAddress: caip(user),
      from: native,
      to: caip(usdc()),
    })
    expect(refused.status).toBe(400)

    const [best] = await quote(native, caip(usdc()), amount, user)
    expect(best!.path).toEqual([weth(), usdc()])
    const built = await buildSwap(3, native, caip(usdc()), amount, { eip155: { slippage: '0.5' } })
    expect(built.tx.value).toBe(amount.toString())
    expect(built.toAmount).toBe(best!.toAmount)
    expect(built.toAmountMin).toBe(((BigInt(built.toAmount) * 995n) / 1000n).toString())

    const start = await balances(user)
    const { receipt, gasCost } = await send(3, built.tx)
    expect(receipt.status).toBe('success')
    const end = await balances(user)
    expect(end.usdc - start.usdc).toBe(BigInt(built.toAmount))
    expect(start.eth - end.eth).toBe(amount + gasCost)
  })

  it('swaps USDC to ETH after an unlimited approval', async () => {
    const user = account(4).address
    const amount = parseUnits('3000', 6)
    const approveTx = await buildApprove(4, caip(usdc()))
    expect((await send(4, approveTx)).receipt.status).toBe('success')
    expect(await allowance(caip(usdc()), user)).toBe(maxUint256)

    const [best] = await quote(caip(usdc()), native, amount, user)
    expect(best!.path).toEqual([usdc(), weth()])
    const built = await buildSwap(4, caip(usdc()), native, amount, { disableEstimate: true })
    // Without an estimate: the fixed safe limit of a one-hop swap.
    expect(built.tx.eip155.gas).toBe('300000')

    const start = await balances(user)
    const { receipt, gasCost } = await send(4, built.tx)
    expect(receipt.status).toBe('success')
    const end = await balances(user)
    expect(start.usdc - end.usdc).toBe(amount)
    expect(end.eth - start.eth).toBe(BigInt(built.toAmount) - gasCost)
    // About 1 ETH for 3000 USDC.
    expect(BigInt(built.toAmount)).toBeGreaterThan(parseEther('0.98'))
  })

  it('refuses a swap the estimate shows would revert, with the reason', async () => {
    const user = account(8).address
    expect(await allowance(caip(usdc()), user)).toBe(0n)
    const { status, body } = await post('/v1/convert/build-transaction', {
      amount: parseUnits('10', 6).toString(),
      from: caip(usdc()),
      to: caip(dai()),
      userAddress: caip(user),
    })
    expect(status).toBe(400)
    expect(body.message).toBe('The transaction would revert: TransferHelper: TRANSFER_FROM_FAILED')
  })

  it('a swap whose price moved beyond the slippage reverts on chain and loses nothing', async () => {
    await isolated(async () => {
      const user = account(5).address
      const amount = parseUnits('1000', 6)
      expect((await send(5, await buildApprove(5, caip(usdc())))).receipt.status).toBe('success')
      const built = await buildSwap(5, caip(usdc()), caip(dai()), amount)
      // Between quote and send, another account buys DAI with 100,000 USDC (about 18 % dearer).
      await moveUsdcDaiPool(6, parseUnits('100000', 6))

      const start = await balances(user)
      const { hash, receipt, gasCost } = await send(5, built.tx)
      expect(receipt.status).toBe('reverted')
      expect(await revertReasonOf(hash)).toBe('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT')
      const end = await balances(user)
      expect(end.usdc).toBe(start.usdc)
      expect(end.dai).toBe(start.dai)
      expect(start.eth - end.eth).toBe(gasCost)
    })
  })

  it('answers an empty list for a pair without liquidity', async () => {
    const noPool = '0x000000000000000000000000000000000000dEaD'
    expect(await quote(caip(usdc()), caip(noPool), 1000n)).toEqual([])
    // Ether ↔ WETH is a wrap, which the router has no path for.
    expect(await quote(native, caip(weth()), 1000n)).toEqual([])
    const { status, body } = await post('/v1/convert/build-transaction', {
      amount: '1000',
      from: caip(usdc()),
      to: caip(noPool),
      userAddress: caip(account(0).address),
    })
    expect(status).toBe(400)
    expect(body.message).toBe('No swap route with liquidity between these tokens')
  })

  it('answers gas prices from the node, standard ≤ fast ≤ instant', async () => {
    const { status, body } = await get('/v1/convert/gas-price', { chainId: 'eip155:31337' })
    expect(status).toBe(200)
    const prices = v.parse(getSwapGasPriceResponse, body)
    const [standard, fast, instant] = [prices.standard, prices.fast, prices.instant].map(BigInt)
    expect(standard).toBeGreaterThan(0n)
    expect(fast).toBeGreaterThanOrEqual(standard!)
    expect(instant).toBeGreaterThanOrEqual(fast!)
    const block = await publicClient.getBlock()
    expect(standard).toBeGreaterThan(block.baseFeePerGas!)
  })

  describe('networks without swaps', () => {
    const swaps = 'Network not supported for Swaps'
    const other = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const otherUser = 'eip155:1:0x0000000000000000000000000000000000000001'
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

    it.each([
      ['tokens', () => get('/v1/convert/tokens', { chainId: 'eip155:1' })],
      ['tokens (solana)', () => get('/v1/convert/tokens', { chainId: solana })],
      [
        'quotes',
        () =>
          get('/v1/convert/quotes', {
            amount: '1',
            userAddress: otherUser,
            from: other,
            to: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F',
          }),
      ],
      [
        'allowance',
        () => get('/v1/convert/allowance', { tokenAddress: other, userAddress: otherUser }),
      ],
      [
        'build-approve',
        () =>
          get('/v1/convert/build-approve', {
            userAddress: otherUser,
            from: other,
            to: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F',
          }),
      ],
      [
        'build-transaction',
        () =>
          post('/v1/convert/build-transaction', {
            amount: '1',
            userAddress: otherUser,
            from: other,
            to: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F',
          }),
      ],
    ])('%s answers 400', async (_name, call) => {
      const { status, body } = await call()
      expect(status).toBe(400)
      expect(body.message).toBe(swaps)
    })

    it('gas-price answers its own text', async () => {
      for (const chainId of ['eip155:1', solana]) {
        const { status, body } = await get('/v1/convert/gas-price', { chainId })
        expect(status).toBe(400)
        expect(body.message).toBe('Network not supported for Gas Price')
      }
    })
  })

  describe('bad input', () => {
    const user = () => caip(account(0).address)
    it.each([
      ['a from that is not CAIP-10', { from: 'USDC' }, 'from'],
      ['an eip155 address that is not 0x + 40 hex', { from: 'eip155:31337:0x1234' }, 'from'],
      [
        'a to on another network',
        { to: 'eip155:1:0x6B175474E89094C44Da98b954EedeAC495271d0F' },
        'to',
      ],
      ['the same token twice', { to: 'USDC_SAME' }, 'to'],
      ['an amount that is not base units', { amount: '1.5' }, 'amount'],
      ['an amount of 0', { amount: '0' }, 'amount'],
      [
        'a user on another network',
        { userAddress: 'eip155:1:0x0000000000000000000000000000000000000001' },
        'userAddress',
      ],
    ])('refuses %s with 400', async (_name, change, field) => {
      const query: Record<string, string> = {
        amount: '1000',
        userAddress: user(),
        from: caip(usdc()),
        to: caip(dai()),
        ...change,
      }
      if (query.to === 'USDC_SAME') query.to = caip(usdc().toLowerCase())
      const { status, body } = await get('/v1/convert/quotes', query)
      expect(status).toBe(400)
      expect(body).toMatchObject({ code: 'INVALID_INPUT', field })
    })

    it('refuses a slippage out of range and a bad token address in the allowance', async () => {
      const slippage = await post('/v1/convert/build-transaction', {
        amount: '1000',
        from: caip(usdc()),
        to: caip(dai()),
        userAddress: user(),
        eip155: { slippage: '75' },
      })
      expect(slippage.status).toBe(400)
      expect(slippage.body.field).toBe('eip155.slippage')
      const allowanceCall = await get('/v1/convert/allowance', {
        tokenAddress: 'eip155:31337:nope',
        userAddress: user(),
      })
      expect(allowanceCall.status).toBe(400)
      expect(allowanceCall.body.field).toBe('tokenAddress')
    })
  })

  /** The revert reason of a mined transaction, from anvil's call tracer. */
  async function revertReasonOf(hash: Hash): Promise<string | undefined> {
    const trace = (await publicClient.request({
      method: 'debug_traceTransaction' as never,
      params: [hash, { tracer: 'callTracer' }] as never,
    })) as { revertReason?: string; error?: string }
    return trace.revertReason
  }
})
