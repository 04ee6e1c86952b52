import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress as isEvmAddress } from 'viem'
import { type CdpApiKey, readCdpApiKey, verifyCdpJwt } from './cdpJwt.ts'
import {
  type CheckoutPageView,
  checkoutStylesheet,
  formatMoney,
  pageHeaders,
  renderCheckoutPage,
  renderErrorPage,
  renderIndexPage,
  renderStatusPage,
  stylesheetPath,
} from './checkoutPage.ts'
import {
  buyOptionsResponse,
  createCatalogue,
  type SandboxCatalogue,
  type SandboxOffer,
} from './currencies.ts'
import {
  InvalidOnRampSandboxParametersError,
  OnRampApiError,
  OnRampSandboxListenError,
  UnauthorizedError,
  UnknownPriceError,
} from './errors.ts'
import { createEvmTreasury, type EvmTreasury } from './evmTreasury.ts'
import { readForm, readJsonObject, send, sendJson } from './http.ts'
import { checkPaymentDetails, type PaymentFields } from './paymentDetails.ts'
import { createDefaultUsdPrice, type UsdPrice } from './prices.ts'
import {
  type ComputedQuote,
  computeQuote,
  formatCents,
  formatUnits,
  limitProblem,
  networkFeeCents,
  parseFiatAmount,
  paymentMethodLimits,
  totalCentsForCrypto,
} from './quoteMath.ts'
import { createSerialQueues } from './serialQueues.ts'
import { createSolanaTreasury, type SolanaTreasury } from './solanaTreasury.ts'
import type {
  SandboxAmount,
  SandboxNetwork,
  SandboxPaymentCurrency,
  SandboxPaymentMethod,
  SandboxTransaction,
} from './types.ts'

export type CreateOnRampSandboxParameters = {
  /** Port to listen on; 0 picks a free one. The local world uses 4406. */
  port: number
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string | undefined
  /** The API key whose JWTs the API accepts (`createOnRampSandboxKey()` makes one). */
  apiKey: { name: string; publicKeyPem: string }
  networks: SandboxNetwork[]
  /** Sends the purchases: an EVM private key, and a 64-byte Solana secret key for Solana networks. */
  treasury: { evmPrivateKey: `0x${string}`; solanaSecretKey?: Uint8Array | undefined }
  /** USD price of one whole unit of a symbol on a network. Default: `createDefaultUsdPrice()`. */
  usdPrice?: UsdPrice | undefined
  /** US dollars per euro. Default 1.08. */
  eurUsd?: number | undefined
  /** How long after a payment the treasury sends. Default 500. */
  deliveryDelayMs?: number | undefined
}

export type CreateOnRampSandboxReturnType = {
  /** `http://host:port`: both the API base (`/onramp/v1/…`) and the checkout's (`/buy/…`). */
  url: string
  port: number
  /** Stops listening and cuts open connections; deliveries not yet started are dropped. */
  close(): Promise<void>
  /** Every purchase so far, newest first (copies). */
  transactions(): SandboxTransaction[]
}

export type CreateOnRampSandboxErrorType =
  | InvalidOnRampSandboxParametersError
  | OnRampSandboxListenError

/** Lifetimes, as Coinbase has them: session tokens 5 minutes, quotes 10 minutes. */
export const onRampSandboxLifetimes = {
  sessionTokenMs: 5 * 60_000,
  /** A checkout opened in time may be paid for this long after it was opened. */
  openedCheckoutMs: 30 * 60_000,
  quoteMs: 10 * 60_000,
} as const

/** The defaults of `eurUsd` (1 EUR = 1.08 USD) and `deliveryDelayMs`. */
export const onRampSandboxDefaults = { eurUsd: 1.08, deliveryDelayMs: 500 } as const

const defaultCheckoutAmountCents = 5000n
const maxPageSize = 100
const defaultPageSize = 50

const statuses = {
  inProgress: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  success: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
} as const

type Session = {
  expiresAt: number
  openedAt?: number | undefined
  /** Set once paid: a session pays once. */
  transactionId?: string | undefined
  /** Receiving address per network name, in the order the token request listed them. */
  wallets: Map<string, string>
  /** Symbols the session may buy; every one its networks sell when undefined. */
  assets: Set<string> | undefined
}

type Quote = {
  symbol: string
  networkName: string
  currency: SandboxPaymentCurrency
  method: SandboxPaymentMethod
  computed: ComputedQuote
  expiresAt: number
}

type StoredTransaction = {
  transaction: SandboxTransaction
  network: SandboxNetwork
  failure?: string | undefined
  redirectUrl: string
}

const invalidRequest = (message: string) => new OnRampApiError(400, 'invalid_request', message)

/**
 * A sandbox on-ramp provider that speaks a subset of Coinbase Onramp's v1 API (buy options, buy
 * quote, session token, a user's transactions; CDP API key JWTs) and serves a checkout page at
 * `/buy/select-asset` like `pay.coinbase.com`'s. A paid checkout really delivers: after
 * `deliveryDelayMs` the treasury sends the tokens on the devnet chain, one delivery at a time per
 * network, and the transaction goes from IN_PROGRESS to SUCCESS (with the hash) or FAILED. State
 * lives in memory.
 */
export async function createOnRampSandbox(
  parameters: CreateOnRampSandboxParameters,
): Promise<CreateOnRampSandboxReturnType> {
  const {
    port,
    host = '127.0.0.1',
    networks,
    treasury,
    eurUsd = onRampSandboxDefaults.eurUsd,
    deliveryDelayMs = onRampSandboxDefaults.deliveryDelayMs,
  } = parameters
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidOnRampSandboxParametersError('port must be an integer from 0 to 65535')
  }
  if (!(typeof parameters.apiKey?.name === 'string' && parameters.apiKey.name.length > 0)) {
    throw new InvalidOnRampSandboxParametersError('apiKey.name must be a non-empty string')
  }
  let apiKey: CdpApiKey
  try {
    apiKey = readCdpApiKey(parameters.apiKey)
  } catch (error) {
    throw new InvalidOnRampSandboxParametersError(
      'apiKey.publicKeyPem must be the PEM of an EC P-256 public key',
      { cause: error },
    )
  }
  if (!Number.isFinite(eurUsd) || eurUsd <= 0) {
    throw new InvalidOnRampSandboxParametersError('eurUsd must be a positive number')
  }
  if (!Number.isFinite(deliveryDelayMs) || deliveryDelayMs < 0) {
    throw new InvalidOnRampSandboxParametersError('deliveryDelayMs must be 0 or more')
  }
  if (!Array.isArray(networks) || networks.length === 0) {
    throw new InvalidOnRampSandboxParametersError('networks must list at least one network')
  }
  for (const network of networks) validateNetwork(network)
  let catalogue: SandboxCatalogue
  try {
    catalogue = createCatalogue(networks)
  } catch (error) {
    throw new InvalidOnRampSandboxParametersError((error as Error).message)
  }
  if (!/^0x[0-9a-fA-F]{64}$/.test(treasury?.evmPrivateKey ?? '')) {
    throw new InvalidOnRampSandboxParametersError(
      'treasury.evmPrivateKey must be 0x and 64 hex digits',
    )
  }
  const evmTreasury: EvmTreasury = createEvmTreasury(treasury.evmPrivateKey)
  let solanaTreasury: SolanaTreasury | undefined
  if (networks.some((network) => network.kind === 'solana')) {
    if (
      !(treasury.solanaSecretKey instanceof Uint8Array) ||
      treasury.solanaSecretKey.length !== 64
    ) {
      throw new InvalidOnRampSandboxParametersError(
        'treasury.solanaSecretKey must be a 64-byte secret key when a Solana network is given',
      )
    }
    try {
      solanaTreasury = await createSolanaTreasury(treasury.solanaSecretKey)
    } catch (error) {
      throw new InvalidOnRampSandboxParametersError(
        'treasury.solanaSecretKey is not a valid ed25519 key pair',
        { cause: error },
      )
    }
  }
  const usdPrice = parameters.usdPrice ?? createDefaultUsdPrice()

  const sessions = new Map<string, Session>()
  const quotes = new Map<string, Quote>()
  /** Newest first. */
  const stored: StoredTransaction[] = []
  const byId = new Map<string, StoredTransaction>()
  const queues = createSerialQueues()
  const timers = new Set<NodeJS.Timeout>()
  let closed = false

  const sweep = () => {
    const now = Date.now()
    for (const [id, quote] of quotes) if (quote.expiresAt <= now) quotes.delete(id)
    // A paid session is kept as long as it could have been paid, to point a re-post to its payment.
    for (const [token, session] of sessions) {
      if (!sessionPayable(session, now)) sessions.delete(token)
    }
  }
  const sweeper = setInterval(sweep, 60_000)
  sweeper.unref()

  // Prices and quotes.

  const priceOf = async (symbol: string, network: SandboxNetwork): Promise<number> => {
    let price: number
    try {
      price = await usdPrice(symbol, network)
    } catch (error) {
      if (error instanceof UnknownPriceError) throw invalidRequest(error.shortMessage)
      throw new OnRampApiError(
        500,
        'internal_error',
        `Could not price ${symbol} on ${network.displayName}`,
        { cause: error },
      )
    }
    if (!Number.isFinite(price) || price <= 0) {
      throw new OnRampApiError(500, 'internal_error', `The price of ${symbol} is not positive`)
    }
    return price
  }

  const deliveryCost = async (offer: SandboxOffer): Promise<bigint> => {
    const { network } = offer
    try {
      return network.kind === 'evm'
        ? await evmTreasury.deliveryCost(network, offer)
        : await solanaTreasury!.deliveryCost(network, offer)
    } catch (error) {
      throw new OnRampApiError(
        500,
        'internal_error',
        `Could not estimate the network fee on ${network.displayName}`,
        { cause: error },
      )
    }
  }

  /** USD per unit of the payment currency. */
  const fiatUsd = (currency: SandboxPaymentCurrency) => (currency === 'EUR' ? eurUsd : 1)

  /** USD price of a whole unit, and the network fee in the payment currency. */
  const pricing = async (offer: SandboxOffer, currency: SandboxPaymentCurrency) => {
    const native = catalogue.native(offer.network)
    const [unitUsd, nativeUsd, cost] = await Promise.all([
      priceOf(offer.symbol, offer.network),
      priceOf(native.symbol, offer.network),
      deliveryCost(offer),
    ])
    return {
      unitPriceUsd: unitUsd,
      fiatUsd: fiatUsd(currency),
      networkFeeCents: networkFeeCents(cost, native.decimals, nativeUsd / fiatUsd(currency)),
    }
  }

  const computeTerms = async (
    offer: SandboxOffer,
    currency: SandboxPaymentCurrency,
    method: SandboxPaymentMethod,
    totalCents: bigint,
  ): Promise<ComputedQuote> => {
    const problem = limitProblem(totalCents, method, currency)
    if (problem) throw invalidRequest(problem)
    const computed = computeQuote({
      totalCents,
      method,
      ...(await pricing(offer, currency)),
      decimals: offer.decimals,
    })
    if (computed.purchaseUnits <= 0n) {
      throw invalidRequest(
        `The amount does not cover the fees (${formatCents(computed.feeCents)} + ${formatCents(computed.networkFeeCents)} ${currency}).`,
      )
    }
    return computed
  }

  /** The terms of `quoteId` when it is live and for exactly this purchase. */
  const rememberedQuote = (
    quoteId: string,
    offer: SandboxOffer,
    currency: SandboxPaymentCurrency,
    method: SandboxPaymentMethod,
    totalCents: bigint,
  ): ComputedQuote | undefined => {
    const quote = quotes.get(quoteId)
    if (
      quote &&
      quote.expiresAt > Date.now() &&
      quote.symbol === offer.symbol &&
      quote.networkName === offer.network.name &&
      quote.currency === currency &&
      quote.method === method &&
      quote.computed.totalCents === totalCents
    ) {
      return quote.computed
    }
    return undefined
  }

  const amounts = (
    computed: ComputedQuote,
    currency: SandboxPaymentCurrency,
    symbol: string,
  ): Record<
    'paymentTotal' | 'paymentSubtotal' | 'purchaseAmount' | 'coinbaseFee' | 'networkFee',
    SandboxAmount
  > => ({
    paymentTotal: { value: formatCents(computed.totalCents), currency },
    paymentSubtotal: { value: formatCents(computed.subtotalCents), currency },
    purchaseAmount: {
      value: formatUnits(computed.purchaseUnits, computed.purchaseDecimals),
      currency: symbol,
    },
    coinbaseFee: { value: formatCents(computed.feeCents), currency },
    networkFee: { value: formatCents(computed.networkFeeCents), currency },
  })

  // The API.

  const buyOptions = (url: URL, response: ServerResponse) => {
    readCountry(url.searchParams.get('country'))
    const networkNames = url.searchParams
      .get('networks')
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    sendJson(response, 200, buyOptionsResponse(catalogue, paymentMethodLimits, networkNames))
  }

  const buyQuote = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readJsonObject(request)
    const purchaseCurrency = readString(body, 'purchaseCurrency')
    const currency = catalogue.currency(purchaseCurrency)
    if (!currency) throw invalidRequest(`Unknown purchaseCurrency "${purchaseCurrency}"`)
    const networkName = readOptionalString(body, 'purchaseNetwork')
    let offer: SandboxOffer | undefined = currency.offers[0]
    if (networkName) {
      if (!catalogue.network(networkName)) {
        throw invalidRequest(`Unknown purchaseNetwork "${networkName}"`)
      }
      offer = catalogue.offer(currency.symbol, networkName)
      if (!offer) throw invalidRequest(`${currency.symbol} is not sold on ${networkName}`)
    }
    const paymentCurrency = readPaymentCurrency(readString(body, 'paymentCurrency'))
    const method = readPaymentMethod(readString(body, 'paymentMethod'))
    readCountry(readOptionalString(body, 'country'))
    const amountText = readString(body, 'paymentAmount')
    const totalCents = parseFiatAmount(amountText)
    if (totalCents === undefined || totalCents === 0n) {
      throw invalidRequest(
        `paymentAmount must be an amount with at most 2 decimals, such as 50.00 (got "${amountText}")`,
      )
    }
    const computed = await computeTerms(offer!, paymentCurrency, method, totalCents)
    const quoteId = randomUUID()
    quotes.set(quoteId, {
      symbol: offer!.symbol,
      networkName: offer!.network.name,
      currency: paymentCurrency,
      method,
      computed,
      expiresAt: Date.now() + onRampSandboxLifetimes.quoteMs,
    })
    sendJson(response, 200, { ...amounts(computed, paymentCurrency, offer!.symbol), quoteId })
  }

  const sessionToken = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readJsonObject(request)
    const addresses = body.addresses
    if (!Array.isArray(addresses) || addresses.length === 0) {
      throw invalidRequest('addresses must list at least one { address, blockchains }')
    }
    const wallets = new Map<string, string>()
    for (const [index, entry] of addresses.entries()) {
      const { address, blockchains } = (entry ?? {}) as Record<string, unknown>
      if (typeof address !== 'string' || address === '') {
        throw invalidRequest(`addresses[${index}].address must be a string`)
      }
      if (
        !Array.isArray(blockchains) ||
        blockchains.length === 0 ||
        !blockchains.every((name) => typeof name === 'string')
      ) {
        throw invalidRequest(`addresses[${index}].blockchains must list network names`)
      }
      for (const name of blockchains as string[]) {
        const network = catalogue.network(name)
        if (!network) throw invalidRequest(`Unknown blockchain "${name}"`)
        const valid = network.kind === 'evm' ? isEvmAddress(address) : isSolanaAddress(address)
        if (!valid) {
          throw invalidRequest(`"${address}" is not a valid address on ${name}`)
        }
        if (wallets.has(name)) throw invalidRequest(`${name} is listed for two addresses`)
        wallets.set(name, address)
      }
    }
    let assets: Set<string> | undefined
    if (body.assets !== undefined) {
      if (!Array.isArray(body.assets) || !body.assets.every((asset) => typeof asset === 'string')) {
        throw invalidRequest('assets must list currency ids or symbols')
      }
      assets = new Set()
      for (const asset of body.assets as string[]) {
        const currency = catalogue.currency(asset)
        if (!currency?.offers.some((offer) => wallets.has(offer.network.name))) {
          throw invalidRequest(`"${asset}" is not sold on any of the blockchains given`)
        }
        assets.add(currency.symbol)
      }
    }
    const token = randomBytes(24).toString('base64url')
    sessions.set(token, {
      expiresAt: Date.now() + onRampSandboxLifetimes.sessionTokenMs,
      wallets,
      assets,
    })
    sendJson(response, 200, { token, channelId: '' })
  }

  const userTransactions = (partnerUserId: string, url: URL, response: ServerResponse) => {
    const pageSizeText = url.searchParams.get('pageSize')
    const pageSize =
      pageSizeText === null || pageSizeText === '' ? defaultPageSize : Number(pageSizeText)
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
      throw invalidRequest(`pageSize must be an integer from 1 to ${maxPageSize}`)
    }
    const pageKey = url.searchParams.get('pageKey') ?? ''
    const offset = pageKey === '' ? 0 : decodePageKey(pageKey)
    const mine = stored.filter((entry) => entry.transaction.partnerUserRef === partnerUserId)
    const page = mine.slice(offset, offset + pageSize)
    const next = offset + pageSize < mine.length ? encodePageKey(offset + pageSize) : ''
    sendJson(response, 200, {
      transactions: page.map((entry) => ({ ...entry.transaction })),
      nextPageKey: next,
      totalCount: String(mine.length),
    })
  }

  // The checkout.

  const sessionPayable = (session: Session, now: number) =>
    now < session.expiresAt ||
    (session.openedAt !== undefined &&
      now < session.openedAt + onRampSandboxLifetimes.openedCheckoutMs)

  type PageError = {
    status: number
    heading: string
    text: string
    link?: { href: string; label: string }
  }

  const checkSession = (token: string | null): { session: Session } | { error: PageError } => {
    if (!token) {
      return {
        error: {
          status: 400,
          heading: 'Checkout link incomplete',
          text: 'This link has no session token. Start the purchase again from the app.',
        },
      }
    }
    const session = sessions.get(token)
    if (session?.transactionId) {
      return {
        error: {
          status: 409,
          heading: 'Already paid',
          text: 'This checkout was already paid; a session pays once.',
          link: { href: `/buy/status/${session.transactionId}`, label: 'See the payment' },
        },
      }
    }
    if (!session || !sessionPayable(session, Date.now())) {
      return {
        error: {
          status: 401,
          heading: 'Checkout link expired',
          text: 'This checkout link is unknown or has expired. Start the purchase again from the app.',
        },
      }
    }
    return { session }
  }

  /** The network and currency of a checkout, from its parameters and what the session allows. */
  const resolvePurchase = (
    session: Session,
    networkName: string,
    asset: string,
  ): { offer: SandboxOffer; walletAddress: string } | { error: PageError } => {
    const refuse = (text: string) => ({
      error: { status: 400, heading: 'Cannot buy this', text },
    })
    const name = networkName || [...session.wallets.keys()][0]!
    const walletAddress = session.wallets.get(name)
    const network = catalogue.network(name)
    if (!walletAddress || !network) {
      return refuse(`This checkout cannot deliver on "${name}".`)
    }
    const allowed = (offer: SandboxOffer | undefined) =>
      offer !== undefined && (session.assets === undefined || session.assets.has(offer.symbol))
    if (asset) {
      const currency = catalogue.currency(asset)
      const offer = currency && catalogue.offer(currency.symbol, name)
      if (!allowed(offer))
        return refuse(`This checkout cannot buy "${asset}" on ${network.displayName}.`)
      return { offer: offer!, walletAddress }
    }
    const offer = catalogue.currencies
      .map((currency) => catalogue.offer(currency.symbol, name))
      .find(allowed)
    if (!offer) return refuse(`This checkout has nothing to buy on ${network.displayName}.`)
    return { offer, walletAddress }
  }

  const sendPage = (response: ServerResponse, status: number, html: string) =>
    send(response, status, pageHeaders(), html)

  const sendPageError = (response: ServerResponse, error: PageError) =>
    sendPage(response, error.status, renderErrorPage(error.heading, error.text, error.link))

  /** The quote shown on the page for an amount, or the reason there is none. */
  const pageQuote = async (
    offer: SandboxOffer,
    currency: SandboxPaymentCurrency,
    method: SandboxPaymentMethod,
    totalCents: bigint,
    quoteId: string,
  ): Promise<{ computed: ComputedQuote } | { problem: string; status: number }> => {
    const remembered = rememberedQuote(quoteId, offer, currency, method, totalCents)
    if (remembered) return { computed: remembered }
    try {
      return { computed: await computeTerms(offer, currency, method, totalCents) }
    } catch (error) {
      if (error instanceof OnRampApiError)
        return { problem: error.shortMessage, status: error.status }
      throw error
    }
  }

  const quoteView = (computed: ComputedQuote, currency: SandboxPaymentCurrency, symbol: string) => {
    const money = (cents: bigint) => formatMoney(formatCents(cents), currency)
    return {
      total: money(computed.totalCents),
      fee: money(computed.feeCents),
      networkFee: money(computed.networkFeeCents),
      subtotal: money(computed.subtotalCents),
      purchase: `${formatUnits(computed.purchaseUnits, computed.purchaseDecimals)} ${symbol}`,
    }
  }

  const emptyFields = {
    cardNumber: '',
    cardExpiry: '',
    cardName: '',
    routingNumber: '',
    accountNumber: '',
  }

  const selectAsset = async (url: URL, response: ServerResponse) => {
    const query = url.searchParams
    const checked = checkSession(query.get('sessionToken'))
    if ('error' in checked) return sendPageError(response, checked.error)
    const { session } = checked
    const resolved = resolvePurchase(
      session,
      query.get('defaultNetwork') ?? '',
      query.get('defaultAsset') ?? '',
    )
    if ('error' in resolved) return sendPageError(response, resolved.error)
    session.openedAt ??= Date.now()
    const { offer, walletAddress } = resolved
    const currency = query.get('fiatCurrency') === 'EUR' ? 'EUR' : 'USD'
    const method: SandboxPaymentMethod =
      query.get('defaultPaymentMethod') === 'ACH_BANK_ACCOUNT' ? 'ACH_BANK_ACCOUNT' : 'CARD'
    const quoteId = query.get('quoteId') ?? ''
    let totalCents = parseFiatAmount(query.get('presetFiatAmount') ?? '')
    const cryptoAmount = Number(query.get('presetCryptoAmount') ?? '')
    if ((totalCents === undefined || totalCents === 0n) && cryptoAmount > 0) {
      try {
        totalCents = totalCentsForCrypto({
          cryptoAmount,
          method,
          ...(await pricing(offer, currency)),
        })
      } catch {
        totalCents = undefined
      }
    }
    if (totalCents === undefined || totalCents === 0n) totalCents = defaultCheckoutAmountCents
    const quoted = await pageQuote(offer, currency, method, totalCents, quoteId)
    const amount = formatCents(totalCents)
    sendPage(
      response,
      200,
      renderCheckoutPage({
        hidden: {
          sessionToken: query.get('sessionToken')!,
          asset: offer.symbol,
          network: offer.network.name,
          partnerUserId: query.get('partnerUserId') ?? '',
          quoteId,
          redirectUrl: query.get('redirectUrl') ?? '',
        },
        assetSymbol: offer.symbol,
        networkDisplayName: offer.network.displayName,
        walletAddress,
        amount,
        currency,
        method,
        shownAmount: amount,
        shownCurrency: currency,
        quote:
          'computed' in quoted ? quoteView(quoted.computed, currency, offer.symbol) : undefined,
        message: 'problem' in quoted ? { text: quoted.problem, field: 'amount' } : undefined,
        fields: emptyFields,
      }),
    )
  }

  const checkout = async (request: IncomingMessage, response: ServerResponse) => {
    const form = await readForm(request)
    const field = (name: string) => form.get(name) ?? ''
    const token = field('sessionToken')
    const checked = checkSession(token)
    if ('error' in checked) return sendPageError(response, checked.error)
    const { session } = checked
    const resolved = resolvePurchase(session, field('network'), field('asset'))
    if ('error' in resolved) return sendPageError(response, resolved.error)
    const { offer, walletAddress } = resolved
    const currency: SandboxPaymentCurrency = field('currency') === 'EUR' ? 'EUR' : 'USD'
    const method: SandboxPaymentMethod =
      field('paymentMethod') === 'ACH_BANK_ACCOUNT' ? 'ACH_BANK_ACCOUNT' : 'CARD'
    const quoteId = field('quoteId')
    const payment: PaymentFields = {
      cardNumber: field('cardNumber'),
      cardExpiry: field('cardExpiry'),
      cardCvc: field('cardCvc'),
      cardName: field('cardName'),
      routingNumber: field('routingNumber'),
      accountNumber: field('accountNumber'),
    }
    const { cardCvc: _cvc, ...echoed } = payment
    const shownCurrency: SandboxPaymentCurrency = field('shownCurrency') === 'EUR' ? 'EUR' : 'USD'
    const base: CheckoutPageView = {
      hidden: {
        sessionToken: token,
        asset: offer.symbol,
        network: offer.network.name,
        partnerUserId: field('partnerUserId'),
        quoteId,
        redirectUrl: field('redirectUrl'),
      },
      assetSymbol: offer.symbol,
      networkDisplayName: offer.network.displayName,
      walletAddress,
      amount: field('amount'),
      currency,
      method,
      shownAmount: field('shownAmount'),
      shownCurrency,
      quote: undefined,
      fields: echoed,
    }
    const render = (status: number, view: Partial<CheckoutPageView>) =>
      sendPage(response, status, renderCheckoutPage({ ...base, ...view }))

    const totalCents = parseFiatAmount(field('amount'))
    if (totalCents === undefined || totalCents === 0n) {
      return render(400, { message: { text: 'Enter an amount such as 50.00.', field: 'amount' } })
    }
    const amount = formatCents(totalCents)
    const quoted = await pageQuote(offer, currency, method, totalCents, quoteId)
    const shown = {
      amount,
      shownAmount: amount,
      shownCurrency: currency,
      quote: 'computed' in quoted ? quoteView(quoted.computed, currency, offer.symbol) : undefined,
    }
    if ('problem' in quoted) {
      return render(field('action') === 'quote' ? 200 : quoted.status, {
        ...shown,
        message: { text: quoted.problem, field: 'amount' },
      })
    }
    if (field('action') === 'quote') return render(200, shown)
    if (amount !== base.shownAmount || currency !== shownCurrency) {
      // Pay what the button said, never an amount typed after the quote was shown.
      return render(200, {
        ...shown,
        message: {
          text: `The amount is now ${formatMoney(amount, currency)}: check the new quote, then pay.`,
        },
      })
    }
    const check = checkPaymentDetails(method, payment)
    if (!check.ok)
      return render(400, { ...shown, message: { text: check.message, field: check.field } })
    // Nothing awaited since the session check but the quote: check again, then record at once.
    if (session.transactionId) {
      const again = checkSession(token)
      if ('error' in again) return sendPageError(response, again.error)
    }
    const computed = quoted.computed
    const transaction: SandboxTransaction = {
      transactionId: randomUUID(),
      status: statuses.inProgress,
      purchaseCurrency: offer.symbol,
      purchaseNetwork: offer.network.name,
      ...amounts(computed, currency, offer.symbol),
      paymentMethod: method,
      walletAddress,
      txHash: '',
      partnerUserRef: field('partnerUserId'),
      createdAt: new Date().toISOString(),
      completedAt: '',
    }
    session.transactionId = transaction.transactionId
    const entry: StoredTransaction = {
      transaction,
      network: offer.network,
      redirectUrl: field('redirectUrl'),
    }
    stored.unshift(entry)
    byId.set(transaction.transactionId, entry)
    const units = computed.purchaseUnits * 10n ** BigInt(offer.decimals - computed.purchaseDecimals)
    scheduleDelivery(entry, offer, units)
    response.writeHead(303, {
      location: `/buy/status/${transaction.transactionId}`,
      'cache-control': 'no-store',
      'content-length': '0',
    })
    response.end()
  }

  const status = (transactionId: string, response: ServerResponse) => {
    const entry = byId.get(transactionId)
    if (!entry) {
      return sendPageError(response, {
        status: 404,
        heading: 'Payment not found',
        text: 'No payment has this id.',
      })
    }
    const { transaction } = entry
    sendPage(
      response,
      200,
      renderStatusPage({
        transactionId,
        status: transaction.status,
        purchase: `${transaction.purchaseAmount.value} ${transaction.purchaseCurrency}`,
        paid: formatMoney(
          transaction.paymentTotal.value,
          transaction.paymentTotal.currency as SandboxPaymentCurrency,
        ),
        method: transaction.paymentMethod,
        networkDisplayName: entry.network.displayName,
        walletAddress: transaction.walletAddress,
        txHash: transaction.txHash,
        failure: entry.failure,
        redirectUrl: entry.redirectUrl,
      }),
    )
  }

  // Delivery.

  const scheduleDelivery = (entry: StoredTransaction, offer: SandboxOffer, units: bigint) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      void queues.run(offer.network.name, () => deliver(entry, offer, units))
    }, deliveryDelayMs)
    timers.add(timer)
  }

  const deliver = async (entry: StoredTransaction, offer: SandboxOffer, units: bigint) => {
    const { transaction } = entry
    const onSent = (hash: string) => {
      transaction.txHash = hash
    }
    try {
      const { network } = offer
      if (network.kind === 'evm') {
        await evmTreasury.send({
          network,
          offer,
          to: transaction.walletAddress as `0x${string}`,
          units,
          onSent,
        })
      } else {
        await solanaTreasury!.send({ network, offer, to: transaction.walletAddress, units, onSent })
      }
      transaction.status = statuses.success
    } catch (error) {
      transaction.status = statuses.failed
      entry.failure = describeFailure(error)
    }
    transaction.completedAt = new Date().toISOString()
  }

  // Routing.

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://sandbox')
    const path = url.pathname
    const method = request.method ?? 'GET'
    const handle = async () => {
      if (path.startsWith('/onramp/')) {
        const userMatch = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(path)
        const route =
          method === 'GET' && path === '/onramp/v1/buy/options'
            ? () => buyOptions(url, response)
            : method === 'POST' && path === '/onramp/v1/buy/quote'
              ? () => buyQuote(request, response)
              : method === 'POST' && path === '/onramp/v1/token'
                ? () => sessionToken(request, response)
                : method === 'GET' && userMatch
                  ? () => userTransactions(decodeURIComponent(userMatch[1]!), url, response)
                  : undefined
        if (!route) {
          throw new OnRampApiError(404, 'not_found', `No route ${method} ${path}`)
        }
        try {
          await verifyCdpJwt({
            authorization: request.headers.authorization,
            method,
            host: request.headers.host,
            path,
            apiKey,
          })
        } catch (error) {
          if (error instanceof UnauthorizedError) {
            throw new OnRampApiError(401, 'unauthorized', error.shortMessage)
          }
          throw error
        }
        return route()
      }
      if (method === 'GET' && path === stylesheetPath) {
        return send(
          response,
          200,
          {
            'content-type': 'text/css; charset=utf-8',
            'cache-control': 'no-cache',
            'x-content-type-options': 'nosniff',
          },
          checkoutStylesheet,
        )
      }
      if (method === 'GET' && path === '/buy/select-asset') return selectAsset(url, response)
      if (method === 'POST' && path === '/buy/checkout') return checkout(request, response)
      const statusMatch = /^\/buy\/status\/([0-9a-f-]{36})$/.exec(path)
      if (method === 'GET' && statusMatch) return status(statusMatch[1]!, response)
      if (method === 'GET' && path === '/') return sendPage(response, 200, renderIndexPage())
      sendPageError(response, { status: 404, heading: 'Not found', text: `Nothing at ${path}.` })
    }
    handle().catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy()
        return
      }
      const apiError =
        error instanceof OnRampApiError
          ? error
          : new OnRampApiError(
              500,
              'internal_error',
              error instanceof Error ? error.message : String(error),
            )
      if (path.startsWith('/onramp/')) {
        sendJson(response, apiError.status, {
          errorType: apiError.errorType,
          errorMessage: apiError.shortMessage,
        })
      } else {
        sendPageError(response, {
          status: apiError.status,
          heading: 'Something went wrong',
          text: apiError.shortMessage,
        })
      }
    })
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    clearInterval(sweeper)
    throw new OnRampSandboxListenError(`${host}:${port}`, { cause: error })
  }
  const address = server.address() as AddressInfo
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    transactions: () => stored.map((entry) => structuredClone(entry.transaction)),
    async close() {
      if (closed) return
      closed = true
      clearInterval(sweeper)
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function validateNetwork(network: SandboxNetwork): void {
  const fail = (reason: string) => {
    throw new InvalidOnRampSandboxParametersError(`network "${network?.name}": ${reason}`)
  }
  if (typeof network?.name !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(network.name)) {
    fail('name must be lowercase letters, digits and dashes, e.g. foyer-devnet-a')
  }
  if (network.kind !== 'evm' && network.kind !== 'solana') fail('kind must be evm or solana')
  if (typeof network.displayName !== 'string' || network.displayName === '') {
    fail('displayName must be a non-empty string')
  }
  if (typeof network.rpcUrl !== 'string' || !URL.canParse(network.rpcUrl))
    fail('rpcUrl must be a URL')
  if (network.kind === 'evm' && !(Number.isSafeInteger(network.chainId) && network.chainId > 0)) {
    fail('chainId must be a positive integer')
  }
  if (!Array.isArray(network.tokens)) fail('tokens must be an array')
  for (const token of network.tokens) {
    if (!(Number.isInteger(token.decimals) && token.decimals >= 0 && token.decimals <= 36)) {
      fail(`${token.symbol}'s decimals must be an integer from 0 to 36`)
    }
    const valid =
      network.kind === 'evm' ? isEvmAddress(token.address) : isSolanaAddress(token.address)
    if (!valid) fail(`${token.symbol}'s address ${token.address} is not an address of the network`)
  }
}

function readString(body: Record<string, unknown>, name: string): string {
  const value = body[name]
  if (typeof value !== 'string' || value === '') throw invalidRequest(`${name} is required`)
  return value
}

function readOptionalString(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw invalidRequest(`${name} must be a string`)
  return value
}

function readPaymentCurrency(value: string): SandboxPaymentCurrency {
  if (value === 'USD' || value === 'EUR') return value
  throw invalidRequest(`paymentCurrency must be USD or EUR (got "${value}")`)
}

function readPaymentMethod(value: string): SandboxPaymentMethod {
  if (value === 'CARD' || value === 'ACH_BANK_ACCOUNT') return value
  throw invalidRequest(`paymentMethod must be CARD or ACH_BANK_ACCOUNT (got "${value}")`)
}

/** Coinbase requires the buyer's country; the sandbox sells the same everywhere. */
function readCountry(value: string | null | undefined): string {
  if (!value || !/^[A-Za-z]{2}$/.test(value)) {
    throw invalidRequest('country is required: an ISO 3166-1 alpha-2 code such as US')
  }
  return value.toUpperCase()
}

function encodePageKey(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64url')
}

function decodePageKey(pageKey: string): number {
  const match = /^offset:(\d{1,9})$/.exec(Buffer.from(pageKey, 'base64url').toString('utf8'))
  if (!match) throw invalidRequest('pageKey is not a nextPageKey of this API')
  return Number(match[1])
}

/** The reason shown on the status page: the short message and what caused it. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? error.cause : undefined
  const short = (error as { shortMessage?: string }).shortMessage ?? error.message
  if (!cause) return short
  const causeShort = (cause as { shortMessage?: string }).shortMessage ?? cause.message
  return `${short} ${causeShort.split('\n')[0]}`
}
