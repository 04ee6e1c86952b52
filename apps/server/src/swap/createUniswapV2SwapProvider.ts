import { NATIVE_TOKEN_ADDRESS } from '@foyer/protocol'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hash,
  maxUint256,
  parseAbi,
  zeroAddress,
} from 'viem'
import type { ChainRuntime, UniswapV2Swap } from '../chains/types.ts'
import { NativeApprovalError, NoSwapRouteError } from './errors.ts'
import type { SwapProvider, SwapProviderQuote } from './types.ts'
import {
  getAmountsOut,
  type HopReserves,
  minimumOut,
  pathFee,
  priceImpactPercent,
} from './uniswapV2Math.ts'

export const uniswapV2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])

export type CreateUniswapV2SwapProviderParameters = {
  /** Networks whose config has `swap: { kind: 'uniswap-v2', … }` are served; others are not. */
  chains: readonly ChainRuntime[]
  /**
   * Reserves read at one block are reused while that block is the latest, for at most this long
   * (default 2000 ms). A new block always reads them again, so quotes follow the pools.
   */
  reserveMaxAgeMs?: number | undefined
  /** A pair the factory does not have is asked again after this long (default 10 s). */
  missingPairTtlMs?: number | undefined
  /** How long a built swap stays valid: the router's `deadline` (default 20 minutes). */
  deadlineSeconds?: number | undefined
  now?: (() => number) | undefined
}

/** Gas limits without an estimate (`disableEstimate`): well above what V2 swaps use. */
const fallbackGas = { approve: 100_000n, swapBase: 200_000n, perHop: 100_000n }

type Snapshot = {
  hash: Hash
  number: bigint
  timestamp: bigint
  readAt: number
  reserves: Map<Address, Promise<readonly [bigint, bigint]>>
}

type Network = {
  runtime: ChainRuntime
  swap: UniswapV2Swap
  wrappedNative: Address
  /** Listed tokens and the wrapped native token: the middle hops of two-hop paths. */
  intermediates: Address[]
  pairs: Map<string, { pair: Promise<Address | undefined>; expiresAt: number }>
  snapshot: Snapshot | undefined
}

type RoutedQuote = SwapProviderQuote & { hops: HopReserves[] }

const isNative = (token: Address) => token.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase()
const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * Swaps through a network's Uniswap V2 router (the devnet's, or any V2 deployment or fork given
 * as `ChainConfig.swap`). Quotes are computed from the pools' reserves read on chain, with the
 * router's own formula, over the direct pair and every two-hop path through a listed token or
 * WETH; the native currency goes in and out as WETH (`swapExactETHForTokens`,
 * `swapExactTokensForETH`).
 */
export function createUniswapV2SwapProvider(
  parameters: CreateUniswapV2SwapProviderParameters,
): SwapProvider {
  const now = parameters.now ?? Date.now
  const reserveMaxAgeMs = parameters.reserveMaxAgeMs ?? 2_000
  const missingPairTtlMs = parameters.missingPairTtlMs ?? 10_000
  const deadlineSeconds = BigInt(parameters.deadlineSeconds ?? 20 * 60)

  const networks = new Map<number, Network>()
  for (const runtime of parameters.chains) {
    const swap = runtime.config.swap
    if (swap?.kind !== 'uniswap-v2') continue
    const wrappedNative = getAddress(swap.wrappedNative)
    const intermediates: Address[] = []
    for (const token of [...runtime.config.tokens.map((t) => t.address), wrappedNative]) {
      if (!intermediates.some((known) => sameAddress(known, token)))
        intermediates.push(getAddress(token))
    }
    networks.set(runtime.config.chainId, {
      runtime,
      swap,
      wrappedNative,
      intermediates,
      pairs: new Map(),
      snapshot: undefined,
    })
  }

  function network(chainId: number): Network {
    const found = networks.get(chainId)
    if (!found) throw new Error(`Uniswap V2 swaps are not configured on chain ${chainId}`)
    return found
  }

  /** The pair of two tokens from the factory; found pairs are kept, missing ones re-asked. */
  function pairOf(net: Network, a: Address, b: Address): Promise<Address | undefined> {
    const key = [a.toLowerCase(), b.toLowerCase()].sort().join(':')
    const cached = net.pairs.get(key)
    if (cached && cached.expiresAt > now()) return cached.pair
    const pair = net.runtime.client
      .readContract({
        address: net.swap.factory,
        abi: factoryAbi,
        functionName: 'getPair',
        args: [a, b],
      })
      .then((address) => (address === zeroAddress ? undefined : address))
    const entry = { pair, expiresAt: Number.POSITIVE_INFINITY }
    net.pairs.set(key, entry)
    pair.then(
      (address) => {
        if (!address) entry.expiresAt = now() + missingPairTtlMs
      },
      () => net.pairs.delete(key),
    )
    return pair
  }

  /** The latest block and a reserve reader bound to it (reused while it stays the latest). */
  async function latestSnapshot(net: Network): Promise<Snapshot> {
    const block = await net.runtime.client.getBlock({ blockTag: 'latest' })
    const current = net.snapshot
    if (current && current.hash === block.hash && current.readAt + reserveMaxAgeMs > now())
      return current
    const snapshot: Snapshot = {
      hash: block.hash,
      number: block.number,
      timestamp: block.timestamp,
      readAt: now(),
      reserves: new Map(),
    }
    net.snapshot = snapshot
    return snapshot
  }

  function reservesOf(net: Network, snapshot: Snapshot, pair: Address) {
    let reserves = snapshot.reserves.get(pair)
    if (!reserves) {
      reserves = net.runtime.client
        .readContract({
          address: pair,
          abi: pairAbi,
          functionName: 'getReserves',
          blockNumber: snapshot.number,
        })
        .then(([reserve0, reserve1]) => [reserve0, reserve1] as const)
      snapshot.reserves.set(pair, reserves)
      reserves.catch(() => snapshot.reserves.delete(pair))
    }
    return reserves
  }

  /** Every path with liquidity, best first, and the block its reserves were read at. */
  async function route(
    chainId: number,
    from: Address,
    to: Address,
    amount: bigint,
  ): Promise<{ quotes: RoutedQuote[]; snapshot: Snapshot }> {
    const net = network(chainId)
    const tokenIn = isNative(from) ? net.wrappedNative : getAddress(from)
    const tokenOut = isNative(to) ? net.wrappedNative : getAddress(to)
    const snapshotPromise = latestSnapshot(net)
    // Native ↔ WETH is a wrap, not a swap: the router has no path for it.
    if (sameAddress(tokenIn, tokenOut)) return { quotes: [], snapshot: await snapshotPromise }

    const candidates: Address[][] = [
      [tokenIn, tokenOut],
      ...net.intermediates
        .filter((middle) => !sameAddress(middle, tokenIn) && !sameAddress(middle, tokenOut))
        .map((middle) => [tokenIn, middle, tokenOut]),
    ]
    const [snapshot, pathPairs] = await Promise.all([
      snapshotPromise,
      Promise.all(
        candidates.map((path) =>
          Promise.all(path.slice(1).map((token, index) => pairOf(net, path[index]!, token))),
        ),
      ),
    ])
    const quotes: RoutedQuote[] = []
    await Promise.all(
      candidates.map(async (path, index) => {
        const pairs = pathPairs[index]!
        if (pairs.some((pair) => pair === undefined)) return
        const reserves = await Promise.all(
          pairs.map((pair) => reservesOf(net, snapshot, pair as Address)),
        )
        const hops = reserves.map(([reserve0, reserve1], hop): HopReserves => {
          // token0 is the lower address (UniswapV2Factory sorts them).
          const inIsToken0 = path[hop]!.toLowerCase() < path[hop + 1]!.toLowerCase()
          return inIsToken0
            ? { reserveIn: reserve0, reserveOut: reserve1 }
            : { reserveIn: reserve1, reserveOut: reserve0 }
        })
        const amounts = getAmountsOut(amount, hops)
        if (!amounts) return
        const toAmount = amounts.at(-1)!
        quotes.push({
          fromAmount: amount,
          toAmount,
          path,
          priceImpact: priceImpactPercent(amount, toAmount, hops),
          fee: pathFee(amount, hops.length),
          hops,
        })
      }),
    )
    quotes.sort((a, b) =>
      a.toAmount === b.toAmount ? a.path.length - b.path.length : a.toAmount > b.toAmount ? -1 : 1,
    )
    return { quotes, snapshot }
  }

  return {
    name: 'uniswap-v2',
    supports: (chainId) => networks.has(chainId),
    async tokens(chainId) {
      const { config } = network(chainId).runtime
      return [
        {
          address: NATIVE_TOKEN_ADDRESS,
          name: config.nativeCurrency.name,
          symbol: config.nativeCurrency.symbol,
          decimals: config.nativeCurrency.decimals,
        },
        ...config.tokens.map(({ address, name, symbol, decimals }) => ({
          address,
          name,
          symbol,
          decimals,
        })),
      ]
    },
    async quote({ chainId, from, to, amount }) {
      const { quotes } = await route(chainId, from, to, amount)
      return quotes.map(({ hops: _hops, ...quote }) => quote)
    },
    spender: (chainId) => network(chainId).swap.router,
    async allowance({ chainId, token, owner }) {
      if (isNative(token)) return maxUint256
      const net = network(chainId)
      return net.runtime.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, net.swap.router],
      })
    },
    async buildApprove({ chainId, token, amount }) {
      if (isNative(token)) throw new NativeApprovalError()
      return {
        to: getAddress(token),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'approve',
          args: [network(chainId).swap.router, amount ?? maxUint256],
        }),
        value: 0n,
        fallbackGas: fallbackGas.approve,
      }
    },
    async buildSwap({ chainId, from, to, amount, user, slippagePpm }) {
      const net = network(chainId)
      const { quotes, snapshot } = await route(chainId, from, to, amount)
      const best = quotes[0]
      if (!best) throw new NoSwapRouteError()
      const toAmountMin = minimumOut(best.toAmount, slippagePpm)
      // From the chain's clock when it runs ahead of ours (a devnet that was moved in time).
      const nowSeconds = BigInt(Math.floor(now() / 1000))
      const deadline =
        (snapshot.timestamp > nowSeconds ? snapshot.timestamp : nowSeconds) + deadlineSeconds
      const data = isNative(from)
        ? encodeFunctionData({
            abi: uniswapV2RouterAbi,
            functionName: 'swapExactETHForTokens',
            args: [toAmountMin, best.path, user, deadline],
          })
        : encodeFunctionData({
            abi: uniswapV2RouterAbi,
            functionName: isNative(to) ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
            args: [amount, toAmountMin, best.path, user, deadline],
          })
      return {
        call: {
          to: net.swap.router,
          data,
          value: isNative(from) ? amount : 0n,
          fallbackGas: fallbackGas.swapBase + fallbackGas.perHop * BigInt(best.hops.length),
        },
        toAmount: best.toAmount,
        toAmountMin,
      }
    },
  }
}
