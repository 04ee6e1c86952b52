import {
  type CreateOnRampUrlResponse,
  estimateOnRampQuote,
  fallbackOnRampPaymentCurrencies,
  type GetOnRampOptionsResponse,
  type GetOnRampQuoteResponse,
  type GetOnRampTransactionsResponse,
  type OnRampFiatCurrency,
  type OnRampNetwork,
  type OnRampPurchaseCurrency,
  onRampLimit,
  onRampLimitBreached,
  onRampLimitMessage,
  routes,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import type { Address } from 'viem'
import { InvalidInputError } from '../errors.ts'
import { checkDestinationWallets } from '../onramp/checkDestinationWallets.ts'
import {
  OnRampNetworkNotSupportedError,
  OnRampNotConfiguredError,
  OnRampProviderRefusedError,
  OnRampQuoteUnavailableError,
} from '../onramp/errors.ts'
import { fallbackPurchaseCurrencies } from '../onramp/fallbackPurchaseCurrencies.ts'
import { providerUserRef } from '../onramp/providerUserRef.ts'
import type { OnRampProvider } from '../onramp/types.ts'
import { parseInput } from './parseInput.ts'
import { pickProjectId } from './pickProjectId.ts'

/** How long a provider's options are reused, per network (they change rarely; quotes are live). */
export const onRampOptionsCacheTtlMs = 5 * 60_000

/** Decimals an estimate shows for a token this server has no decimals for. */
const unknownTokenDecimals = 6

export type RegisterOnRampRoutesOptions = {
  /** Absent: the built-in list, estimated quotes, no checkout (503) and no transactions. */
  provider?: OnRampProvider | undefined
  /** USD per EUR, for estimated EUR quotes (`FOYER_ONRAMP_EUR_USD`); absent: those answer 503. */
  eurUsdRate?: number | undefined
}

/**
 * The on-ramp API of SPEC §7 over one `OnRampProvider`. Options and quotes keep working without
 * the provider (SPEC §8): the built-in list (`source: 'fallback'`) and a quote computed from this
 * server's prices (`estimated: true`). The checkout URL and the transactions need the provider.
 * The visitor's `partnerUserId` reaches the provider only as `providerUserRef`, scoped to the
 * project and hashed.
 */
export function registerOnRampRoutes(
  app: FastifyInstance,
  options: RegisterOnRampRoutesOptions,
): void {
  const { foyer } = app
  const { provider } = options

  /** SPEC §8's built-in list: USD and EUR with SPEC §9's limits, and this server's networks. */
  function fallbackOptions(network: string | undefined): GetOnRampOptionsResponse {
    return {
      paymentCurrencies: fallbackOnRampPaymentCurrencies(),
      purchaseCurrencies: onNetwork(
        fallbackPurchaseCurrencies({
          chains: foyer.chains.map((chain) => chain.config),
          solanaChains: foyer.solanaChains,
        }),
        network,
      ),
      source: 'fallback',
    }
  }

  /** The provider's options (cached per network), or the built-in list when it fails or is absent. */
  async function loadOptions(network: string | undefined): Promise<GetOnRampOptionsResponse> {
    if (!provider) return fallbackOptions(network)
    const key = `onramp:options:${provider.name}:${network ?? '*'}`
    const cached = await foyer.cache.get<GetOnRampOptionsResponse>(key)
    if (cached) return cached
    try {
      const answer = await provider.options({ network })
      const response: GetOnRampOptionsResponse = {
        paymentCurrencies: answer.paymentCurrencies,
        purchaseCurrencies: answer.purchaseCurrencies,
        source: 'provider',
        providerName: provider.name,
      }
      await foyer.cache.set(key, response, onRampOptionsCacheTtlMs)
      return response
    } catch (error) {
      // Not cached: the next request asks the provider again.
      app.log.warn(
        { err: error, provider: provider.name },
        'on-ramp provider options failed; answering the built-in list',
      )
      return fallbackOptions(network)
    }
  }

  /** USD price and shown decimals of a purchase currency on an EVM network this server serves. */
  async function usdPriceOf(
    network: string,
    listed: OnRampNetwork,
  ): Promise<{ price: number; decimals: number } | undefined> {
    const chain = foyer.chains.find((known) => `eip155:${known.config.chainId}` === network)
    if (!chain) return undefined
    const { config } = chain
    // The native currency is priced as its wrapped token, as balances are.
    const token = listed.tokenAddress ?? config.wrappedNative
    if (!token || !/^0x[0-9a-fA-F]{40}$/.test(token)) return undefined
    const decimals =
      listed.tokenAddress === undefined
        ? config.nativeCurrency.decimals
        : (config.tokens.find((known) => known.address.toLowerCase() === token.toLowerCase())
            ?.decimals ?? unknownTokenDecimals)
    try {
      const quotes = await foyer.prices.getUsdPrices({ chain, tokens: [token as Address] })
      const quote = quotes[token.toLowerCase()]
      if (!quote || quote.source === 'unavailable' || !(quote.price > 0)) return undefined
      return { price: quote.price, decimals }
    } catch (error) {
      app.log.warn({ err: error, network }, 'no price for an estimated on-ramp quote')
      return undefined
    }
  }

  /**
   * SPEC §8's computed quote: the currency is looked up in the options the visitor saw (or the
   * built-in list), priced by this server (EUR through `eurUsdRate`). Without a price or a rate it
   * answers 503: an invented price would be a promise nobody keeps.
   */
  async function estimate(
    request: {
      purchaseCurrency: string
      paymentCurrency: OnRampFiatCurrency
      amount: string
      network: string
    },
    available: GetOnRampOptionsResponse,
  ): Promise<GetOnRampQuoteResponse> {
    const found = findPurchaseCurrency(
      [available.purchaseCurrencies, fallbackOptions(request.network).purchaseCurrencies],
      request.purchaseCurrency,
      request.network,
    )
    if (!found)
      throw new InvalidInputError(
        `purchaseCurrency: ${request.purchaseCurrency} is not offered on ${request.network}`,
        'purchaseCurrency',
      )
    let rate = 1
    if (request.paymentCurrency !== 'USD') {
      if (options.eurUsdRate === undefined)
        throw new OnRampQuoteUnavailableError(
          `this server has no ${request.paymentCurrency} exchange rate to estimate one`,
        )
      rate = options.eurUsdRate
    }
    const priced = await usdPriceOf(request.network, found.network)
    if (!priced)
      throw new OnRampQuoteUnavailableError(
        `this server has no price for ${found.currency.symbol} on ${request.network} to estimate one`,
      )
    return estimateOnRampQuote({
      amount: request.amount,
      currency: request.paymentCurrency,
      purchaseSymbol: found.currency.symbol,
      unitPrice: priced.price / rate,
      decimals: priced.decimals,
    })
  }

  app.get(routes.getOnRampOptions.path, async (request): Promise<GetOnRampOptionsResponse> => {
    const query = parseInput(routes.getOnRampOptions.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    return loadOptions(query.network)
  })

  app.post(routes.getOnRampQuote.path, async (request): Promise<GetOnRampQuoteResponse> => {
    const query = parseInput(routes.getOnRampQuote.query, request.query, 'query')
    const body = parseInput(routes.getOnRampQuote.body, request.body, 'body')
    await foyer.requireProject(request, pickProjectId(query.projectId, body.projectId))
    const available = await loadOptions(body.network)
    const limit = onRampLimit(available.paymentCurrencies, body.paymentCurrency, body.paymentMethod)
    const broken = onRampLimitBreached(body.amount, limit)
    if (broken)
      throw new InvalidInputError(
        onRampLimitMessage(body.paymentMethod, broken, limit, body.paymentCurrency),
        'amount',
      )
    if (provider) {
      try {
        const quote = await provider.quote({
          purchaseCurrency: body.purchaseCurrency,
          paymentCurrency: body.paymentCurrency,
          amount: body.amount,
          network: body.network,
          paymentMethod: body.paymentMethod,
        })
        return { ...quote, estimated: false }
      } catch (error) {
        // The provider's answer about this purchase (an asset or network it does not sell) stands;
        // only its failure (no answer, an error status, a broken body) is replaced by an estimate.
        if (
          error instanceof OnRampProviderRefusedError ||
          error instanceof OnRampNetworkNotSupportedError
        )
          throw error
        app.log.warn(
          { err: error, provider: provider.name },
          'on-ramp provider quote failed; answering an estimate',
        )
      }
    }
    return estimate(body, available)
  })

  app.post(routes.createOnRampUrl.path, async (request): Promise<CreateOnRampUrlResponse> => {
    const query = parseInput(routes.createOnRampUrl.query, request.query, 'query')
    const body = parseInput(routes.createOnRampUrl.body, request.body, 'body')
    const project = await foyer.requireProject(
      request,
      pickProjectId(query.projectId, body.projectId),
    )
    checkDestinationWallets(body.destinationWallets, body.defaultNetwork)
    if (!provider) throw new OnRampNotConfiguredError()
    const url = await provider.createUrl({
      destinationWallets: body.destinationWallets,
      defaultNetwork: body.defaultNetwork,
      providerUserRef: providerUserRef(project.id, body.partnerUserId),
      presetCryptoAmount: body.presetCryptoAmount,
      presetFiatAmount: body.presetFiatAmount,
      fiatCurrency: body.fiatCurrency,
      paymentMethod: body.paymentMethod,
      defaultAsset: body.defaultAsset,
      quoteId: body.quoteId,
    })
    return { url }
  })

  app.get(
    routes.getOnRampTransactions.path,
    async (request): Promise<GetOnRampTransactionsResponse> => {
      const query = parseInput(routes.getOnRampTransactions.query, request.query, 'query')
      const project = await foyer.requireProject(request, query.projectId)
      // Without a provider nothing can have been bought through this server.
      if (!provider) return { transactions: [] }
      const transactions = await provider.transactions({
        providerUserRef: providerUserRef(project.id, query.partnerUserId),
      })
      return { transactions }
    },
  )
}

/** Currencies deliverable on `network`, each with only that network; all without one. */
function onNetwork(
  currencies: readonly OnRampPurchaseCurrency[],
  network: string | undefined,
): OnRampPurchaseCurrency[] {
  if (network === undefined) return [...currencies]
  return currencies.flatMap((currency) => {
    const networks = currency.networks.filter((listed) => listed.caipNetworkId === network)
    return networks.length > 0 ? [{ ...currency, networks }] : []
  })
}

/**
 * A purchase currency and its entry for `network`: by id in the first list that has it, else by
 * symbol (a provider's ids may be uuids while the built-in list's are symbols).
 */
function findPurchaseCurrency(
  lists: readonly (readonly OnRampPurchaseCurrency[])[],
  id: string,
  network: string,
): { currency: OnRampPurchaseCurrency; network: OnRampNetwork } | undefined {
  const matchers = [
    (currency: OnRampPurchaseCurrency) => currency.id === id,
    (currency: OnRampPurchaseCurrency) => currency.symbol.toUpperCase() === id.toUpperCase(),
  ]
  for (const matches of matchers)
    for (const list of lists)
      for (const currency of list) {
        if (!matches(currency)) continue
        const listed = currency.networks.find((entry) => entry.caipNetworkId === network)
        if (listed) return { currency, network: listed }
      }
  return undefined
}
