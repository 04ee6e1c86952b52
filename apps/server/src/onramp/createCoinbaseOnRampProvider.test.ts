import { generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, jwtVerify } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCoinbaseOnRampProvider, toFiatBound } from './createCoinbaseOnRampProvider.ts'
import {
  OnRampApiError,
  OnRampNetworkNotSupportedError,
  OnRampProviderRefusedError,
} from './errors.ts'

const keyName = 'organizations/org-1/apiKeys/key-1'
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
const secret = privateKey.export({ type: 'sec1', format: 'pem' }).toString()
const localSolana = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const usdcOnBase = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
const evmWallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const solanaWallet = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

/** An options answer in Coinbase's shape, with entries the mapping must drop. */
const optionsAnswer = {
  paymentCurrencies: [
    {
      id: 'USD',
      limits: [
        { id: 'CARD', min: '10', max: '7500' },
        { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
        { id: 'APPLE_PAY', min: '1', max: '500' },
      ],
    },
    { id: 'EUR', limits: [{ id: 'CARD', min: '5.001', max: '1000.999' }] },
    { id: 'GBP', limits: [{ id: 'CARD', min: '10', max: '5000' }] },
    { id: 'CAD', limits: [] },
  ],
  purchaseCurrencies: [
    {
      id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      name: 'Ethereum',
      symbol: 'ETH',
      iconUrl: 'https://example.com/eth.png',
      networks: [
        { name: 'ethereum', displayName: 'Ethereum', chainId: '1', contractAddress: '' },
        { name: 'base', displayName: 'Base', chainId: '8453', contractAddress: '' },
        {
          name: 'foyer-devnet-a',
          displayName: 'Foyer Devnet A',
          chainId: '31337',
          contractAddress: '',
        },
      ],
    },
    {
      id: '2b92315d-eab7-5bef-84fa-089a131333f5',
      name: 'USD Coin',
      symbol: 'USDC',
      networks: [
        { name: 'base', displayName: 'Base', chainId: '8453', contractAddress: usdcOnBase },
        { name: 'noble', displayName: 'Noble', chainId: '', contractAddress: 'uusdc' },
      ],
    },
    {
      id: 'SOL',
      name: 'Solana',
      symbol: 'SOL',
      networks: [{ name: 'solana', displayName: 'Solana', chainId: '', contractAddress: '' }],
    },
    {
      id: 'BTC',
      name: 'Bitcoin',
      symbol: 'BTC',
      networks: [{ name: 'bitcoin', displayName: 'Bitcoin', chainId: '', contractAddress: '' }],
    },
    {
      id: 'not an id!',
      name: 'Odd',
      symbol: 'ODD',
      networks: [{ name: 'base', displayName: 'Base', chainId: '8453', contractAddress: '' }],
    },
  ],
}

const quoteAnswer = {
  paymentTotal: { value: '100.00', currency: 'USD' },
  paymentSubtotal: { value: '97.51', currency: 'USD' },
  purchaseAmount: { value: '0.031234', currency: 'ETH' },
  coinbaseFee: { value: '2.49', currency: 'USD' },
  networkFee: { value: '0.00', currency: 'USD' },
  quoteId: 'quote-1',
}

const transactionsAnswer = {
  transactions: [
    {
      transactionId: 'tx-old',
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      purchaseCurrency: 'ETH',
      purchaseNetwork: 'foyer-devnet-a',
      purchaseAmount: { value: '0.01', currency: 'ETH' },
      paymentTotal: { value: '35.00', currency: 'USD' },
      paymentMethod: 'CARD',
      walletAddress: evmWallet,
      txHash: '0xabc',
      createdAt: '2025-01-01T10:00:00Z',
      completedAt: '2025-01-01T10:02:00Z',
    },
    {
      transactionId: 'tx-new',
      status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      purchaseCurrency: 'USDC',
      purchaseNetwork: 'base',
      purchaseAmount: { value: '48.9', currency: 'USDC' },
      paymentTotal: { value: '50.00', currency: 'USD' },
      paymentMethod: 'ACH_BANK_ACCOUNT',
      walletAddress: evmWallet,
      txHash: '',
      createdAt: '2025-01-03T10:00:00Z',
      completedAt: '',
    },
    {
      transactionId: 'tx-created',
      status: 'ONRAMP_TRANSACTION_STATUS_CREATED',
      purchaseCurrency: 'SOL',
      purchaseNetwork: 'solana',
      purchaseAmount: { value: '1', currency: 'SOL' },
      paymentTotal: { value: '150.00', currency: 'USD' },
      paymentMethod: 'APPLE_PAY',
      walletAddress: solanaWallet,
      txHash: '',
      createdAt: '2025-01-02T10:00:00Z',
      completedAt: '',
    },
    {
      transactionId: 'tx-failed',
      status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
      purchaseCurrency: 'BTC',
      purchaseNetwork: 'bitcoin',
      purchaseAmount: { value: '0.001', currency: 'BTC' },
      paymentTotal: { value: '90.00', currency: 'USD' },
      paymentMethod: 'CARD',
      walletAddress: 'bc1q…',
      txHash: '',
      createdAt: '2024-12-31T10:00:00Z',
      completedAt: '2024-12-31T10:05:00Z',
    },
  ],
  nextPageKey: '',
  totalCount: '4',
}

type Answer = { status: number; body: unknown } | (() => Promise<Response>)
type Seen = {
  method: string
  url: URL
  authorization: string
  body: unknown
  signal: AbortSignal | undefined
}

/** Coinbase's API as an injected fetch: answers by `METHOD path`, records every request. */
function fakeCoinbase(answers: Record<string, Answer>) {
  const seen: Seen[] = []
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const headers = new Headers(init?.headers)
    seen.push({
      method: init?.method ?? 'GET',
      url,
      authorization: headers.get('authorization') ?? '',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init?.signal ?? undefined,
    })
    const path = url.pathname.replace(/^\/prefix/, '')
    const answer =
      answers[`${init?.method ?? 'GET'} ${path}`] ??
      (path.includes('/transactions') ? answers['GET transactions'] : undefined)
    if (!answer)
      return Response.json({ errorType: 'not_found', errorMessage: path }, { status: 404 })
    if (typeof answer === 'function') return answer()
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  return { fetch: fakeFetch, seen }
}

const standardAnswers = (): Record<string, Answer> => ({
  'GET /onramp/v1/buy/options': { status: 200, body: optionsAnswer },
  'POST /onramp/v1/buy/quote': { status: 200, body: quoteAnswer },
  'POST /onramp/v1/token': { status: 200, body: { token: 'session-token-1' } },
  'GET transactions': { status: 200, body: transactionsAnswer },
})

function provider(answers: Record<string, Answer> = standardAnswers(), extra = {}) {
  const api = fakeCoinbase(answers)
  return {
    api,
    provider: createCoinbaseOnRampProvider({
      apiKeyName: keyName,
      apiKeySecret: secret,
      apiUrl: 'http://127.0.0.1:8123',
      payUrl: 'http://127.0.0.1:8124/',
      networks: { solana: localSolana },
      fetch: api.fetch,
      ...extra,
    }),
  }
}

const quoteRequest = {
  purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
  paymentCurrency: 'USD' as const,
  amount: '100',
  network: 'eip155:8453',
  paymentMethod: 'card' as const,
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Coinbase on-ramp provider: authentication', () => {
  it('signs every call with its own ES256 JWT whose uri is the method, host:port and path', async () => {
    const { api, provider: p } = provider(standardAnswers(), {
      apiUrl: 'http://127.0.0.1:8123/prefix/',
    })
    await p.options({})
    await p.quote(quoteRequest)
    await p.createUrl({
      destinationWallets: [{ address: evmWallet, blockchains: ['eip155:8453'] }],
      providerUserRef: 'ref-1',
    })
    await p.transactions({ providerUserRef: 'ref-1' })
    expect(api.seen.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /prefix/onramp/v1/buy/options',
      'POST /prefix/onramp/v1/buy/quote',
      'POST /prefix/onramp/v1/token',
      'GET /prefix/onramp/v1/buy/user/ref-1/transactions',
    ])
    const nonces = new Set<unknown>()
    for (const request of api.seen) {
      expect(request.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
      const jwt = request.authorization.slice('Bearer '.length)
      const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
        algorithms: ['ES256'],
        issuer: 'cdp',
        subject: keyName,
      })
      expect(protectedHeader).toEqual({
        alg: 'ES256',
        kid: keyName,
        typ: 'JWT',
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      // Exactly the method, the host with its port and the path: no scheme, no query.
      expect(payload.uri).toBe(`${request.method} 127.0.0.1:8123${request.url.pathname}`)
      expect(payload.exp! - payload.nbf!).toBe(120)
      expect(Math.abs(payload.nbf! - Date.now() / 1000)).toBeLessThan(5)
      nonces.add(protectedHeader.nonce)
    }
    expect(nonces.size).toBe(4)
    expect(api.seen[0]!.url.search).toBe('?country=US')
    expect(api.seen[3]!.url.search).toBe('?pageSize=20')
  })

  it("signs the default API's host without a port", async () => {
    const { api, provider: p } = provider(standardAnswers(), { apiUrl: undefined })
    await p.options({})
    expect(api.seen[0]!.url.origin).toBe('https://api.developer.coinbase.com')
    const jwt = api.seen[0]!.authorization.slice('Bearer '.length)
    const { payload } = await jwtVerify(jwt, publicKey)
    expect(payload.uri).toBe('GET api.developer.coinbase.com/onramp/v1/buy/options')
  })

  it('signs with EdDSA when the secret is an Ed25519 one', async () => {
    const ed = generateKeyPairSync('ed25519')
    const jwk = ed.privateKey.export({ format: 'jwk' })
    const edSecret = Buffer.concat([
      Buffer.from(jwk.d!, 'base64url'),
      Buffer.from(jwk.x!, 'base64url'),
    ]).toString('base64')
    const { api, provider: p } = provider(standardAnswers(), { apiKeySecret: edSecret })
    await p.options({})
    const jwt = api.seen[0]!.authorization.slice('Bearer '.length)
    expect(decodeProtectedHeader(jwt).alg).toBe('EdDSA')
    await expect(jwtVerify(jwt, ed.publicKey)).resolves.toMatchObject({
      payload: { uri: 'GET 127.0.0.1:8123/onramp/v1/buy/options' },
    })
  })
})

describe('Coinbase on-ramp provider: mapping', () => {
  it('maps options: USD/EUR only, card and bank limits to 2 decimals, networks to CAIP-2', async () => {
    const { provider: p } = provider()
    expect(await p.options({})).toEqual({
      paymentCurrencies: [
        {
          id: 'USD',
          name: 'US Dollar',
          symbol: '$',
          limits: [
            { id: 'card', min: '10.00', max: '7500.00' },
            { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
          ],
        },
        // Rounded toward the inside of the limit.
        {
          id: 'EUR',
          name: 'Euro',
          symbol: '€',
          limits: [{ id: 'card', min: '5.01', max: '1000.99' }],
        },
      ],
      purchaseCurrencies: [
        {
          id: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
          name: 'Ethereum',
          symbol: 'ETH',
          networks: [
            { caipNetworkId: 'eip155:1', name: 'Ethereum' },
            { caipNetworkId: 'eip155:8453', name: 'Base' },
            { caipNetworkId: 'eip155:31337', name: 'Foyer Devnet A' },
          ],
        },
        {
          id: '2b92315d-eab7-5bef-84fa-089a131333f5',
          name: 'USD Coin',
          symbol: 'USDC',
          networks: [{ caipNetworkId: 'eip155:8453', name: 'Base', tokenAddress: usdcOnBase }],
        },
        // The configured name replaces the built-in mainnet id.
        {
          id: 'SOL',
          name: 'Solana',
          symbol: 'SOL',
          networks: [{ caipNetworkId: localSolana, name: 'Solana' }],
        },
      ],
    })
  })

  it('maps solana to mainnet without a configured name, and filters by network', async () => {
    const { provider: p } = provider(standardAnswers(), { networks: undefined })
    const all = await p.options({})
    expect(all.purchaseCurrencies.find((c) => c.symbol === 'SOL')?.networks).toEqual([
      { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' },
    ])
    const onBase = await p.options({ network: 'eip155:8453' })
    expect(onBase.purchaseCurrencies.map((c) => [c.symbol, c.networks])).toEqual([
      ['ETH', [{ caipNetworkId: 'eip155:8453', name: 'Base' }]],
      ['USDC', [{ caipNetworkId: 'eip155:8453', name: 'Base', tokenAddress: usdcOnBase }]],
    ])
    expect(onBase.paymentCurrencies).toEqual(all.paymentCurrencies)
  })

  it('quotes with Coinbase names and methods, and maps the answer', async () => {
    const { api, provider: p } = provider()
    expect(await p.quote(quoteRequest)).toEqual({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: '97.51', currency: 'USD' },
      purchaseAmount: { amount: '0.031234', currency: 'ETH' },
      providerFee: { amount: '2.49', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      quoteId: 'quote-1',
    })
    expect(api.seen.map((r) => r.url.pathname)).toEqual(['/onramp/v1/buy/quote'])
    expect(api.seen[0]!.body).toEqual({
      purchaseCurrency: 'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4',
      purchaseNetwork: 'base',
      paymentAmount: '100.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
    })
    await p.quote({ ...quoteRequest, paymentMethod: 'ach_bank_account', amount: '25.5' })
    expect(api.seen[1]!.body).toMatchObject({
      paymentMethod: 'ACH_BANK_ACCOUNT',
      paymentAmount: '25.50',
    })
  })

  it("learns a devnet's name from the options before quoting on it, once", async () => {
    const { api, provider: p } = provider()
    await p.quote({ ...quoteRequest, network: 'eip155:31337' })
    await p.quote({ ...quoteRequest, network: 'eip155:31337' })
    expect(api.seen.map((r) => r.url.pathname)).toEqual([
      '/onramp/v1/buy/options',
      '/onramp/v1/buy/quote',
      '/onramp/v1/buy/quote',
    ])
    expect(api.seen[1]!.body).toMatchObject({ purchaseNetwork: 'foyer-devnet-a' })
    // A network nobody names is refused, and reloading the options is not tried again at once.
    await expect(p.quote({ ...quoteRequest, network: 'eip155:999' })).rejects.toBeInstanceOf(
      OnRampNetworkNotSupportedError,
    )
    expect(api.seen).toHaveLength(3)
  })

  it('creates a session token and the checkout URL with only the parameters given', async () => {
    const { api, provider: p } = provider()
    const url = await p.createUrl({
      destinationWallets: [
        { address: evmWallet, blockchains: ['eip155:8453', 'eip155:1'], assets: ['USDC'] },
        { address: solanaWallet, blockchains: [localSolana], assets: ['SOL', 'USDC'] },
      ],
      defaultNetwork: 'eip155:8453',
      providerUserRef: 'scoped-ref',
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      paymentMethod: 'ach_bank_account',
      defaultAsset: 'USDC',
      quoteId: 'quote-1',
    })
    expect(api.seen[0]!.body).toEqual({
      addresses: [
        { address: evmWallet, blockchains: ['base', 'ethereum'] },
        { address: solanaWallet, blockchains: ['solana'] },
      ],
      assets: ['USDC', 'SOL'],
    })
    const parsed = new URL(url)
    expect(`${parsed.origin}${parsed.pathname}`).toBe('http://127.0.0.1:8124/buy/select-asset')
    expect([...parsed.searchParams]).toEqual([
      ['sessionToken', 'session-token-1'],
      ['defaultNetwork', 'base'],
      ['defaultAsset', 'USDC'],
      ['presetFiatAmount', '50'],
      ['fiatCurrency', 'USD'],
      ['defaultPaymentMethod', 'ACH_BANK_ACCOUNT'],
      ['partnerUserId', 'scoped-ref'],
      ['quoteId', 'quote-1'],
      ['defaultExperience', 'buy'],
    ])

    // A wallet without assets may receive any: no asset list then.
    const minimal = await p.createUrl({
      destinationWallets: [
        { address: evmWallet, blockchains: ['eip155:8453'], assets: ['USDC'] },
        { address: solanaWallet, blockchains: [localSolana] },
      ],
      providerUserRef: 'scoped-ref',
      presetCryptoAmount: '0.5',
    })
    expect(api.seen[1]!.body).not.toHaveProperty('assets')
    expect([...new URL(minimal).searchParams.keys()]).toEqual([
      'sessionToken',
      'presetCryptoAmount',
      'partnerUserId',
      'defaultExperience',
    ])
  })

  it('maps transactions: statuses, networks by name, empty strings left out, newest first', async () => {
    const { api, provider: p } = provider()
    const transactions = await p.transactions({ providerUserRef: 'a/b' })
    // The devnet's name was learned from the options (loaded once for it).
    expect(api.seen.map((r) => r.url.pathname)).toEqual([
      '/onramp/v1/buy/user/a%2Fb/transactions',
      '/onramp/v1/buy/options',
    ])
    expect(transactions).toEqual([
      {
        id: 'tx-new',
        status: 'pending',
        purchaseAmount: { amount: '48.9', currency: 'USDC' },
        paymentTotal: { amount: '50.00', currency: 'USD' },
        paymentMethod: 'ach_bank_account',
        network: 'eip155:8453',
        address: evmWallet,
        createdAt: '2025-01-03T10:00:00Z',
      },
      {
        id: 'tx-created',
        status: 'pending',
        purchaseAmount: { amount: '1', currency: 'SOL' },
        paymentTotal: { amount: '150.00', currency: 'USD' },
        network: localSolana,
        address: solanaWallet,
        createdAt: '2025-01-02T10:00:00Z',
      },
      {
        id: 'tx-old',
        status: 'success',
        purchaseAmount: { amount: '0.01', currency: 'ETH' },
        paymentTotal: { amount: '35.00', currency: 'USD' },
        paymentMethod: 'card',
        network: 'eip155:31337',
        address: evmWallet,
        transactionHash: '0xabc',
        createdAt: '2025-01-01T10:00:00Z',
        completedAt: '2025-01-01T10:02:00Z',
      },
      {
        id: 'tx-failed',
        status: 'failed',
        purchaseAmount: { amount: '0.001', currency: 'BTC' },
        paymentTotal: { amount: '90.00', currency: 'USD' },
        paymentMethod: 'card',
        address: 'bc1q…',
        createdAt: '2024-12-31T10:00:00Z',
        completedAt: '2024-12-31T10:05:00Z',
      },
    ])
  })

  it('rounds limits toward their inside', () => {
    expect(toFiatBound('10', 'up')).toBe('10.00')
    expect(toFiatBound('10.5', 'up')).toBe('10.50')
    expect(toFiatBound('10.001', 'up')).toBe('10.01')
    expect(toFiatBound('10.000', 'up')).toBe('10.00')
    expect(toFiatBound('7500.999', 'down')).toBe('7500.99')
    expect(toFiatBound('0.1', 'down')).toBe('0.10')
  })
})

describe('Coinbase on-ramp provider: errors', () => {
  const failing = (path: string, answer: Answer) =>
    provider({ ...standardAnswers(), [path]: answer }).provider

  it('passes a refusal of a quote or checkout on with its message', async () => {
    const refusal = {
      status: 400,
      body: { errorType: 'invalid_request', errorMessage: 'paymentAmount is below the minimum' },
    }
    const quote = failing('POST /onramp/v1/buy/quote', refusal).quote(quoteRequest)
    await expect(quote).rejects.toBeInstanceOf(OnRampProviderRefusedError)
    await expect(quote).rejects.toMatchObject({
      statusCode: 400,
      errorType: 'invalid_request',
      shortMessage: 'The on-ramp provider refused the request: paymentAmount is below the minimum',
    })
    const url = failing('POST /onramp/v1/token', refusal).createUrl({
      destinationWallets: [{ address: evmWallet, blockchains: ['eip155:8453'] }],
      providerUserRef: 'r',
    })
    await expect(url).rejects.toBeInstanceOf(OnRampProviderRefusedError)
  })

  it("answers the provider's own failures as OnRampApiError (502)", async () => {
    const cases: [string, Answer][] = [
      [
        'POST /onramp/v1/buy/quote',
        { status: 401, body: { errorType: 'unauthorized', errorMessage: 'bad jwt' } },
      ],
      ['POST /onramp/v1/buy/quote', { status: 429, body: { errorType: 'rate_limited' } }],
      [
        'POST /onramp/v1/buy/quote',
        async () => new Response('<html>Bad gateway</html>', { status: 502 }),
      ],
      ['POST /onramp/v1/buy/quote', { status: 200, body: { paymentTotal: { value: 'a lot' } } }],
      [
        'POST /onramp/v1/buy/quote',
        async () => {
          throw new TypeError('fetch failed')
        },
      ],
    ]
    for (const [path, answer] of cases) {
      const quote = failing(path, answer).quote(quoteRequest)
      await expect(quote).rejects.toBeInstanceOf(OnRampApiError)
      await expect(quote).rejects.toMatchObject({ statusCode: 502 })
    }
    await expect(
      failing('POST /onramp/v1/buy/quote', {
        status: 401,
        body: { errorType: 'unauthorized', errorMessage: 'bad jwt' },
      }).quote(quoteRequest),
    ).rejects.toMatchObject({ status: 401, errorType: 'unauthorized' })
    // Inputs of options and transactions are this server's: a 4xx there is no refusal.
    await expect(
      failing('GET transactions', {
        status: 400,
        body: { errorType: 'invalid_request' },
      }).transactions({
        providerUserRef: 'r',
      }),
    ).rejects.toBeInstanceOf(OnRampApiError)
    await expect(
      failing('GET /onramp/v1/buy/options', {
        status: 400,
        body: { errorType: 'invalid_request' },
      }).options({}),
    ).rejects.toBeInstanceOf(OnRampApiError)
  })

  it('gives up after the timeout (5 s by default)', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    // Like a real fetch that gets no answer: it rejects only when its signal aborts.
    const hanging = (async (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })) as typeof fetch
    const p = createCoinbaseOnRampProvider({
      apiKeyName: keyName,
      apiKeySecret: secret,
      timeoutMs: 50,
      fetch: hanging,
    })
    const started = Date.now()
    const error = await p.options({}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OnRampApiError)
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(timeout).toHaveBeenLastCalledWith(50)
    await provider().provider.options({})
    expect(timeout).toHaveBeenLastCalledWith(5_000)
  })

  it('never puts the key or the JWT into an error', async () => {
    const { api, provider: p } = provider({
      'GET /onramp/v1/buy/options': { status: 401, body: { errorType: 'unauthorized' } },
    })
    const error = await p.options({}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(OnRampApiError)
    const jwt = api.seen[0]!.authorization.slice('Bearer '.length)
    const text = JSON.stringify({
      message: (error as Error).message,
      details: (error as OnRampApiError).details,
      stack: (error as Error).stack,
      own: { ...(error as object) },
    })
    expect(text).toContain('127.0.0.1:8123/onramp/v1/buy/options answered HTTP 401 (unauthorized)')
    expect(text).not.toContain(jwt)
    expect(text).not.toContain(secret.split('\n')[1]!)
  })
})
