/**
 * Uniswap V2's swap arithmetic, integer for integer as `UniswapV2Library` computes it (0.3 % fee:
 * amountIn × 997 / 1000), so a quote equals the router's `getAmountsOut` at the same reserves.
 */

const maxUint256 = 2n ** 256n - 1n
/** Pair reserves are uint112: a swap that would push a balance past it reverts ('OVERFLOW'). */
const maxUint112 = 2n ** 112n - 1n

/** Reserves of one hop, in the direction of the swap. */
export type HopReserves = { reserveIn: bigint; reserveOut: bigint }

/**
 * `UniswapV2Library.getAmountOut`; `undefined` where the router would revert (no input, no
 * liquidity, uint256 overflow of its SafeMath, a balance past uint112) or give nothing.
 */
export function getAmountOut(amountIn: bigint, hop: HopReserves): bigint | undefined {
  const { reserveIn, reserveOut } = hop
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return undefined
  const amountInWithFee = amountIn * 997n
  const numerator = amountInWithFee * reserveOut
  const denominator = reserveIn * 1000n + amountInWithFee
  if (numerator > maxUint256 || denominator > maxUint256) return undefined
  if (reserveIn + amountIn > maxUint112) return undefined
  const amountOut = numerator / denominator
  return amountOut > 0n ? amountOut : undefined
}

/** `UniswapV2Library.getAmountsOut` along `hops`: the amount after every hop, input first. */
export function getAmountsOut(
  amountIn: bigint,
  hops: readonly HopReserves[],
): bigint[] | undefined {
  const amounts = [amountIn]
  for (const hop of hops) {
    const next = getAmountOut(amounts.at(-1)!, hop)
    if (next === undefined) return undefined
    amounts.push(next)
  }
  return amounts
}

/** The provider fee of a path in base units of the input: 1 − 0.997^hops of `amountIn`. */
export function pathFee(amountIn: bigint, hopCount: number): bigint {
  const hops = BigInt(hopCount)
  return amountIn - (amountIn * 997n ** hops) / 1000n ** hops
}

/**
 * Price impact in percent with two decimals ('0.12'), the fee excluded: how much less `amountOut`
 * is than `amountIn` at the pools' mid prices after the 0.3 % fees, i.e.
 * 1 − amountOut / (amountIn × Π(0.997 × reserveOut / reserveIn)).
 */
export function priceImpactPercent(
  amountIn: bigint,
  amountOut: bigint,
  hops: readonly HopReserves[],
): string {
  let ideal = amountIn
  let scale = 1n
  for (const hop of hops) {
    ideal *= 997n * hop.reserveOut
    scale *= 1000n * hop.reserveIn
  }
  // impact = 1 − amountOut × scale / ideal, in hundredths of a percent, rounded half up.
  if (ideal === 0n) return '0.00'
  const lost = ideal - amountOut * scale
  if (lost <= 0n) return '0.00'
  const hundredths = (lost * 20_000n) / ideal
  const rounded = (hundredths + 1n) / 2n
  return `${rounded / 100n}.${String(rounded % 100n).padStart(2, '0')}`
}

/** `toAmount` less `slippagePpm` parts per million, rounded down (`amountOutMin`). */
export function minimumOut(toAmount: bigint, slippagePpm: bigint): bigint {
  return (toAmount * (1_000_000n - slippagePpm)) / 1_000_000n
}

/** Percent with up to 4 decimals ('1', '0.5') in parts per million (1 % = 10 000). */
export function slippageToPpm(percent: string): bigint {
  const [whole = '0', fraction = ''] = percent.split('.')
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0').slice(0, 4) || '0')
}
