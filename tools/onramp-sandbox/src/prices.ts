import { createPublicClient, http, type PublicClient, parseAbi } from 'viem'
import { UnknownPriceError } from './errors.ts'
import type { SandboxNetwork } from './types.ts'

/** The USD price of one whole unit of a symbol on a network. */
export type UsdPrice = (symbol: string, network: SandboxNetwork) => Promise<number>

/**
 * Prices used when the chain cannot tell: ETH at the devnet pools' 3000 USDC (tools/devnet seeds
 * its WETH/USDC pool at 1 ETH = 3000 USDC), SOL at a round 150 USD (the Solana devnet has no pool).
 */
export const defaultPrices: Readonly<Record<string, number>> = { ETH: 3000, WETH: 3000, SOL: 150 }

/** Symbols priced at 1 USD: dollar stablecoins. */
export const usdStablecoins: readonly string[] = ['USDC', 'USDT', 'DAI', 'PYUSD', 'USDS', 'USDP']

const uniswapV2Abi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

/**
 * The sandbox's default `usdPrice`, kept simple: dollar stablecoins are 1; ETH (and WETH) is the
 * spot price of the network's Uniswap V2 WETH/USDC pair (reserve of USDC / reserve of WETH) when
 * the network names its `uniswapV2` factory and WETH and sells USDC, so quotes follow the devnet's
 * own market; otherwise, and for SOL, `defaultPrices`. Anything else is an `UnknownPriceError`.
 */
export function createDefaultUsdPrice(): UsdPrice {
  const clients = new Map<string, PublicClient>()
  const pairs = new Map<string, Promise<`0x${string}`>>()
  return async (symbol, network) => {
    const upper = symbol.toUpperCase()
    if (usdStablecoins.includes(upper)) return 1
    if ((upper === 'ETH' || upper === 'WETH') && network.kind === 'evm' && network.uniswapV2) {
      const usdc = network.tokens.find((token) => token.symbol.toUpperCase() === 'USDC')
      if (usdc) {
        let client = clients.get(network.rpcUrl)
        if (!client) {
          client = createPublicClient({ transport: http(network.rpcUrl, { retryCount: 0 }) })
          clients.set(network.rpcUrl, client)
        }
        const { factory, weth } = network.uniswapV2
        const key = `${network.name}:${factory}`
        let pair = pairs.get(key)
        if (!pair) {
          pair = client.readContract({
            address: factory,
            abi: uniswapV2Abi,
            functionName: 'getPair',
            args: [weth, usdc.address],
          })
          // A failed lookup is retried by the next quote.
          pair.catch(() => pairs.delete(key))
          pairs.set(key, pair)
        }
        const address = await pair
        if (!/^0x0{40}$/.test(address)) {
          const [[reserve0, reserve1], token0] = await Promise.all([
            client.readContract({ address, abi: uniswapV2Abi, functionName: 'getReserves' }),
            client.readContract({ address, abi: uniswapV2Abi, functionName: 'token0' }),
          ])
          const [wethReserve, usdcReserve] =
            token0.toLowerCase() === weth.toLowerCase()
              ? [reserve0, reserve1]
              : [reserve1, reserve0]
          if (wethReserve > 0n) {
            return Number(usdcReserve) / 10 ** usdc.decimals / (Number(wethReserve) / 1e18)
          }
        }
      }
    }
    const fallback = defaultPrices[upper]
    if (fallback !== undefined) return fallback
    throw new UnknownPriceError(upper, network.name)
  }
}
