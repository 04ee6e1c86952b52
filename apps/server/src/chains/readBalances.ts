import type { TokenBalance } from '@foyer/protocol'
import { type Address, erc20Abi, formatUnits } from 'viem'
import type { PriceService } from '../prices/createPriceService.ts'
import type { ChainRuntime } from './types.ts'

export type ReadBalancesParameters = {
  chain: ChainRuntime
  address: Address
  prices: PriceService
  /** Builds the icon URL of a token symbol. */
  tokenIconUrl: (symbol: string) => string
  forceUpdate?: boolean
}

/**
 * The native balance and every listed ERC-20 with a non-zero balance, valued in USD. All balances
 * are read in one round trip: Multicall3 where the chain has it, a JSON-RPC batch otherwise.
 */
export async function readBalances(parameters: ReadBalancesParameters): Promise<TokenBalance[]> {
  const { chain, address, prices, tokenIconUrl, forceUpdate = false } = parameters
  const { client, config } = chain
  const calls = config.tokens.map(
    (token) =>
      ({
        address: token.address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }) as const,
  )
  const [native, tokenAmounts] = await Promise.all([
    client.getBalance({ address }),
    config.multicall3
      ? client
          .multicall({ contracts: calls, allowFailure: true })
          .then((results) => results.map((r) => (r.status === 'success' ? r.result : undefined)))
      : Promise.all(calls.map((call) => client.readContract(call).catch(() => undefined))),
  ])

  const held = config.tokens
    .map((token, index) => ({ token, amount: tokenAmounts[index] }))
    .filter(
      (entry): entry is { token: (typeof config.tokens)[number]; amount: bigint } =>
        typeof entry.amount === 'bigint' && entry.amount > 0n,
    )
  const priced = [...held.map((entry) => entry.token.address)]
  if (config.wrappedNative) priced.push(config.wrappedNative)
  const quotes = await prices.getUsdPrices({ chain, tokens: priced, forceUpdate })

  const caipChainId = `eip155:${config.chainId}`
  const nativeQuote = config.wrappedNative ? quotes[config.wrappedNative.toLowerCase()] : undefined
  const balances: TokenBalance[] = [
    toBalance({
      name: config.nativeCurrency.name,
      symbol: config.nativeCurrency.symbol,
      decimals: config.nativeCurrency.decimals,
      amount: native,
      chainId: caipChainId,
      address: undefined,
      quote: nativeQuote ?? { price: 0, source: 'unavailable' },
      iconUrl: tokenIconUrl(config.nativeCurrency.symbol),
    }),
  ]
  for (const { token, amount } of held) {
    balances.push(
      toBalance({
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        amount,
        chainId: caipChainId,
        address: `${caipChainId}:${token.address}`,
        quote: quotes[token.address.toLowerCase()] ?? { price: 0, source: 'unavailable' },
        iconUrl: tokenIconUrl(token.symbol),
      }),
    )
  }
  return balances
}

function toBalance(entry: {
  name: string
  symbol: string
  decimals: number
  amount: bigint
  chainId: string
  address: string | undefined
  quote: { price: number; source: TokenBalance['priceSource'] }
  iconUrl: string
}): TokenBalance {
  const numeric = formatUnits(entry.amount, entry.decimals)
  const balance: TokenBalance = {
    name: entry.name,
    symbol: entry.symbol,
    chainId: entry.chainId,
    value: entry.quote.source === 'unavailable' ? 0 : Number(numeric) * entry.quote.price,
    price: entry.quote.price,
    priceSource: entry.quote.source,
    quantity: { decimals: String(entry.decimals), numeric },
    iconUrl: entry.iconUrl,
  }
  if (entry.address) balance.address = entry.address
  return balance
}
