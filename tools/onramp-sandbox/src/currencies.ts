import { createHash } from 'node:crypto'
import type { SandboxNetwork } from './types.ts'

/** What a network sells: its native currency or one of its tokens. */
export type SandboxOffer = {
  network: SandboxNetwork
  symbol: string
  name: string
  decimals: number
  /** The ERC-20 contract or SPL mint; '' for the native currency. */
  address: string
}

/** A purchase currency of the options: one symbol, on every network that sells it. */
export type SandboxCurrency = {
  id: string
  symbol: string
  name: string
  offers: SandboxOffer[]
}

export type SandboxCatalogue = {
  currencies: SandboxCurrency[]
  networks: SandboxNetwork[]
  network(name: string): SandboxNetwork | undefined
  /** A currency by its id or its symbol (case-insensitive), as Coinbase accepts either. */
  currency(idOrSymbol: string): SandboxCurrency | undefined
  offer(symbol: string, networkName: string): SandboxOffer | undefined
  /** ETH on an EVM network, SOL on Solana. */
  native(network: SandboxNetwork): SandboxOffer
}

/** Coinbase's own id of USDC, so a client that hard-codes it finds it here too. */
export const coinbaseUsdcId = '2b92315d-eab7-5bef-84fa-089a131333f5'

/** The namespace of `currencyId`'s UUIDs (RFC 4122's URL namespace). */
const urlNamespace = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex')

/**
 * A purchase currency's id: Coinbase ids are UUIDs, so the sandbox's are too, and stable across
 * restarts (a client may keep one): RFC 4122 version 5 (SHA-1) of
 * `urn:foyer:onramp-sandbox:currency:<SYMBOL>`. USDC keeps Coinbase's real id.
 */
export function currencyId(symbol: string): string {
  const upper = symbol.toUpperCase()
  if (upper === 'USDC') return coinbaseUsdcId
  const digest = createHash('sha1')
    .update(urlNamespace)
    .update(`urn:foyer:onramp-sandbox:currency:${upper}`)
    .digest()
  digest[6] = (digest[6]! & 0x0f) | 0x50
  digest[8] = (digest[8]! & 0x3f) | 0x80
  const hex = digest.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const natives = {
  evm: { symbol: 'ETH', name: 'Ethereum', decimals: 18 },
  solana: { symbol: 'SOL', name: 'Solana', decimals: 9 },
} as const

/**
 * Everything the networks sell, grouped by symbol in the order first seen (each network's native
 * currency, then its tokens). Throws a `TypeError` on duplicate network names or a symbol sold
 * twice on one network.
 */
export function createCatalogue(networks: readonly SandboxNetwork[]): SandboxCatalogue {
  const byNetwork = new Map<string, Map<string, SandboxOffer>>()
  const bySymbol = new Map<string, SandboxCurrency>()
  for (const network of networks) {
    if (byNetwork.has(network.name)) {
      throw new TypeError(`the network name "${network.name}" is used twice`)
    }
    const offers = new Map<string, SandboxOffer>()
    byNetwork.set(network.name, offers)
    const native = natives[network.kind]
    for (const sold of [{ ...native, address: '' }, ...network.tokens]) {
      const symbol = sold.symbol.toUpperCase()
      if (offers.has(symbol)) {
        throw new TypeError(
          `${network.name} sells ${symbol} twice (its native currency is ${native.symbol})`,
        )
      }
      const offer: SandboxOffer = {
        network,
        symbol,
        name: sold.name,
        decimals: sold.decimals,
        address: sold.address,
      }
      offers.set(symbol, offer)
      const currency = bySymbol.get(symbol)
      if (currency) currency.offers.push(offer)
      else
        bySymbol.set(symbol, { id: currencyId(symbol), symbol, name: sold.name, offers: [offer] })
    }
  }
  const byId = new Map([...bySymbol.values()].map((currency) => [currency.id, currency]))
  return {
    currencies: [...bySymbol.values()],
    networks: [...networks],
    network: (name) => networks.find((network) => network.name === name),
    currency: (idOrSymbol) =>
      byId.get(idOrSymbol.toLowerCase()) ?? bySymbol.get(idOrSymbol.toUpperCase()),
    offer: (symbol, networkName) => byNetwork.get(networkName)?.get(symbol.toUpperCase()),
    native: (network) => byNetwork.get(network.name)!.get(natives[network.kind].symbol)!,
  }
}

/** The body of `GET /onramp/v1/buy/options`, limited to `networkNames` when given. */
export function buyOptionsResponse(
  catalogue: SandboxCatalogue,
  limits: Record<string, { min: string; max: string }>,
  networkNames?: readonly string[],
) {
  const methodLimits = Object.entries(limits).map(([id, { min, max }]) => ({ id, min, max }))
  const purchaseCurrencies = catalogue.currencies.flatMap((currency) => {
    const offers = currency.offers.filter(
      (offer) => networkNames === undefined || networkNames.includes(offer.network.name),
    )
    if (offers.length === 0) return []
    return [
      {
        id: currency.id,
        name: currency.name,
        symbol: currency.symbol,
        networks: offers.map(({ network, address }) => ({
          name: network.name,
          displayName: network.displayName,
          chainId: network.kind === 'evm' ? String(network.chainId) : '',
          contractAddress: address,
        })),
      },
    ]
  })
  return {
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, limits: methodLimits })),
    purchaseCurrencies,
  }
}
