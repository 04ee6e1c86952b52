import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { erc20Abi, uniswapV2Router02Abi } from '@foyer/devnet'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  type PublicClient,
} from 'viem'

const native = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export type ZeroExApiRequest = {
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
}

export type StartZeroExApiParameters = {
  /** Requests must carry it in `0x-api-key`, else 401. */
  apiKey: string
  chainId: number
  rpcUrl: string
  /** The devnet's Uniswap V2 router and WETH: the liquidity this stand-in routes through. */
  router: Address
  weth: Address
  /** A 0x fee charged in the buy token, in basis points of the output (default 0). */
  feeBps?: number | undefined
}

export type StartZeroExApiReturnType = {
  baseUrl: string
  requests: ZeroExApiRequest[]
  /** `ok` answers; a number answers that HTTP status with an `INTERNAL_SERVER_ERROR` body. */
  setMode: (mode: 'ok' | number) => void
  stop: () => Promise<void>
}

/**
 * The 0x Swap API v2 AllowanceHolder endpoints on 127.0.0.1, in the shapes of 0x's OpenAPI
 * (`GET /swap/allowance-holder/price` and `/quote`, headers `0x-api-key` and `0x-version: v2`,
 * `liquidityAvailable: false` without liquidity, `TOKEN_NOT_SUPPORTED` for a token that is no
 * contract). Prices and transactions come from the devnet's Uniswap V2 router (direct pair), so
 * what it quotes really swaps on anvil; the allowance target is the router. A fee is reported
 * and kept out of `buyAmount` but, the router being the settler, not actually taken.
 */
export async function startZeroExApi(
  parameters: StartZeroExApiParameters,
): Promise<StartZeroExApiReturnType> {
  const client = createPublicClient({ transport: http(parameters.rpcUrl) }) as PublicClient
  const requests: ZeroExApiRequest[] = []
  const feeBps = BigInt(parameters.feeBps ?? 0)
  let mode: 'ok' | number = 'ok'
  const zid = () => `0x${randomBytes(12).toString('hex')}`

  async function answer(path: string, query: Record<string, string>, headers: IncomingHttpHeaders) {
    if (headers['0x-api-key'] !== parameters.apiKey)
      return [401, { message: 'Invalid API key' }] as const
    const invalid = (field: string, reason: string) =>
      [
        400,
        {
          name: 'INPUT_INVALID',
          message: 'Validation Failed',
          data: { zid: zid(), details: [{ field, reason }] },
        },
      ] as const
    if (headers['0x-version'] !== 'v2') return invalid('0x-version', 'must be v2')
    if (query.chainId !== String(parameters.chainId)) return invalid('chainId', 'not supported')
    const isAddress = (value: string | undefined) => /^0x[0-9a-fA-F]{40}$/.test(value ?? '')
    if (!isAddress(query.sellToken)) return invalid('sellToken', 'must be an address')
    if (!isAddress(query.buyToken)) return invalid('buyToken', 'must be an address')
    if (!/^[0-9]+$/.test(query.sellAmount ?? '')) return invalid('sellAmount', 'required')
    const quoting = path === '/swap/allowance-holder/quote'
    if (quoting && !isAddress(query.taker)) return invalid('taker', 'required')

    const sellToken = getAddress(query.sellToken!)
    const buyToken = getAddress(query.buyToken!)
    const sellAmount = BigInt(query.sellAmount!)
    const sellsNative = sellToken === native
    const buysNative = buyToken === native
    for (const token of [sellToken, buyToken]) {
      if (token !== native && !(await client.getCode({ address: token })))
        return [
          400,
          { name: 'TOKEN_NOT_SUPPORTED', message: 'Token not supported', data: { zid: zid() } },
        ] as const
    }
    const pathTokens = [
      sellsNative ? parameters.weth : sellToken,
      buysNative ? parameters.weth : buyToken,
    ]
    let out: bigint
    try {
      const amounts = await client.readContract({
        address: parameters.router,
        abi: uniswapV2Router02Abi,
        functionName: 'getAmountsOut',
        args: [sellAmount, pathTokens],
      })
      out = amounts.at(-1)!
    } catch {
      return [200, { liquidityAvailable: false, zid: zid() }] as const
    }
    const fee = (out * feeBps) / 10_000n
    const buyAmount = out - fee
    const slippagePpm = query.slippagePpm
      ? BigInt(query.slippagePpm)
      : BigInt(query.slippageBps ?? '100') * 100n
    const minBuyAmount = (buyAmount * (1_000_000n - slippagePpm)) / 1_000_000n
    const [block, gasPrice] = await Promise.all([client.getBlock(), client.getGasPrice()])
    const allowance =
      sellsNative || !isAddress(query.taker)
        ? null
        : await client.readContract({
            address: sellToken,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [getAddress(query.taker!), parameters.router],
          })
    const gas = 250_000n
    const body = {
      allowanceTarget: sellsNative ? null : parameters.router,
      blockNumber: block.number.toString(),
      buyAmount: buyAmount.toString(),
      buyToken,
      fees: {
        integratorFee: null,
        integratorFees: null,
        zeroExFee: { amount: fee.toString(), token: buyToken, type: 'volume' },
        gasFee: null,
      },
      issues: {
        allowance:
          allowance !== null && allowance < sellAmount
            ? { actual: allowance.toString(), spender: parameters.router }
            : null,
        balance: null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      liquidityAvailable: true,
      minBuyAmount: minBuyAmount.toString(),
      mode: 'exact-in',
      route: {
        fills: [{ from: sellToken, to: buyToken, source: 'Uniswap_V2', proportionBps: '10000' }],
        tokens: [
          { address: sellToken, symbol: 'SELL' },
          { address: buyToken, symbol: 'BUY' },
        ],
      },
      sellAmount: sellAmount.toString(),
      sellToken,
      tokenMetadata: {
        buyToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' },
        sellToken: { buyTaxBps: '0', sellTaxBps: '0', transferTaxBps: '0' },
      },
      totalNetworkFee: (gas * gasPrice).toString(),
      zid: zid(),
    }
    if (!quoting)
      return [200, { ...body, gas: gas.toString(), gasPrice: gasPrice.toString() }] as const
    const taker = getAddress(query.taker!)
    const deadline = block.timestamp + 1200n
    const data = sellsNative
      ? encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: 'swapExactETHForTokens',
          args: [minBuyAmount, pathTokens, taker, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2Router02Abi,
          functionName: buysNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [sellAmount, minBuyAmount, pathTokens, taker, deadline],
        })
    return [
      200,
      {
        ...body,
        transaction: {
          to: parameters.router,
          data,
          gas: gas.toString(),
          gasPrice: gasPrice.toString(),
          value: sellsNative ? sellAmount.toString() : '0',
        },
      },
    ] as const
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const query = Object.fromEntries(url.searchParams)
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (
      request.method !== 'GET' ||
      !['/swap/allowance-holder/price', '/swap/allowance-holder/quote'].includes(url.pathname)
    ) {
      send(404, { message: 'Not Found' })
      return
    }
    requests.push({ path: url.pathname, query, headers: request.headers })
    if (mode !== 'ok') {
      send(mode, { name: 'INTERNAL_SERVER_ERROR', message: 'failure', data: { zid: zid() } })
      return
    }
    answer(url.pathname, query, request.headers).then(
      ([status, body]) => send(status, body),
      (error: unknown) =>
        send(500, { name: 'UNCATEGORIZED', message: String(error), data: { zid: zid() } }),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setMode: (next) => {
      mode = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
