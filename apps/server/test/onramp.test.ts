import { generateKeyPairSync } from 'node:crypto'
import {
  estimateOnRampQuote,
  fallbackOnRampPaymentCurrencies,
  type GetOnRampOptionsResponse,
  getOnRampOptionsResponse,
  getOnRampQuoteResponse,
  getOnRampTransactionsResponse,
  type OnRampTransaction,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChainConfig, SolanaChainConfig } from '../src/chains/types.ts'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { ConfigError } from '../src/errors.ts'
import { type CreateServerOptions, createServer, devProjectId } from '../src/http/createServer.ts'
import { OnRampApiError, OnRampProviderRefusedError } from '../src/onramp/errors.ts'
import { providerUserRef } from '../src/onramp/providerUserRef.ts'
import type { OnRampProvider, OnRampProviderOptions } from '../src/onramp/types.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { type StartPriceApiReturnType, startPriceApi } from './support/startPriceApi.ts'

const otherProjectId = 'other-app'
const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const dai = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const evmWallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solanaWallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const localSolana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

/** Ethereum as a public network of this server; its prices come from the price API stand-in. */
const ethereum: ChainConfig = {
  chainId: 1,
  name: 'Ethereum',
  // Never called: prices come from the price API, and no route here reads the chain.
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  tokens: [
    { address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    { address: dai, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
  ],
  wrappedNative: weth,
  indexer: { enabled: false },
}
const solana: SolanaChainConfig = {
  caipNetworkId: localSolana,
  name: 'Solana Localnet',
  rpcUrl: 'http://127.0.0.1:9',
  tokens: [],
}

/** What the scripted provider sells: limits unlike SPEC §9's, so tests see whose limits apply. */
const providerOptions: OnRampProviderOptions = {
  paymentCurrencies: [
    {
      id: 'USD',
      name: 'US Dollar',
      symbol: '$',
      limits: [
        { id: 'card', min: '20.00', max: '1000.00' },
        { id: 'ach_bank_account', min: '20.00', max: '5000.00' },
      ],
    },
    { id: 'EUR', name: 'Euro', symbol: '€', limits: [{ id: 'card', min: '15.00', max: '800.00' }] },
  ],
  purchaseCurrencies: [
    {
      id: 'eth-uuid',
      name: 'Ethereum',
      symbol: 'ETH',
      networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum' }],
    },
    {
      id: 'usdc-uuid',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', tokenAddress: usdc }],
    },
  ],
}

const transaction: OnRampTransaction = {
  id: 'tx-1',
  status: 'success',
  purchaseAmount: { amount: '0.01', currency: 'ETH' },
  paymentTotal: { amount: '35.00', currency: 'USD' },
  paymentMethod: 'card',
  network: 'eip155:1',
  address: evmWallet,
  transactionHash: `0x${'ab'.repeat(32)}`,
  createdAt: '2025-01-01T10:00:00Z',
  completedAt: '2025-01-01T10:02:00Z',
}

type Behaviour = 'ok' | 'fail' | 'refuse'

/** An `OnRampProvider` whose every method can answer, fail or refuse; records its calls. */
function scriptedProvider() {
  const calls: { method: string; parameters: Record<string, unknown> }[] = []
  const behaviour: Record<'options' | 'quote' | 'createUrl' | 'transactions', Behaviour> = {
    options: 'ok',
    quote: 'ok',
    createUrl: 'ok',
    transactions: 'ok',
  }
  const act = async <T>(
    method: keyof typeof behaviour,
    parameters: Record<string, unknown>,
    answer: () => T,
  ): Promise<T> => {
    calls.push({ method, parameters })
    if (behaviour[method] === 'fail')
      throw new OnRampApiError({ url: 'http://provider.test/x', status: 500 })
    if (behaviour[method] === 'refuse')
      throw new OnRampProviderRefusedError({
        status: 400,
        errorType: 'invalid_request',
        message: 'purchaseCurrency is not available in your region',
      })
    return answer()
  }
  const provider: OnRampProvider = {
    name: 'Test Ramp',
    options: (parameters) =>
      act('options', parameters, () => ({
        paymentCurrencies: providerOptions.paymentCurrencies,
        purchaseCurrencies: providerOptions.purchaseCurrencies.filter(
          (currency) =>
            parameters.network === undefined ||
            currency.networks.some((n) => n.caipNetworkId === parameters.network),
        ),
      })),
    quote: (parameters) =>
      act('quote', parameters, () => ({
        paymentTotal: { amount: '100.00', currency: 'USD' },
        paymentSubtotal: { amount: '98.50', currency: 'USD' },
        purchaseAmount: { amount: '0.0394', currency: 'ETH' },
        providerFee: { amount: '1.50', currency: 'USD' },
        networkFee: { amount: '0.00', currency: 'USD' },
        quoteId: 'quote-7',
      })),
    createUrl: (parameters) =>
      act(
        'createUrl',
        parameters,
        () => `https://pay.test/buy?partnerUserId=${parameters.providerUserRef}`,
      ),
    transactions: (parameters) => act('transactions', parameters, () => [transaction]),
  }
  return {
    provider,
    calls,
    behaviour,
    reset() {
      calls.length = 0
      Object.assign(behaviour, { options: 'ok', quote: 'ok', createUrl: 'ok', transactions: 'ok' })
    },
  }
}

describe('on-ramp API', () => {
  let database: FoyerDatabase
  let priceApi: StartPriceApiReturnType
  const servers: FastifyInstance[] = []
  const logs: string[] = []
  const scripted = scriptedProvider()
  /** With the scripted provider and an EUR rate of 1.25 USD. */
  let app: FastifyInstance
  /** With no provider and no EUR rate. */
  let bare: FastifyInstance

  const build = async (options: CreateServerOptions) => {
    const server = await createServer({
      database,
      chains: [ethereum],
      solanaChains: [solana],
      priceApi: { baseUrl: priceApi.baseUrl },
      dev: true,
      rateLimit: false,
      indexer: { enabled: false },
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
      ...options,
    })
    await server.ready()
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    ;[database, priceApi] = await Promise.all([
      createDatabase({ dataDir: 'memory://' }),
      startPriceApi({
        prices: { ethereum: { [weth.toLowerCase()]: 2500, [usdc.toLowerCase()]: 1 } },
      }),
    ])
    await upsertProject({
      db: database.db,
      id: otherProjectId,
      name: 'Other app',
      allowedOrigins: ['http://localhost:*'],
    })
    app = await build({ onRampProvider: scripted.provider, onRamp: { eurUsdRate: 1.25 } })
    bare = await build({})
  })

  afterAll(async () => {
    for (const server of servers) await server.close()
    await Promise.allSettled([priceApi?.stop(), database?.destroy()])
  })

  beforeEach(async () => {
    scripted.reset()
    logs.length = 0
    // Options are cached 5 minutes per network; each test starts without them.
    for (const network of ['*', 'eip155:1', localSolana, 'eip155:8453'])
      await app.foyer.cache.delete(`onramp:options:Test Ramp:${network}`)
  })

  const url = (path: string, query: Record<string, string> = {}) =>
    `${path}?${new URLSearchParams({ projectId: devProjectId, st: 'foyer', sv: 'test', ...query })}`
  const options = async (server: FastifyInstance, query: Record<string, string> = {}) => {
    const response = await server.inject({ url: url('/v1/onramp/options', query) })
    expect(response.statusCode, response.body).toBe(200)
    return v.parse(getOnRampOptionsResponse, response.json())
  }
  const quote = (server: FastifyInstance, body: Record<string, unknown>) =>
    server.inject({
      method: 'POST',
      url: url('/v1/onramp/quote'),
      payload: {
        purchaseCurrency: 'eth-uuid',
        paymentCurrency: 'USD',
        amount: '100',
        network: 'eip155:1',
        ...body,
      },
    })
  const onrampUrl = (
    server: FastifyInstance,
    body: Record<string, unknown>,
    projectId = devProjectId,
  ) =>
    server.inject({
      method: 'POST',
      url: '/v1/generators/onrampurl',
      payload: {
        projectId,
        destinationWallets: [{ address: evmWallet, blockchains: ['eip155:1'] }],
        partnerUserId: 'alice@example.com',
        ...body,
      },
    })
  const message = (response: { json: () => unknown }) =>
    (response.json() as { message: string }).message

  describe('options', () => {
    it("answers the provider's options with its name, cached 5 minutes per network", async () => {
      const answer = await options(app)
      expect(answer).toEqual({ ...providerOptions, source: 'provider', providerName: 'Test Ramp' })
      expect(await options(app)).toEqual(answer)
      expect(scripted.calls).toEqual([{ method: 'options', parameters: { network: undefined } }])
      const onEthereum = await options(app, { network: 'eip155:1' })
      expect(onEthereum.source).toBe('provider')
      expect(scripted.calls.at(-1)).toEqual({
        method: 'options',
        parameters: { network: 'eip155:1' },
      })
    })

    it("answers the built-in list from this server's networks when the provider fails", async () => {
      scripted.behaviour.options = 'fail'
      const answer = await options(app)
      expect(answer).toEqual({
        paymentCurrencies: fallbackOnRampPaymentCurrencies(),
        purchaseCurrencies: [
          {
            id: 'ETH',
            name: 'Ether',
            symbol: 'ETH',
            networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum' }],
          },
          {
            id: 'SOL',
            name: 'Solana',
            symbol: 'SOL',
            networks: [{ caipNetworkId: localSolana, name: 'Solana Localnet' }],
          },
          {
            id: 'USDC',
            name: 'USD Coin',
            symbol: 'USDC',
            networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', tokenAddress: usdc }],
          },
          {
            id: 'DAI',
            name: 'Dai Stablecoin',
            symbol: 'DAI',
            networks: [{ caipNetworkId: 'eip155:1', name: 'Ethereum', tokenAddress: dai }],
          },
        ],
        source: 'fallback',
      })
      expect(answer.paymentCurrencies[0]!.limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ])
      expect(logs.join('\n')).toContain(
        'on-ramp provider options failed; answering the built-in list',
      )
      // A failure is not cached: the provider is asked again and its answer then used.
      scripted.behaviour.options = 'ok'
      expect((await options(app)).source).toBe('provider')
    })

    it('answers the built-in list without a provider, filtered by network', async () => {
      expect((await options(bare)).source).toBe('fallback')
      expect(await options(bare, { network: localSolana })).toEqual({
        paymentCurrencies: fallbackOnRampPaymentCurrencies(),
        purchaseCurrencies: [
          {
            id: 'SOL',
            name: 'Solana',
            symbol: 'SOL',
            networks: [{ caipNetworkId: localSolana, name: 'Solana Localnet' }],
          },
        ],
        source: 'fallback',
      })
      expect((await options(bare, { network: 'eip155:8453' })).purchaseCurrencies).toEqual([])
    })

    it('requires a known project', async () => {
      const missing = await app.inject({ url: '/v1/onramp/options' })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({ code: 'PROJECT_ID_MISSING' })
      const unknown = await app.inject({ url: url('/v1/onramp/options', { projectId: 'nobody' }) })
      expect(unknown.statusCode).toBe(403)
      const badNetwork = await app.inject({
        url: url('/v1/onramp/options', { network: 'ethereum' }),
      })
      expect(badNetwork.statusCode).toBe(400)
      expect(badNetwork.json()).toMatchObject({ field: 'network' })
    })
  })

  describe('quote', () => {
    it("quotes through the provider within the provider's limits", async () => {
      const response = await quote(app, { paymentMethod: 'ach_bank_account', amount: '4999.99' })
      expect(response.statusCode, response.body).toBe(200)
      expect(v.parse(getOnRampQuoteResponse, response.json())).toEqual({
        paymentTotal: { amount: '100.00', currency: 'USD' },
        paymentSubtotal: { amount: '98.50', currency: 'USD' },
        purchaseAmount: { amount: '0.0394', currency: 'ETH' },
        providerFee: { amount: '1.50', currency: 'USD' },
        networkFee: { amount: '0.00', currency: 'USD' },
        quoteId: 'quote-7',
        estimated: false,
      })
      expect(scripted.calls.at(-1)).toEqual({
        method: 'quote',
        parameters: {
          purchaseCurrency: 'eth-uuid',
          paymentCurrency: 'USD',
          amount: '4999.99',
          network: 'eip155:1',
          paymentMethod: 'ach_bank_account',
        },
      })
    })

    it("refuses amounts outside the provider's limits, per method and currency", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ amount: '19.99' }, 'Minimum for card is 20.00 USD'],
        [{ amount: '1000.01' }, 'Maximum for card is 1000.00 USD'],
        [
          { amount: '5000.01', paymentMethod: 'ach_bank_account' },
          'Maximum for bank account is 5000.00 USD',
        ],
        [{ amount: '14', paymentCurrency: 'EUR' }, 'Minimum for card is 15.00 EUR'],
        [{ amount: '800.5', paymentCurrency: 'EUR' }, 'Maximum for card is 800.00 EUR'],
        // The provider lists no bank limit for EUR: SPEC §9's applies.
        [
          { amount: '25000.01', paymentCurrency: 'EUR', paymentMethod: 'ach_bank_account' },
          'Maximum for bank account is 25000.00 EUR',
        ],
      ]
      for (const [body, expected] of cases) {
        const response = await quote(app, body)
        expect(response.statusCode, JSON.stringify(body)).toBe(400)
        expect(response.json()).toMatchObject({
          code: 'INVALID_INPUT',
          field: 'amount',
          message: expected,
        })
      }
      // The limits of the minimum and maximum themselves are allowed.
      expect((await quote(app, { amount: '20' })).statusCode).toBe(200)
      expect((await quote(app, { amount: '1000.00' })).statusCode).toBe(200)
      expect(scripted.calls.filter((call) => call.method === 'quote')).toHaveLength(2)
    })

    it("uses SPEC §9's limits when the options fail or there is no provider", async () => {
      scripted.behaviour.options = 'fail'
      const cases: [FastifyInstance, Record<string, unknown>, string][] = [
        [app, { amount: '9.99' }, 'Minimum for card is 10.00 USD'],
        [bare, { amount: '9.99' }, 'Minimum for card is 10.00 USD'],
        [bare, { amount: '7500.01' }, 'Maximum for card is 7500.00 USD'],
        [
          bare,
          { amount: '25000.01', paymentMethod: 'ach_bank_account' },
          'Maximum for bank account is 25000.00 USD',
        ],
        [bare, { amount: '7500.01', paymentCurrency: 'EUR' }, 'Maximum for card is 7500.00 EUR'],
      ]
      for (const [server, body, expected] of cases) {
        const response = await quote(server, { purchaseCurrency: 'ETH', ...body })
        expect(response.statusCode).toBe(400)
        expect(message(response)).toBe(expected)
      }
      // 7500.01 by bank is within its limit: estimated from this server's price of Ether.
      const bank = await quote(bare, {
        purchaseCurrency: 'ETH',
        amount: '7500.01',
        paymentMethod: 'ach_bank_account',
      })
      expect(bank.statusCode, bank.body).toBe(200)
      expect(bank.json()).toMatchObject({ estimated: true })
    })

    it("estimates from this server's prices when the provider cannot quote", async () => {
      scripted.behaviour.quote = 'fail'
      const eth = await quote(app, { amount: '100' })
      expect(eth.statusCode, eth.body).toBe(200)
      expect(eth.json()).toEqual({
        paymentTotal: { amount: '100.00', currency: 'USD' },
        providerFee: { amount: '2.00', currency: 'USD' },
        paymentSubtotal: { amount: '98.00', currency: 'USD' },
        // 98 USD at 2500 USD per ETH (the price API's WETH), rounded down to 8 decimals.
        purchaseAmount: { amount: '0.03920000', currency: 'ETH' },
        networkFee: { amount: '0.00', currency: 'USD' },
        estimated: true,
      })
      expect(logs.join('\n')).toContain('on-ramp provider quote failed; answering an estimate')
      const usdcQuote = await quote(app, { purchaseCurrency: 'usdc-uuid', amount: '50' })
      expect(usdcQuote.json()).toMatchObject({
        purchaseAmount: { amount: '49.000000', currency: 'USDC' },
        estimated: true,
      })
      // EUR through the configured rate (1.25 USD per EUR): 98 EUR at 2000 EUR per ETH.
      const eur = await quote(app, { amount: '100', paymentCurrency: 'EUR' })
      expect(eur.json()).toEqual(
        estimateOnRampQuote({
          amount: '100',
          currency: 'EUR',
          purchaseSymbol: 'ETH',
          unitPrice: 2000,
          decimals: 18,
        }),
      )
      expect(eur.json()).toMatchObject({ purchaseAmount: { amount: '0.04900000' } })
    })

    it('estimates without a provider, by the built-in ids or symbols', async () => {
      const response = await quote(bare, { purchaseCurrency: 'USDC', amount: '10' })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        purchaseAmount: { amount: '9.800000', currency: 'USDC' },
        estimated: true,
      })
      // The provider's id when only the built-in list is at hand: matched by symbol.
      scripted.behaviour.options = 'fail'
      scripted.behaviour.quote = 'fail'
      const bySymbol = await quote(app, { purchaseCurrency: 'eth' })
      expect(bySymbol.json()).toMatchObject({
        purchaseAmount: { currency: 'ETH' },
        estimated: true,
      })
    })

    it('answers 503 rather than invent a price or an exchange rate', async () => {
      const eur = await quote(bare, { purchaseCurrency: 'ETH', paymentCurrency: 'EUR' })
      expect(eur.statusCode).toBe(503)
      expect(message(eur)).toBe(
        'The on-ramp provider could not quote, and this server has no EUR exchange rate to estimate one',
      )
      const sol = await quote(bare, { purchaseCurrency: 'SOL', network: localSolana })
      expect(sol.statusCode).toBe(503)
      expect(message(sol)).toBe(
        `The on-ramp provider could not quote, and this server has no price for SOL on ${localSolana} to estimate one`,
      )
      priceApi.setMode(500)
      try {
        await app.foyer.cache.delete(`prices:1:${weth.toLowerCase()}`)
        scripted.behaviour.quote = 'fail'
        const down = await quote(app, {})
        expect(down.statusCode).toBe(503)
        expect(message(down)).toContain('no price for ETH on eip155:1')
      } finally {
        priceApi.setMode('ok')
      }
      const unknown = await quote(bare, { purchaseCurrency: 'DOGE' })
      expect(unknown.statusCode).toBe(400)
      expect(unknown.json()).toMatchObject({
        field: 'purchaseCurrency',
        message: 'purchaseCurrency: DOGE is not offered on eip155:1',
      })
    })

    it("passes the provider's refusal on instead of estimating", async () => {
      scripted.behaviour.quote = 'refuse'
      const response = await quote(app, {})
      expect(response.statusCode).toBe(400)
      expect(message(response)).toBe(
        'The on-ramp provider refused the request: purchaseCurrency is not available in your region',
      )
    })

    it('takes the project from the body or the query, and refuses two different ones', async () => {
      const body = {
        projectId: devProjectId,
        purchaseCurrency: 'eth-uuid',
        paymentCurrency: 'USD',
        amount: '50',
        network: 'eip155:1',
      }
      const inBody = await app.inject({ method: 'POST', url: '/v1/onramp/quote', payload: body })
      expect(inBody.statusCode, inBody.body).toBe(200)
      const conflicting = await app.inject({
        method: 'POST',
        url: `/v1/onramp/quote?projectId=${otherProjectId}`,
        payload: body,
      })
      expect(conflicting.statusCode).toBe(400)
      expect(conflicting.json()).toMatchObject({ field: 'projectId' })
    })
  })

  describe('checkout URL', () => {
    it('answers 503 without a provider', async () => {
      const response = await onrampUrl(bare, {})
      expect(response.statusCode).toBe(503)
      expect(message(response)).toBe('On-ramp is not configured on this server')
    })

    it('hands the provider a ref scoped to the project, never the raw id', async () => {
      const mine = await onrampUrl(app, {
        defaultNetwork: 'eip155:1',
        presetFiatAmount: '50',
        fiatCurrency: 'USD',
        paymentMethod: 'card',
        defaultAsset: 'eth-uuid',
        quoteId: 'quote-7',
      })
      expect(mine.statusCode, mine.body).toBe(200)
      const theirs = await onrampUrl(app, {}, otherProjectId)
      expect(theirs.statusCode, theirs.body).toBe(200)
      const refs = scripted.calls.map((call) => call.parameters.providerUserRef)
      expect(refs).toEqual([
        providerUserRef(devProjectId, 'alice@example.com'),
        providerUserRef(otherProjectId, 'alice@example.com'),
      ])
      expect(refs[0]).not.toBe(refs[1])
      expect(mine.json()).toEqual({ url: `https://pay.test/buy?partnerUserId=${refs[0]}` })
      expect(JSON.stringify(scripted.calls)).not.toContain('alice')
      expect(scripted.calls[0]!.parameters).toEqual({
        destinationWallets: [{ address: evmWallet, blockchains: ['eip155:1'] }],
        defaultNetwork: 'eip155:1',
        providerUserRef: refs[0],
        presetCryptoAmount: undefined,
        presetFiatAmount: '50',
        fiatCurrency: 'USD',
        paymentMethod: 'card',
        defaultAsset: 'eth-uuid',
        quoteId: 'quote-7',
      })
    })

    it("answers the project's own origins only (projectId in the body)", async () => {
      const allowed = await app.inject({
        method: 'POST',
        url: '/v1/generators/onrampurl',
        headers: { origin: 'http://localhost:5173' },
        payload: {
          projectId: devProjectId,
          destinationWallets: [{ address: evmWallet, blockchains: ['eip155:1'] }],
          partnerUserId: 'alice@example.com',
        },
      })
      expect(allowed.statusCode, allowed.body).toBe(200)
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173')
      const foreign = await app.inject({
        method: 'POST',
        url: '/v1/generators/onrampurl',
        headers: { origin: 'https://evil.example' },
        payload: {
          projectId: devProjectId,
          destinationWallets: [{ address: evmWallet, blockchains: ['eip155:1'] }],
          partnerUserId: 'alice@example.com',
        },
      })
      expect(foreign.statusCode).toBe(403)
      expect(message(foreign)).toBe('Unauthorized: origin not allowed')
    })

    it('refuses addresses that do not belong to their networks', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { destinationWallets: [{ address: solanaWallet, blockchains: ['eip155:1'] }] },
          'destinationWallets.0.address',
        ],
        [
          { destinationWallets: [{ address: evmWallet, blockchains: [localSolana] }] },
          'destinationWallets.0.address',
        ],
        [
          { destinationWallets: [{ address: evmWallet, blockchains: ['cosmos:cosmoshub-4'] }] },
          'destinationWallets.0.blockchains.0',
        ],
        [
          { destinationWallets: [{ address: 'not-an-address', blockchains: ['eip155:1'] }] },
          'destinationWallets.0.address',
        ],
        [{ defaultNetwork: 'eip155:8453' }, 'defaultNetwork'],
        [{ destinationWallets: [] }, 'destinationWallets'],
      ]
      for (const [body, field] of cases) {
        for (const server of [app, bare]) {
          const response = await onrampUrl(server, body)
          expect(response.statusCode, JSON.stringify(body)).toBe(400)
          expect(response.json()).toMatchObject({ code: 'INVALID_INPUT', field })
        }
      }
      expect(scripted.calls).toEqual([])
    })

    it("answers the provider's failure as 502 and its refusal as 400", async () => {
      scripted.behaviour.createUrl = 'fail'
      const failed = await onrampUrl(app, {})
      expect(failed.statusCode).toBe(502)
      expect(message(failed)).toBe('The on-ramp provider did not answer')
      scripted.behaviour.createUrl = 'refuse'
      expect((await onrampUrl(app, {})).statusCode).toBe(400)
    })
  })

  describe('transactions', () => {
    const transactions = (server: FastifyInstance, projectId = devProjectId) =>
      server.inject({
        url: url('/v1/onramp/transactions', { projectId, partnerUserId: 'alice@example.com' }),
      })

    it("lists the visitor's transactions under the project's ref", async () => {
      const response = await transactions(app)
      expect(response.statusCode, response.body).toBe(200)
      expect(v.parse(getOnRampTransactionsResponse, response.json())).toEqual({
        transactions: [transaction],
      })
      await transactions(app, otherProjectId)
      expect(scripted.calls.map((call) => call.parameters)).toEqual([
        { providerUserRef: providerUserRef(devProjectId, 'alice@example.com') },
        { providerUserRef: providerUserRef(otherProjectId, 'alice@example.com') },
      ])
    })

    it('answers 502 when the provider fails, an empty list without a provider', async () => {
      scripted.behaviour.transactions = 'fail'
      const failed = await transactions(app)
      expect(failed.statusCode).toBe(502)
      expect(failed.json()).toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
        message: 'The on-ramp provider did not answer',
      })
      const none = await transactions(bare)
      expect(none.statusCode).toBe(200)
      expect(none.json()).toEqual({ transactions: [] })
      const missing = await bare.inject({ url: url('/v1/onramp/transactions') })
      expect(missing.statusCode).toBe(400)
      expect(missing.json()).toMatchObject({ field: 'partnerUserId' })
    })
  })

  describe('with the Coinbase provider', () => {
    const keyName = 'organizations/org/apiKeys/key'
    const secret = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'sec1', format: 'pem' })
      .toString()
    /** Everything the server sent to "Coinbase". */
    const sent: string[] = []
    let optionsStatus = 200
    const coinbaseFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const target = new URL(String(input))
      sent.push(`${init?.method ?? 'GET'} ${target} ${String(init?.body ?? '')}`)
      const json = (body: unknown, status = 200) => Response.json(body, { status })
      if (target.pathname === '/onramp/v1/buy/options')
        return optionsStatus === 200
          ? json({
              paymentCurrencies: [{ id: 'USD', limits: [{ id: 'CARD', min: '5', max: '500' }] }],
              purchaseCurrencies: [
                {
                  id: 'ETH',
                  name: 'Ethereum',
                  symbol: 'ETH',
                  networks: [
                    {
                      name: 'ethereum',
                      displayName: 'Ethereum',
                      chainId: '1',
                      contractAddress: '',
                    },
                  ],
                },
              ],
            })
          : json({ errorType: 'unauthorized', errorMessage: 'Unauthorized' }, optionsStatus)
      if (target.pathname === '/onramp/v1/token') return json({ token: 'session-1' })
      if (target.pathname.endsWith('/transactions')) return json({ transactions: [] })
      return json({ errorType: 'not_found', errorMessage: 'no such route' }, 404)
    }) as typeof fetch
    let coinbase: FastifyInstance

    beforeAll(async () => {
      coinbase = await build({
        onRamp: {
          coinbase: {
            apiKeyName: keyName,
            apiKeySecret: secret,
            apiUrl: 'http://coinbase.test',
            payUrl: 'http://pay.coinbase.test',
            fetch: coinbaseFetch,
          },
        },
      })
    })

    it('sends Coinbase only the scoped ref, and signs its checkout URL with it', async () => {
      const response = await onrampUrl(coinbase, { presetFiatAmount: '25' })
      expect(response.statusCode, response.body).toBe(200)
      const checkout = new URL(response.json<{ url: string }>().url)
      expect(checkout.origin).toBe('http://pay.coinbase.test')
      expect(checkout.searchParams.get('partnerUserId')).toBe(
        providerUserRef(devProjectId, 'alice@example.com'),
      )
      expect(checkout.searchParams.get('sessionToken')).toBe('session-1')
      const listed = await coinbase.inject({
        url: url('/v1/onramp/transactions', { partnerUserId: 'alice@example.com' }),
      })
      expect(listed.json()).toEqual({ transactions: [] })
      expect(
        sent.some((line) => line.includes(providerUserRef(devProjectId, 'alice@example.com'))),
      ).toBe(true)
      expect(sent.join('\n')).not.toMatch(/alice|example\.com/)
    })

    it('answers the provider name and mapped limits, and logs a failure without the key or JWT', async () => {
      const answer: GetOnRampOptionsResponse = await options(coinbase)
      expect(answer).toMatchObject({ source: 'provider', providerName: 'Coinbase' })
      expect(answer.paymentCurrencies).toEqual([
        {
          id: 'USD',
          name: 'US Dollar',
          symbol: '$',
          limits: [{ id: 'card', min: '5.00', max: '500.00' }],
        },
      ])
      optionsStatus = 401
      try {
        const fallback = await options(coinbase, { network: 'eip155:1' })
        expect(fallback.source).toBe('fallback')
      } finally {
        optionsStatus = 200
      }
      const logged = logs.join('\n')
      expect(logged).toContain('answered HTTP 401 (unauthorized)')
      expect(logged).not.toContain(secret.split('\n')[1]!)
      expect(logged).not.toMatch(/Bearer|eyJ/)
    })
  })
})

describe('on-ramp configuration', () => {
  const secret = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .privateKey.export({ type: 'sec1', format: 'pem' })
    .toString()

  it('enables Coinbase with both key variables, with its URLs, name and networks', () => {
    expect(readServerOptions({}).onRamp).toBeUndefined()
    const { onRamp } = readServerOptions({
      FOYER_ONRAMP_API_KEY_NAME: 'organizations/o/apiKeys/k',
      FOYER_ONRAMP_API_KEY_SECRET: secret.replace(/\n/g, '\\n'),
      FOYER_ONRAMP_API_URL: 'http://127.0.0.1:4460',
      FOYER_ONRAMP_PAY_URL: 'http://127.0.0.1:4461',
      FOYER_ONRAMP_PROVIDER_NAME: 'Foyer Sandbox',
      FOYER_ONRAMP_NETWORKS: `solana=${localSolana}, Foyer-Devnet-A=eip155:31337`,
      FOYER_ONRAMP_EUR_USD: '1.08',
    })
    expect(onRamp).toEqual({
      coinbase: {
        apiKeyName: 'organizations/o/apiKeys/k',
        apiKeySecret: secret.replace(/\n/g, '\\n').trim(),
        apiUrl: 'http://127.0.0.1:4460',
        payUrl: 'http://127.0.0.1:4461',
        name: 'Foyer Sandbox',
        networks: { solana: localSolana, 'foyer-devnet-a': 'eip155:31337' },
      },
      eurUsdRate: 1.08,
    })
    expect(readServerOptions({ FOYER_ONRAMP_EUR_USD: '0.92' }).onRamp).toEqual({ eurUsdRate: 0.92 })
  })

  it('refuses half a key, a bad key, bad URLs, networks and rates', () => {
    const key = { FOYER_ONRAMP_API_KEY_NAME: 'k', FOYER_ONRAMP_API_KEY_SECRET: secret }
    const refused: Record<string, string>[] = [
      { FOYER_ONRAMP_API_KEY_NAME: 'k' },
      { FOYER_ONRAMP_API_KEY_SECRET: secret },
      { ...key, FOYER_ONRAMP_API_KEY_SECRET: 'not a key' },
      { ...key, FOYER_ONRAMP_API_URL: 'ftp://example.com' },
      { ...key, FOYER_ONRAMP_PAY_URL: 'pay.coinbase.com' },
      { ...key, FOYER_ONRAMP_NETWORKS: 'solana' },
      { ...key, FOYER_ONRAMP_NETWORKS: 'solana=mainnet' },
      { ...key, FOYER_ONRAMP_NETWORKS: 'base=eip155:8453,Base=eip155:84532' },
      { FOYER_ONRAMP_EUR_USD: '0' },
      { FOYER_ONRAMP_EUR_USD: '-1.1' },
      { FOYER_ONRAMP_EUR_USD: 'one' },
    ]
    for (const env of refused) {
      let thrown: unknown
      try {
        readServerOptions(env)
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(Object.keys(env))).toBeInstanceOf(ConfigError)
      expect((thrown as Error).message).not.toContain(secret.split('\n')[1]!)
    }
  })
})
