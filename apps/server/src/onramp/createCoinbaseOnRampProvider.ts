import {
  type OnRampAmount,
  type OnRampFiatCurrency,
  type OnRampPaymentCurrency,
  type OnRampPaymentMethod,
  type OnRampPurchaseCurrency,
  type OnRampTransaction,
  onRampFiatCurrencies,
  onRampFiatCurrencyInfo,
  onRampPaymentMethods,
} from '@foyer/protocol'
import * as v from 'valibot'
import { type CdpApiKey, parseCdpApiKey, signCdpJwt } from './cdpApiKey.ts'
import {
  OnRampApiError,
  OnRampNetworkNotSupportedError,
  OnRampProviderRefusedError,
} from './errors.ts'
import type { OnRampProvider, OnRampProviderOptions } from './types.ts'

/**
 * Coinbase's network names (the `name` of a purchase currency's network, `purchaseNetwork`) and
 * their CAIP-2 ids, for networks whose options carry no numeric `chainId` (Solana) and for the
 * names of transactions. `FOYER_ONRAMP_NETWORKS` adds to (and overrides) these.
 */
export const coinbaseNetworkIds: Readonly<Record<string, string>> = {
  ethereum: 'eip155:1',
  base: 'eip155:8453',
  optimism: 'eip155:10',
  arbitrum: 'eip155:42161',
  polygon: 'eip155:137',
  'avalanche-c-chain': 'eip155:43114',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
}

export type CreateCoinbaseOnRampProviderParameters = {
  /** The CDP API key's name: `kid` and `sub` of every request JWT. */
  apiKeyName: string
  /** Its secret: a P-256 PEM private key, or an Ed25519 secret (base64 of 64 bytes). */
  apiKeySecret: string
  /** Default `https://api.developer.coinbase.com`. */
  apiUrl?: string | undefined
  /** Where checkouts open; default `https://pay.coinbase.com`. */
  payUrl?: string | undefined
  /** Display name; default 'Coinbase'. */
  name?: string | undefined
  /** Provider network name → CAIP-2, over `coinbaseNetworkIds`. */
  networks?: Readonly<Record<string, string>> | undefined
  /** The buyer's country for options and quotes; default 'US'. */
  country?: string | undefined
  /** Per request; default 5 s. */
  timeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
}

const decimal = v.pipe(v.string(), v.regex(/^\d{1,15}(\.\d{1,18})?$/))
const amount = v.looseObject({ value: decimal, currency: v.string() })
/** `GET /onramp/v1/buy/options`, the fields read. */
const optionsResponse = v.looseObject({
  paymentCurrencies: v.array(
    v.looseObject({
      id: v.string(),
      limits: v.optional(
        v.array(v.looseObject({ id: v.string(), min: decimal, max: decimal })),
        [],
      ),
    }),
  ),
  purchaseCurrencies: v.array(
    v.looseObject({
      id: v.string(),
      name: v.string(),
      symbol: v.string(),
      networks: v.array(
        v.looseObject({
          name: v.string(),
          displayName: v.optional(v.string(), ''),
          chainId: v.optional(v.string(), ''),
          contractAddress: v.optional(v.string(), ''),
        }),
      ),
    }),
  ),
})
type OptionsAnswer = v.InferOutput<typeof optionsResponse>
/** `POST /onramp/v1/buy/quote`. */
const quoteResponse = v.looseObject({
  paymentTotal: amount,
  paymentSubtotal: amount,
  purchaseAmount: amount,
  coinbaseFee: amount,
  networkFee: amount,
  quoteId: v.optional(v.string(), ''),
})
/** `POST /onramp/v1/token`. */
const tokenResponse = v.looseObject({ token: v.pipe(v.string(), v.minLength(1)) })
/** `GET /onramp/v1/buy/user/{partnerUserId}/transactions`. */
const transactionsResponse = v.looseObject({
  transactions: v.array(
    v.looseObject({
      transactionId: v.pipe(v.string(), v.minLength(1)),
      status: v.string(),
      purchaseNetwork: v.optional(v.string(), ''),
      purchaseAmount: amount,
      paymentTotal: amount,
      paymentMethod: v.optional(v.string(), ''),
      walletAddress: v.optional(v.string(), ''),
      txHash: v.optional(v.string(), ''),
      createdAt: v.string(),
      completedAt: v.optional(v.string(), ''),
    }),
  ),
})
/** Coinbase's error bodies: `{ errorType: 'invalid_request', errorMessage: '…' }`. */
const errorBody = v.looseObject({
  errorType: v.pipe(v.string(), v.minLength(1)),
  errorMessage: v.optional(v.string()),
})

const coinbaseMethods: Readonly<Record<OnRampPaymentMethod, string>> = {
  card: 'CARD',
  ach_bank_account: 'ACH_BANK_ACCOUNT',
}
/** Coinbase's payment method id as ours; methods the dialog does not offer map to nothing. */
const methodOf = (id: string): OnRampPaymentMethod | undefined =>
  onRampPaymentMethods.find((method) => coinbaseMethods[method] === id.toUpperCase())

const statusOf = (status: string): OnRampTransaction['status'] =>
  status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
    ? 'success'
    : status === 'ONRAMP_TRANSACTION_STATUS_FAILED'
      ? 'failed'
      : // CREATED and IN_PROGRESS; a status added later is shown as under way, claiming no outcome.
        'pending'

/** Purchase currency ids the client can send back (the protocol's `purchaseCurrency`). */
const purchaseIdPattern = /^[A-Za-z0-9._-]{1,64}$/
/** How often an unknown network name may make the provider reload its options to learn it. */
const relearnAfterMs = 60_000

/**
 * An amount of the options as 2 decimals ('10' → '10.00'), rounded toward the inside of the
 * limit (a minimum up, a maximum down) so the dialog never allows what Coinbase refuses.
 */
export function toFiatBound(value: string, round: 'up' | 'down'): string {
  const [whole = '0', fraction = ''] = value.split('.')
  let cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
  if (round === 'up' && /[1-9]/.test(fraction.slice(2))) cents += 1n
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/**
 * On-ramp through Coinbase Onramp's v1 API (camelCase JSON). Every call carries a fresh CDP
 * JWT (ES256 or EdDSA) bound to its method and path, and times out after 5 s. Networks are
 * CAIP-2 outside and Coinbase names inside: `eip155:<chainId>` where the options give a numeric
 * chain id, else `coinbaseNetworkIds` plus the configured `networks`.
 */
export function createCoinbaseOnRampProvider(
  parameters: CreateCoinbaseOnRampProviderParameters,
): OnRampProvider {
  const key: CdpApiKey = parseCdpApiKey(parameters.apiKeyName, parameters.apiKeySecret)
  const apiUrl = (parameters.apiUrl ?? 'https://api.developer.coinbase.com').replace(/\/+$/, '')
  const payUrl = (parameters.payUrl ?? 'https://pay.coinbase.com').replace(/\/+$/, '')
  const country = parameters.country ?? 'US'
  const timeoutMs = parameters.timeoutMs ?? 5_000
  const fetchFn = parameters.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  /** Configured names first: an operator's entry replaces a built-in one. */
  const namedNetworks = new Map(
    Object.entries({ ...coinbaseNetworkIds, ...parameters.networks }).map(
      ([name, network]) => [name.toLowerCase(), network] as const,
    ),
  )
  /** Names the options last gave each CAIP-2 id (and back): the provider's current word wins. */
  const learnedNames = new Map<string, string>()
  const learnedNetworks = new Map<string, string>()
  let learnedAt = Number.NEGATIVE_INFINITY
  let learning: Promise<unknown> | undefined

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: {
      query?: Record<string, string>
      body?: unknown
      /**
       * Whether a 4xx error body is a refusal of the visitor's request (a quote, a checkout). Off
       * for calls whose every input is this server's (options, transactions): a 4xx there is a
       * failure of this server's side, answered as `OnRampApiError`.
       */
      refusable?: boolean
    } = {},
  ): Promise<unknown> {
    const url = new URL(`${apiUrl}${path}`)
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, value)
    // Errors (and so logs) name the endpoint only; the JWT never leaves this function.
    const endpoint = `${url.origin}${url.pathname}`
    let response: Response
    let body: unknown
    try {
      const jwt = await signCdpJwt({ key, method, url })
      response = await fetchFn(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${jwt}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      body = await response.json().catch(() => undefined)
    } catch (error) {
      throw new OnRampApiError({ url: endpoint, cause: error })
    }
    if (response.ok) return body
    const error = v.safeParse(errorBody, body)
    const errorType = error.success ? error.output.errorType : undefined
    // A refusal of this request (an amount, asset or address) is the visitor's to see; a refused
    // key, a rate limit or Coinbase's own failure is this server's.
    if (options.refusable && error.success && [400, 404, 422].includes(response.status))
      throw new OnRampProviderRefusedError({
        status: response.status,
        errorType: error.output.errorType,
        message: (error.output.errorMessage || error.output.errorType).slice(0, 300),
      })
    throw new OnRampApiError({ url: endpoint, status: response.status, errorType })
  }

  function parse<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown, path: string) {
    const result = v.safeParse(schema, body)
    if (!result.success)
      throw new OnRampApiError({
        url: `${apiUrl}${path}`,
        cause: new Error(`unexpected answer: ${v.summarize(result.issues)}`),
      })
    return result.output as v.InferOutput<TSchema>
  }

  /** The CAIP-2 id of a network of the options, or undefined for one this server cannot name. */
  function networkOfListed(listed: { name: string; chainId: string }): string | undefined {
    if (/^[1-9]\d{0,15}$/.test(listed.chainId)) return `eip155:${listed.chainId}`
    return namedNetworks.get(listed.name.toLowerCase())
  }

  async function loadOptions(): Promise<OptionsAnswer> {
    const path = '/onramp/v1/buy/options'
    const answer = parse(optionsResponse, await call('GET', path, { query: { country } }), path)
    learnedNames.clear()
    learnedNetworks.clear()
    for (const currency of answer.purchaseCurrencies)
      for (const listed of currency.networks) {
        const network = networkOfListed(listed)
        if (!network) continue
        if (!learnedNames.has(network)) learnedNames.set(network, listed.name)
        learnedNetworks.set(listed.name.toLowerCase(), network)
      }
    learnedAt = Date.now()
    return answer
  }

  /**
   * Reloads the options to learn network names, at most once a minute: a devnet's name (its
   * chain id is in the options only) may be asked for before this process has loaded them.
   */
  async function relearn(): Promise<void> {
    if (Date.now() - learnedAt < relearnAfterMs) return
    learning ??= loadOptions().finally(() => {
      learning = undefined
    })
    await learning
  }

  function knownName(network: string): string | undefined {
    const learned = learnedNames.get(network)
    if (learned) return learned
    for (const [name, id] of namedNetworks) if (id === network) return name
    return undefined
  }

  /** Coinbase's name of a CAIP-2 network; 400 naming `field` when it has none. */
  async function networkName(network: string, field: string): Promise<string> {
    let name = knownName(network)
    if (!name) {
      await relearn()
      name = knownName(network)
    }
    if (!name) throw new OnRampNetworkNotSupportedError(network, field)
    return name
  }

  /** The CAIP-2 id of a network name of a transaction; undefined for one nobody maps. */
  async function networkOfName(name: string): Promise<string | undefined> {
    const lookup = () =>
      learnedNetworks.get(name.toLowerCase()) ?? namedNetworks.get(name.toLowerCase())
    if (!name || lookup()) return lookup()
    await relearn().catch(() => undefined)
    return lookup()
  }

  const toAmount = (value: { value: string; currency: string }): OnRampAmount => ({
    amount: value.value,
    currency: value.currency,
  })

  function toPaymentCurrencies(answer: OptionsAnswer): OnRampPaymentCurrency[] {
    return onRampFiatCurrencies.flatMap((id: OnRampFiatCurrency) => {
      const listed = answer.paymentCurrencies.find((currency) => currency.id.toUpperCase() === id)
      const limits = onRampPaymentMethods.flatMap((method) => {
        const limit = listed?.limits.find((entry) => methodOf(entry.id) === method)
        return limit
          ? [{ id: method, min: toFiatBound(limit.min, 'up'), max: toFiatBound(limit.max, 'down') }]
          : []
      })
      // A currency with none of the dialog's methods cannot be paid in here.
      return limits.length > 0 ? [{ id, ...onRampFiatCurrencyInfo[id], limits }] : []
    })
  }

  function toPurchaseCurrencies(
    answer: OptionsAnswer,
    only: string | undefined,
  ): OnRampPurchaseCurrency[] {
    return answer.purchaseCurrencies.flatMap((currency) => {
      if (!purchaseIdPattern.test(currency.id)) return []
      const networks = currency.networks.flatMap((listed) => {
        const network = networkOfListed(listed)
        if (!network || (only !== undefined && network !== only)) return []
        return [
          {
            caipNetworkId: network,
            name: listed.displayName || listed.name,
            ...(listed.contractAddress ? { tokenAddress: listed.contractAddress } : {}),
          },
        ]
      })
      return networks.length > 0
        ? [{ id: currency.id, name: currency.name, symbol: currency.symbol, networks }]
        : []
    })
  }

  return {
    name: parameters.name ?? 'Coinbase',

    async options({ network }): Promise<OnRampProviderOptions> {
      const answer = await loadOptions()
      return {
        paymentCurrencies: toPaymentCurrencies(answer),
        purchaseCurrencies: toPurchaseCurrencies(answer, network),
      }
    },

    async quote({ purchaseCurrency, paymentCurrency, amount, network, paymentMethod }) {
      const purchaseNetwork = await networkName(network, 'network')
      const path = '/onramp/v1/buy/quote'
      const body = await call('POST', path, {
        refusable: true,
        body: {
          purchaseCurrency,
          purchaseNetwork,
          paymentAmount: Number(amount).toFixed(2),
          paymentCurrency,
          paymentMethod: coinbaseMethods[paymentMethod],
          country,
        },
      })
      const answer = parse(quoteResponse, body, path)
      return {
        paymentTotal: toAmount(answer.paymentTotal),
        paymentSubtotal: toAmount(answer.paymentSubtotal),
        purchaseAmount: toAmount(answer.purchaseAmount),
        providerFee: toAmount(answer.coinbaseFee),
        networkFee: toAmount(answer.networkFee),
        ...(answer.quoteId ? { quoteId: answer.quoteId } : {}),
      }
    },

    async createUrl(request) {
      const addresses = await Promise.all(
        request.destinationWallets.map(async (wallet, index) => ({
          address: wallet.address,
          blockchains: [
            ...new Set(
              await Promise.all(
                wallet.blockchains.map((network, at) =>
                  networkName(network, `destinationWallets.${index}.blockchains.${at}`),
                ),
              ),
            ),
          ],
        })),
      )
      // The session token takes one asset list for all addresses: a wallet without `assets` may
      // receive any, so the list only restricts when every wallet names its assets.
      const assets = request.destinationWallets.every((wallet) => wallet.assets !== undefined)
        ? [...new Set(request.destinationWallets.flatMap((wallet) => wallet.assets ?? []))]
        : undefined
      const path = '/onramp/v1/token'
      const answer = parse(
        tokenResponse,
        await call('POST', path, {
          refusable: true,
          body: { addresses, ...(assets ? { assets } : {}) },
        }),
        path,
      )
      const url = new URL(`${payUrl}/buy/select-asset`)
      const set = (name: string, value: string | undefined) => {
        if (value !== undefined) url.searchParams.set(name, value)
      }
      set('sessionToken', answer.token)
      set(
        'defaultNetwork',
        request.defaultNetwork === undefined
          ? undefined
          : await networkName(request.defaultNetwork, 'defaultNetwork'),
      )
      set('defaultAsset', request.defaultAsset)
      set('presetFiatAmount', request.presetFiatAmount)
      set('presetCryptoAmount', request.presetCryptoAmount)
      set('fiatCurrency', request.fiatCurrency)
      set(
        'defaultPaymentMethod',
        request.paymentMethod === undefined ? undefined : coinbaseMethods[request.paymentMethod],
      )
      set('partnerUserId', request.providerUserRef)
      set('quoteId', request.quoteId)
      set('defaultExperience', 'buy')
      return url.toString()
    },

    async transactions({ providerUserRef }) {
      const path = `/onramp/v1/buy/user/${encodeURIComponent(providerUserRef)}/transactions`
      const answer = parse(
        transactionsResponse,
        await call('GET', path, { query: { pageSize: '20' } }),
        path,
      )
      const transactions = await Promise.all(
        answer.transactions.map(async (entry): Promise<OnRampTransaction> => {
          const network = await networkOfName(entry.purchaseNetwork)
          const paymentMethod = methodOf(entry.paymentMethod)
          return {
            id: entry.transactionId,
            status: statusOf(entry.status),
            purchaseAmount: toAmount(entry.purchaseAmount),
            paymentTotal: toAmount(entry.paymentTotal),
            ...(paymentMethod ? { paymentMethod } : {}),
            ...(network ? { network } : {}),
            address: entry.walletAddress,
            ...(entry.txHash ? { transactionHash: entry.txHash } : {}),
            createdAt: entry.createdAt,
            ...(entry.completedAt ? { completedAt: entry.completedAt } : {}),
          }
        }),
      )
      // Newest first, whatever order the page came in.
      const time = (value: string) => Date.parse(value) || 0
      return transactions.sort((a, b) => time(b.createdAt) - time(a.createdAt))
    },
  }
}
