import type { OnRampPurchaseCurrency } from '@foyer/protocol'
import type { ChainConfig, SolanaChainConfig } from '../chains/types.ts'

/** Tokens of a network's list the built-in on-ramp list offers, in this order. */
export const fallbackOnRampTokenSymbols = ['USDC', 'DAI'] as const

type Entry = { symbol: string; name: string; network: OnRampPurchaseCurrency['networks'][number] }

/**
 * The purchase currencies of SPEC §8's built-in list, from the networks this server serves: the
 * native currency of each EVM chain and of each Solana network, then USDC and DAI wherever the
 * network's token list has them. One currency per symbol (its id), with every network it is on.
 */
export function fallbackPurchaseCurrencies(parameters: {
  chains: readonly ChainConfig[]
  solanaChains: readonly SolanaChainConfig[]
}): OnRampPurchaseCurrency[] {
  const entries: Entry[] = []
  for (const chain of parameters.chains)
    entries.push({
      symbol: chain.nativeCurrency.symbol,
      name: chain.nativeCurrency.name,
      network: { caipNetworkId: `eip155:${chain.chainId}`, name: chain.name },
    })
  for (const chain of parameters.solanaChains)
    entries.push({
      symbol: 'SOL',
      name: 'Solana',
      network: { caipNetworkId: chain.caipNetworkId, name: chain.name },
    })
  for (const symbol of fallbackOnRampTokenSymbols) {
    for (const chain of parameters.chains) {
      const token = chain.tokens.find((listed) => listed.symbol === symbol)
      if (token)
        entries.push({
          symbol,
          name: token.name,
          network: {
            caipNetworkId: `eip155:${chain.chainId}`,
            name: chain.name,
            tokenAddress: token.address,
          },
        })
    }
    for (const chain of parameters.solanaChains) {
      const token = chain.tokens.find((listed) => listed.symbol === symbol)
      if (token)
        entries.push({
          symbol,
          name: token.name,
          network: {
            caipNetworkId: chain.caipNetworkId,
            name: chain.name,
            tokenAddress: token.mint,
          },
        })
    }
  }
  const bySymbol = new Map<string, OnRampPurchaseCurrency>()
  for (const { symbol, name, network } of entries) {
    const currency = bySymbol.get(symbol) ?? { id: symbol, name, symbol, networks: [] }
    if (!currency.networks.some((known) => known.caipNetworkId === network.caipNetworkId))
      currency.networks.push(network)
    bySymbol.set(symbol, currency)
  }
  return [...bySymbol.values()]
}
