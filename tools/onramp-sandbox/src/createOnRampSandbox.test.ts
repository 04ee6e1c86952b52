import { type Devnet, erc20Abi, startDevnet } from '@foyer/devnet'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { createPublicClient, http, type PublicClient, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { signCdpJwt } from './cdpJwt.ts'
import {
  type CreateOnRampSandboxParameters,
  type CreateOnRampSandboxReturnType,
  createOnRampSandbox,
  onRampSandboxLifetimes,
} from './createOnRampSandbox.ts'
import { createOnRampSandboxKey } from './createOnRampSandboxKey.ts'
import { coinbaseUsdcId, currencyId } from './currencies.ts'
import { InvalidOnRampSandboxParametersError, OnRampSandboxListenError } from './errors.ts'
import { onRampSandboxFromDevnet } from './fromDevnet.ts'
import type { SandboxTransaction } from './types.ts'

const key = createOnRampSandboxKey('organizations/foyer/apiKeys/sandbox-test')
let devnet: Devnet
let stopDevnet: () => Promise<void>
let sandbox: CreateOnRampSandboxReturnType
let parameters: CreateOnRampSandboxParameters
let chain: PublicClient

beforeAll(async () => {
  const started = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], solana: { port: 0 } })
  devnet = started.devnet
  stopDevnet = started.stop
  parameters = {
    port: 0,
    apiKey: { name: key.name, publicKeyPem: key.publicKeyPem },
    ...onRampSandboxFromDevnet(devnet),
    // Long enough to see IN_PROGRESS right after paying, short enough for the tests.
    deliveryDelayMs: 300,
  }
  sandbox = await createOnRampSandbox(parameters)
  chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) }) as PublicClient
})

afterAll(async () => {
  await sandbox?.close()
  await stopDevnet?.()
})

type Answer = { status: number; body: Record<string, unknown> }

/** Calls the API with a fresh JWT for exactly this request, as the Foyer server does. */
async function api(
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body?: unknown,
  jwt?: (path: string) => Promise<string | undefined>,
  target = sandbox,
): Promise<Answer> {
  const url = new URL(pathAndQuery, target.url)
  const token = jwt
    ? await jwt(url.pathname)
    : await signCdpJwt({
        apiKeyName: key.name,
        privateKeyPem: key.privateKeyPem,
        method,
        host: url.host,
        path: url.pathname,
      })
  const response = await fetch(url, {
    method,
    headers: {
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const host = () => new URL(sandbox.url).host

async function sessionToken(body: unknown): Promise<string> {
  const answer = await api('POST', '/onramp/v1/token', body)
  expect(answer.status).toBe(200)
  expect(answer.body.channelId).toBe('')
  return answer.body.token as string
}

const freshEvmAddress = () => privateKeyToAccount(generatePrivateKey()).address

type Page = { status: number; html: string; location: string | null; headers: Headers }

async function get(pathAndQuery: string): Promise<Page> {
  const response = await fetch(new URL(pathAndQuery, sandbox.url), { redirect: 'manual' })
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    headers: response.headers,
  }
}

/** Posts the form as a browser would: its hidden fields, then what the visitor filled in. */
async function submit(html: string, fields: Record<string, string>): Promise<Page> {
  const form = new URLSearchParams()
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(match[1]!, unescapeHtml(match[2]!))
  }
  const amount = /<input id="amount" name="amount"[^>]* value="([^"]*)"/.exec(html)?.[1]
  form.set('amount', unescapeHtml(amount ?? ''))
  form.set('currency', /<option value="(\w+)" selected>/.exec(html)?.[1] ?? 'USD')
  form.set('paymentMethod', /name="paymentMethod" value="(\w+)" checked/.exec(html)?.[1] ?? '')
  form.set('action', 'pay')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  const response = await fetch(new URL('/buy/checkout', sandbox.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  })
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    headers: response.headers,
  }
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

const testCard = {
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12/39',
  cardCvc: '123',
  cardName: 'Alice Devnet',
}

async function transactionsOf(partnerUserId: string, query = ''): Promise<Answer> {
  const answer = await api(
    'GET',
    `/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions${query}`,
  )
  expect(answer.status).toBe(200)
  return answer
}

async function waitForCompletion(partnerUserId: string): Promise<SandboxTransaction> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const { body } = await transactionsOf(partnerUserId)
    const [latest] = body.transactions as SandboxTransaction[]
    if (latest && latest.status !== 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') return latest
    if (Date.now() > deadline) throw new Error(`still in progress: ${JSON.stringify(latest)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('CDP API key JWTs', () => {
  const options = '/onramp/v1/buy/options?country=US'

  it('answers a request with a valid JWT', async () => {
    expect((await api('GET', options)).status).toBe(200)
  })

  it.each([
    ['missing', async () => undefined, /Missing "Authorization: Bearer <JWT>" header/],
    [
      'expired',
      (path: string) =>
        signCdpJwt({
          apiKeyName: key.name,
          privateKeyPem: key.privateKeyPem,
          method: 'GET',
          host: host(),
          path,
          now: Math.floor(Date.now() / 1000) - 600,
        }),
      /The JWT has expired/,
    ],
    [
      'signed by another key',
      (path: string) =>
        signCdpJwt({
          apiKeyName: key.name,
          privateKeyPem: createOnRampSandboxKey(key.name).privateKeyPem,
          method: 'GET',
          host: host(),
          path,
        }),
      /signature does not verify/,
    ],
    [
      'made for another uri',
      () =>
        signCdpJwt({
          apiKeyName: key.name,
          privateKeyPem: key.privateKeyPem,
          method: 'POST',
          host: host(),
          path: '/onramp/v1/buy/quote',
        }),
      /is not this request/,
    ],
    [
      'made for another host',
      (path: string) =>
        signCdpJwt({
          apiKeyName: key.name,
          privateKeyPem: key.privateKeyPem,
          method: 'GET',
          host: 'api.developer.coinbase.com',
          path,
        }),
      /is not this request/,
    ],
  ])('refuses a JWT %s with 401', async (_, jwt, message) => {
    const answer = await api('GET', options, undefined, jwt)
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual({ errorType: 'unauthorized', errorMessage: expect.any(String) })
    expect(answer.body.errorMessage).toMatch(message)
  })

  it('refuses bodies over 64 KiB with 413 and a body that is no JSON object with 400', async () => {
    const big = await api('POST', '/onramp/v1/token', { padding: 'x'.repeat(70_000) })
    expect(big).toMatchObject({ status: 413, body: { errorType: 'invalid_request' } })
    const list = await api('POST', '/onramp/v1/token', [1, 2])
    expect(list).toMatchObject({
      status: 400,
      body: { errorType: 'invalid_request', errorMessage: 'The body must be a JSON object' },
    })
  })

  it('answers unknown API routes with 404 not_found', async () => {
    const answer = await api('GET', '/onramp/v1/nothing')
    expect(answer).toMatchObject({ status: 404, body: { errorType: 'not_found' } })
  })
})

describe('GET /onramp/v1/buy/options', () => {
  it('lists USD and EUR with the limits, and every currency on each network that sells it', async () => {
    const { status, body } = await api('GET', '/onramp/v1/buy/options?country=US')
    expect(status).toBe(200)
    const limits = [
      { id: 'CARD', min: '10', max: '7500' },
      { id: 'ACH_BANK_ACCOUNT', min: '10', max: '25000' },
    ]
    expect(body.paymentCurrencies).toEqual([
      { id: 'USD', limits },
      { id: 'EUR', limits },
    ])
    const currencies = body.purchaseCurrencies as {
      id: string
      symbol: string
      networks: Record<string, string>[]
    }[]
    expect(currencies.map((currency) => currency.symbol)).toEqual(['ETH', 'USDC', 'DAI', 'SOL'])
    const usdc = currencies.find((currency) => currency.symbol === 'USDC')!
    expect(usdc.id).toBe(coinbaseUsdcId)
    expect(usdc.networks).toEqual([
      {
        name: 'foyer-devnet-a',
        displayName: 'Foyer Devnet A',
        chainId: '31337',
        contractAddress: devnet.chains[0]!.contracts.usdc,
      },
      {
        name: 'foyer-solana-local',
        displayName: 'Solana Localnet',
        chainId: '',
        contractAddress: devnet.solana!.tokens[0]!.address,
      },
    ])
    expect(currencies[0]).toMatchObject({
      id: currencyId('ETH'),
      networks: [{ name: 'foyer-devnet-a', chainId: '31337', contractAddress: '' }],
    })
  })

  it('keeps to the networks asked for, and requires the country', async () => {
    const { body } = await api(
      'GET',
      '/onramp/v1/buy/options?country=US&networks=foyer-solana-local',
    )
    const currencies = body.purchaseCurrencies as { symbol: string; networks: unknown[] }[]
    expect(currencies.map((currency) => [currency.symbol, currency.networks.length])).toEqual([
      ['USDC', 1],
      ['SOL', 1],
    ])
    const missing = await api('GET', '/onramp/v1/buy/options')
    expect(missing).toMatchObject({
      status: 400,
      body: { errorType: 'invalid_request', errorMessage: expect.stringMatching(/country/) },
    })
  })
})

describe('POST /onramp/v1/buy/quote', () => {
  const quote = (body: Record<string, unknown>) =>
    api('POST', '/onramp/v1/buy/quote', {
      purchaseCurrency: coinbaseUsdcId,
      purchaseNetwork: 'foyer-devnet-a',
      paymentAmount: '50.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
      ...body,
    })
  const cents = (amount: unknown) => Math.round(Number((amount as { value: string }).value) * 100)

  it('takes 1.5 % by card and the network fee, and buys USDC 1:1 with the rest', async () => {
    const { status, body } = await quote({})
    expect(status).toBe(200)
    expect(body).toMatchObject({
      paymentTotal: { value: '50.00', currency: 'USD' },
      coinbaseFee: { value: '0.75', currency: 'USD' },
      networkFee: { currency: 'USD' },
      paymentSubtotal: { currency: 'USD' },
      purchaseAmount: { currency: 'USDC' },
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    // 65,000 gas at the devnet's gas price, at 3000 USD per ETH.
    const gasPrice = await chain.getGasPrice()
    const fee = Math.max(1, Math.ceil((Number(gasPrice * 65_000n) / 1e18) * 3000 * 100))
    expect(cents(body.networkFee)).toBe(fee)
    expect(cents(body.paymentSubtotal)).toBe(5000 - 75 - fee)
    expect((body.purchaseAmount as { value: string }).value).toBe(
      (body.paymentSubtotal as { value: string }).value.replace(/\.?0+$/, ''),
    )
  })

  it('takes 1 % by bank account, prices ETH from the Uniswap pool and rounds down to 8 places', async () => {
    const { status, body } = await quote({
      purchaseCurrency: 'ETH',
      paymentAmount: '100',
      paymentMethod: 'ACH_BANK_ACCOUNT',
    })
    expect(status).toBe(200)
    expect(body.coinbaseFee).toEqual({ value: '1.00', currency: 'USD' })
    const subtotal = cents(body.paymentSubtotal)
    const purchase = (body.purchaseAmount as { value: string }).value
    expect(purchase).toMatch(/^0\.\d{1,8}$/)
    // The pool holds 3,000,000 USDC and 1000 WETH: 3000 USD per ETH.
    const exact = subtotal / 100 / 3000
    // Rounded down: never above the exact amount (1e-12 absorbs the float division's own error,
    // e.g. 98.88 / 3000 = 0.032959999999999996 for a purchase of exactly 0.03296).
    expect(Number(purchase)).toBeLessThanOrEqual(exact + 1e-12)
    expect(exact - Number(purchase)).toBeLessThan(1e-8)
  })

  it('quotes in euros at eurUsd (1 EUR = 1.08 USD)', async () => {
    const { body } = await quote({ paymentCurrency: 'EUR', purchaseCurrency: 'USDC' })
    expect(body.paymentTotal).toEqual({ value: '50.00', currency: 'EUR' })
    const subtotal = cents(body.paymentSubtotal) / 100
    const purchase = Number((body.purchaseAmount as { value: string }).value)
    expect(purchase).toBeCloseTo(subtotal * 1.08, 5)
    expect(purchase).toBeLessThanOrEqual(subtotal * 1.08)
  })

  it.each([
    [{ paymentAmount: '9.99' }, 'The minimum amount for card payments is 10.00 USD.'],
    [{ paymentAmount: '7500.01' }, 'The maximum amount for card payments is 7500.00 USD.'],
    [
      { paymentAmount: '25000.01', paymentMethod: 'ACH_BANK_ACCOUNT', paymentCurrency: 'EUR' },
      'The maximum amount for bank account payments is 25000.00 EUR.',
    ],
    [{ paymentAmount: '5,00' }, 'paymentAmount must be an amount with at most 2 decimals'],
    [{ purchaseCurrency: 'BTC' }, 'Unknown purchaseCurrency "BTC"'],
    [{ purchaseCurrency: 'SOL' }, 'SOL is not sold on foyer-devnet-a'],
    [{ purchaseNetwork: 'base' }, 'Unknown purchaseNetwork "base"'],
    [{ paymentMethod: 'APPLE_PAY' }, 'paymentMethod must be CARD or ACH_BANK_ACCOUNT'],
    [{ paymentCurrency: 'GBP' }, 'paymentCurrency must be USD or EUR'],
  ])('refuses %j with 400', async (change, message) => {
    const { status, body } = await quote(change)
    expect(status).toBe(400)
    expect(body.errorType).toBe('invalid_request')
    expect(body.errorMessage).toContain(message)
  })

  it('accepts the limits themselves', async () => {
    expect((await quote({ paymentAmount: '10' })).status).toBe(200)
    expect((await quote({ paymentAmount: '7500.00' })).status).toBe(200)
  })
})

describe('POST /onramp/v1/token', () => {
  it.each([
    [{ addresses: [] }, 'addresses must list at least one'],
    [
      { addresses: [{ address: freshEvmAddress(), blockchains: ['base'] }] },
      'Unknown blockchain "base"',
    ],
    [
      { addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-solana-local'] }] },
      'is not a valid address on foyer-solana-local',
    ],
    [
      { addresses: [{ address: '0x1234', blockchains: ['foyer-devnet-a'] }] },
      'is not a valid address on foyer-devnet-a',
    ],
    [
      {
        addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-devnet-a'] }],
        assets: ['SOL'],
      },
      '"SOL" is not sold on any of the blockchains given',
    ],
  ])('refuses %j with 400', async (body, message) => {
    const answer = await api('POST', '/onramp/v1/token', body)
    expect(answer.status).toBe(400)
    expect(answer.body.errorMessage).toContain(message)
  })

  it('binds the checkout to its addresses, networks and assets', async () => {
    const wallet = freshEvmAddress()
    const token = await sessionToken({
      addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
      assets: ['USDC'],
    })
    const page = await get(`/buy/select-asset?sessionToken=${token}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain('<h1>Buy USDC on Foyer Devnet A</h1>')
    expect(page.html).toContain(wallet)
    const otherAsset = await get(`/buy/select-asset?sessionToken=${token}&defaultAsset=DAI`)
    expect(otherAsset.status).toBe(400)
    expect(otherAsset.html).toContain('This checkout cannot buy &quot;DAI&quot; on Foyer Devnet A.')
    const otherNetwork = await get(
      `/buy/select-asset?sessionToken=${token}&defaultNetwork=foyer-solana-local`,
    )
    expect(otherNetwork.status).toBe(400)
    expect(otherNetwork.html).toContain('cannot deliver on &quot;foyer-solana-local&quot;')
    // A form post cannot switch the asset either.
    const switched = await submit(
      page.html.replace('name="asset" value="USDC"', 'name="asset" value="DAI"'),
      testCard,
    )
    expect(switched.status).toBe(400)
    expect(sandbox.transactions().some((tx) => tx.walletAddress === wallet)).toBe(false)
  })

  it('opens a checkout within 5 minutes, and an opened one can be paid for 30', async () => {
    const body = { addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-devnet-a'] }] }
    const late = await sessionToken(body)
    const opened = await sessionToken(body)
    const page = await get(`/buy/select-asset?sessionToken=${opened}&partnerUserId=late-user`)
    // Only the clock moves: timers and sockets stay real.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + onRampSandboxLifetimes.sessionTokenMs + 1_000)
      expect((await get(`/buy/select-asset?sessionToken=${late}`)).status).toBe(401)
      expect((await submit(page.html, testCard)).status).toBe(303)
    } finally {
      vi.useRealTimers()
    }
    await waitForCompletion('late-user')
  })

  it('refuses a checkout without a known token', async () => {
    expect((await get('/buy/select-asset')).status).toBe(400)
    const unknown = await get('/buy/select-asset?sessionToken=nope')
    expect(unknown.status).toBe(401)
    expect(unknown.html).toContain('unknown or has expired')
  })
})

describe('checkout', () => {
  it('shows an accessible page with the purchase, the quote and the test details', async () => {
    const wallet = freshEvmAddress()
    const token = await sessionToken({
      addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
    })
    const page = await get(
      `/buy/select-asset?sessionToken=${token}&defaultNetwork=foyer-devnet-a&defaultAsset=${coinbaseUsdcId}&presetFiatAmount=50&fiatCurrency=USD&defaultPaymentMethod=CARD&partnerUserId=page-user`,
    )
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    const { html } = page
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<title>Foyer Sandbox checkout</title>')
    expect(html).toContain('<link rel="stylesheet" href="/buy/checkout.css">')
    expect(html).not.toMatch(/<script|style=|https?:\/\/(?!127)/)
    expect(html).toContain('<h1>Buy USDC on Foyer Devnet A</h1>')
    expect(html).toContain(`<code>${wallet}</code>`)
    for (const label of [
      'Card number',
      'Expiry (MM/YY)',
      'CVC',
      'Name on card',
      'Routing number',
      'Account number',
      'Card',
      'Bank account',
    ]) {
      expect(html).toMatch(
        new RegExp(`<label for="[\\w-]+">${label.replace(/[()]/g, '\\$&')}</label>`),
      )
    }
    expect(html).toMatch(
      /<input type="radio" id="method-card" name="paymentMethod" value="CARD" checked>/,
    )
    expect(html).toContain('value="50.00"')
    expect(html).toContain('<dt>Fee</dt><dd>$0.75</dd>')
    expect(html).toContain('>Pay $50.00</button>')
    expect(html).toContain('4242 4242 4242 4242')
    expect(html).toContain('routing number 110000000, account number 000123456789')
    const css = await fetch(new URL('/buy/checkout.css', sandbox.url))
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toContain(':has(#method-bank:checked)')
  })

  it('takes the test card, records IN_PROGRESS, then really delivers USDC: SUCCESS with the hash', async () => {
    const wallet = freshEvmAddress()
    const partnerUserId = `user-${wallet}`
    const quote = await api('POST', '/onramp/v1/buy/quote', {
      purchaseCurrency: coinbaseUsdcId,
      purchaseNetwork: 'foyer-devnet-a',
      paymentAmount: '50.00',
      paymentCurrency: 'USD',
      paymentMethod: 'CARD',
      country: 'US',
    })
    const token = await sessionToken({
      addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
      assets: [coinbaseUsdcId],
    })
    const page = await get(
      `/buy/select-asset?sessionToken=${token}&defaultNetwork=foyer-devnet-a&defaultAsset=${coinbaseUsdcId}&presetFiatAmount=50&fiatCurrency=USD&defaultPaymentMethod=CARD&partnerUserId=${encodeURIComponent(partnerUserId)}&quoteId=${quote.body.quoteId}`,
    )
    const purchase = (quote.body.purchaseAmount as { value: string }).value
    expect(page.html).toContain(`<dt>You receive</dt><dd>${purchase} USDC</dd>`)

    const paid = await submit(page.html, testCard)
    expect(paid.status).toBe(303)
    expect(paid.location).toMatch(/^\/buy\/status\/[0-9a-f-]{36}$/)

    const { body } = await transactionsOf(partnerUserId)
    expect(body.totalCount).toBe('1')
    const [recorded] = body.transactions as SandboxTransaction[]
    expect(recorded).toEqual({
      transactionId: paid.location!.split('/').pop(),
      status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      purchaseCurrency: 'USDC',
      purchaseNetwork: 'foyer-devnet-a',
      purchaseAmount: { value: purchase, currency: 'USDC' },
      paymentTotal: quote.body.paymentTotal,
      paymentSubtotal: quote.body.paymentSubtotal,
      coinbaseFee: quote.body.coinbaseFee,
      networkFee: quote.body.networkFee,
      paymentMethod: 'CARD',
      walletAddress: wallet,
      txHash: '',
      partnerUserRef: partnerUserId,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      completedAt: '',
    })
    const pending = await get(paid.location!)
    expect(pending.html).toContain('<h1>Payment received</h1>')
    expect(pending.html).toContain('<meta http-equiv="refresh" content="1">')
    expect(pending.html).toContain(`Sending ${purchase} USDC to <code>${wallet}</code>`)

    const done = await waitForCompletion(partnerUserId)
    expect(done).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    const receipt = await chain.getTransactionReceipt({ hash: done.txHash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(devnet.onRampTreasury!.address.toLowerCase())
    const balance = await chain.readContract({
      address: devnet.chains[0]!.contracts.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
    })
    expect(balance).toBe(parseUnits(purchase, 6))

    const finished = await get(paid.location!)
    expect(finished.html).not.toContain('http-equiv="refresh"')
    expect(finished.html).toContain(`Sent ${purchase} USDC to <code>${wallet}</code>`)
    expect(finished.html).toContain(done.txHash)

    // A session pays once.
    const again = await submit(page.html, testCard)
    expect(again.status).toBe(409)
    expect(again.html).toContain(`href="${paid.location}"`)
    expect((await get(`/buy/select-asset?sessionToken=${token}`)).status).toBe(409)
    expect((await transactionsOf(partnerUserId)).body.totalCount).toBe('1')
  })

  it('declines 4000 0000 0000 0002 and records nothing', async () => {
    const wallet = freshEvmAddress()
    const token = await sessionToken({
      addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
    })
    const page = await get(`/buy/select-asset?sessionToken=${token}&partnerUserId=declined-user`)
    const before = sandbox.transactions().length
    const declined = await submit(page.html, { ...testCard, cardNumber: '4000 0000 0000 0002' })
    expect(declined.status).toBe(400)
    expect(declined.html).toContain(
      '<p class="alert" role="alert" id="form-error">Your card was declined.</p>',
    )
    expect(declined.html).toMatch(
      /id="cardNumber"[^>]*aria-invalid="true" aria-describedby="form-error"/,
    )
    // The CVC is never written back into the page.
    expect(declined.html).not.toMatch(/id="cardCvc"[^>]* value=/)
    const other = await submit(page.html, { ...testCard, cardNumber: '5555 5555 5555 4444' })
    expect(other.html).toContain('Use the test card 4242 4242 4242 4242.')
    const expiry = await submit(page.html, { ...testCard, cardExpiry: '13/40' })
    expect(expiry.html).toContain('Enter the expiry as MM/YY')
    const bank = await submit(page.html, {
      paymentMethod: 'ACH_BANK_ACCOUNT',
      routingNumber: '110000000',
      accountNumber: '000999999999',
    })
    expect(bank.html).toContain(
      'Use the test bank account: routing number 110000000, account number 000123456789.',
    )
    expect(sandbox.transactions()).toHaveLength(before)
    expect((await transactionsOf('declined-user')).body).toEqual({
      transactions: [],
      nextPageKey: '',
      totalCount: '0',
    })
    // The session was not used up: the test card still pays.
    expect((await submit(page.html, testCard)).status).toBe(303)
  })

  it('refuses amounts outside the limits with the quote’s message, and re-quotes a changed amount', async () => {
    const token = await sessionToken({
      addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-devnet-a'] }],
    })
    const page = await get(`/buy/select-asset?sessionToken=${token}&presetFiatAmount=8000`)
    expect(page.html).toContain('The maximum amount for card payments is 7500.00 USD.')
    const refused = await submit(page.html, testCard)
    expect(refused.status).toBe(400)
    expect(refused.html).toContain(
      '<p class="alert" role="alert" id="form-error">The maximum amount for card payments is 7500.00 USD.</p>',
    )
    const lower = await get(`/buy/select-asset?sessionToken=${token}&presetFiatAmount=50`)
    const changed = await submit(lower.html, { ...testCard, amount: '60' })
    expect(changed.status).toBe(200)
    expect(changed.html).toContain('The amount is now $60.00: check the new quote, then pay.')
    expect(changed.html).toContain('>Pay $60.00</button>')
    expect(changed.html).toContain('<dt>Total</dt><dd>$60.00</dd>')
    const euros = await submit(changed.html, { ...testCard, action: 'quote', currency: 'EUR' })
    expect(euros.html).toContain('>Pay €60.00</button>')
    expect(euros.html).not.toContain('role="alert"')
  })

  it('prefills the amount that buys presetCryptoAmount', async () => {
    const token = await sessionToken({
      addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-devnet-a'] }],
    })
    const page = await get(
      `/buy/select-asset?sessionToken=${token}&defaultAsset=USDC&presetCryptoAmount=49.15`,
    )
    const receive = /<dt>You receive<\/dt><dd>([\d.]+) USDC<\/dd>/.exec(page.html)
    // The total is rounded up to the cent, so it buys the amount and at most about a cent more.
    expect(Number(receive![1])).toBeGreaterThanOrEqual(49.15)
    expect(Number(receive![1])).toBeLessThan(49.17)
  })

  it('delivers ETH by bank account in euros', async () => {
    const wallet = freshEvmAddress()
    const token = await sessionToken({
      addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
    })
    const page = await get(
      `/buy/select-asset?sessionToken=${token}&defaultAsset=ETH&presetFiatAmount=300&fiatCurrency=EUR&defaultPaymentMethod=ACH_BANK_ACCOUNT&partnerUserId=eth-user`,
    )
    expect(page.html).toContain('<h1>Buy ETH on Foyer Devnet A</h1>')
    expect(page.html).toContain('>Pay €300.00</button>')
    const paid = await submit(page.html, {
      routingNumber: '110000000',
      accountNumber: '000123456789',
    })
    expect(paid.status).toBe(303)
    const done = await waitForCompletion('eth-user')
    expect(done).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      paymentMethod: 'ACH_BANK_ACCOUNT',
      paymentTotal: { value: '300.00', currency: 'EUR' },
      coinbaseFee: { value: '3.00', currency: 'EUR' },
    })
    expect(await chain.getBalance({ address: wallet })).toBe(
      parseUnits(done.purchaseAmount.value, 18),
    )
  })

  it('serialises deliveries on a network: parallel purchases all land', async () => {
    const wallets = [freshEvmAddress(), freshEvmAddress(), freshEvmAddress()]
    const pages = await Promise.all(
      wallets.map(async (wallet) => {
        const token = await sessionToken({
          addresses: [{ address: wallet, blockchains: ['foyer-devnet-a'] }],
        })
        return get(
          `/buy/select-asset?sessionToken=${token}&defaultAsset=DAI&partnerUserId=parallel-${wallet}`,
        )
      }),
    )
    const paid = await Promise.all(pages.map((page) => submit(page.html, testCard)))
    expect(paid.map((page) => page.status)).toEqual([303, 303, 303])
    const done = await Promise.all(wallets.map((wallet) => waitForCompletion(`parallel-${wallet}`)))
    expect(done.map((tx) => tx.status)).toEqual(Array(3).fill('ONRAMP_TRANSACTION_STATUS_SUCCESS'))
    expect(new Set(done.map((tx) => tx.txHash)).size).toBe(3)
  })

  it('really delivers on Solana: USDC into a new associated token account, and SOL', async () => {
    const owner = (await generateKeyPairSigner()).address
    const token = await sessionToken({
      addresses: [{ address: owner, blockchains: ['foyer-solana-local'] }],
    })
    const page = await get(
      `/buy/select-asset?sessionToken=${token}&defaultNetwork=foyer-solana-local&defaultAsset=USDC&presetFiatAmount=25&partnerUserId=solana-user`,
    )
    expect(page.html).toContain('<h1>Buy USDC on Solana Localnet</h1>')
    expect((await submit(page.html, testCard)).status).toBe(303)
    const done = await waitForCompletion('solana-user')
    expect(done).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      purchaseNetwork: 'foyer-solana-local',
      txHash: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/),
      // Card 1.5 % of 25.00, and the minimum network fee: the price of 5000 lamports is under a cent.
      coinbaseFee: { value: '0.38', currency: 'USD' },
      networkFee: { value: '0.01', currency: 'USD' },
      purchaseAmount: { value: '24.61', currency: 'USDC' },
    })
    const rpc = createSolanaRpc(devnet.solana!.rpcUrl)
    const [ata] = await findAssociatedTokenPda({
      mint: address(devnet.solana!.tokens[0]!.address),
      owner,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { value } = await rpc.getTokenAccountBalance(ata).send()
    expect(value.uiAmountString).toBe('24.61')

    const solToken = await sessionToken({
      addresses: [{ address: owner, blockchains: ['foyer-solana-local'] }],
      assets: ['SOL'],
    })
    const solPage = await get(
      `/buy/select-asset?sessionToken=${solToken}&partnerUserId=solana-user`,
    )
    expect(solPage.html).toContain('<h1>Buy SOL on Solana Localnet</h1>')
    expect((await submit(solPage.html, testCard)).status).toBe(303)
    const sol = await waitForCompletion('solana-user')
    expect(sol).toMatchObject({
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      purchaseCurrency: 'SOL',
    })
    const { value: lamports } = await rpc.getBalance(owner).send()
    expect(lamports).toBe(parseUnits(sol.purchaseAmount.value, 9))
  })

  it('lists a user’s transactions newest first, a page at a time', async () => {
    const { body: first } = await transactionsOf('solana-user', '?pageSize=1')
    expect(first.totalCount).toBe('2')
    expect((first.transactions as SandboxTransaction[])[0]!.purchaseCurrency).toBe('SOL')
    expect(first.nextPageKey).not.toBe('')
    const { body: second } = await transactionsOf(
      'solana-user',
      `?pageSize=1&pageKey=${first.nextPageKey}`,
    )
    expect((second.transactions as SandboxTransaction[])[0]!.purchaseCurrency).toBe('USDC')
    expect(second.nextPageKey).toBe('')
    expect((await api('GET', '/onramp/v1/buy/user/x/transactions?pageSize=0')).status).toBe(400)
    expect((await api('GET', '/onramp/v1/buy/user/x/transactions?pageKey=bogus')).status).toBe(400)
    expect(sandbox.transactions()[0]!.purchaseCurrency).toBe('SOL')
  })
})

describe('a delivery that fails', () => {
  it('ends FAILED with the reason on the status page', async () => {
    // WETH as a token of its own: the treasury holds none, so the transfer cannot go through.
    const [network] = parameters.networks
    const failing = await createOnRampSandbox({
      ...parameters,
      networks: [
        {
          ...(network as Extract<typeof network, { kind: 'evm' }>),
          tokens: devnet.chains[0]!.tokens.filter((token) => token.symbol === 'WETH'),
        },
      ],
      deliveryDelayMs: 0,
    })
    try {
      const tokenAnswer = await api(
        'POST',
        '/onramp/v1/token',
        {
          addresses: [{ address: freshEvmAddress(), blockchains: ['foyer-devnet-a'] }],
          assets: ['WETH'],
        },
        undefined,
        failing,
      )
      const response = await fetch(
        new URL(
          `/buy/select-asset?sessionToken=${tokenAnswer.body.token}&partnerUserId=f`,
          failing.url,
        ),
      )
      const html = await response.text()
      expect(html).toContain('<h1>Buy WETH on Foyer Devnet A</h1>')
      const form = new URLSearchParams()
      for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
        form.set(match[1]!, unescapeHtml(match[2]!))
      }
      for (const [name, value] of Object.entries({
        ...testCard,
        amount: '50.00',
        currency: 'USD',
        paymentMethod: 'CARD',
      })) {
        form.set(name, value)
      }
      const paid = await fetch(new URL('/buy/checkout', failing.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      })
      expect(paid.status).toBe(303)
      const deadline = Date.now() + 20_000
      while (failing.transactions()[0]!.status === 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') {
        if (Date.now() > deadline) throw new Error('still in progress')
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(failing.transactions()[0]).toMatchObject({
        status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
        txHash: '',
        completedAt: expect.stringMatching(/^\d{4}-/),
      })
      const status = await (await fetch(new URL(paid.headers.get('location')!, failing.url))).text()
      expect(status).toMatch(
        /<p class="alert" role="alert">Sending [\d.]+ WETH to <code>0x[0-9a-fA-F]{40}<\/code> failed: The treasury/,
      )
    } finally {
      await failing.close()
    }
  })
})

describe('createOnRampSandbox parameters', () => {
  it.each([
    [{ port: -1 }, /port must be an integer/],
    [{ apiKey: { name: 'k', publicKeyPem: 'nope' } }, /EC P-256 public key/],
    [{ networks: [] }, /at least one network/],
    [{ treasury: { evmPrivateKey: '0x12' as const } }, /evmPrivateKey/],
    [{ eurUsd: 0 }, /eurUsd/],
  ])('refuses %j', async (change, message) => {
    const attempt = createOnRampSandbox({ ...parameters, ...change })
    await expect(attempt).rejects.toBeInstanceOf(InvalidOnRampSandboxParametersError)
    await expect(attempt).rejects.toThrow(message)
  })

  it('needs a Solana secret key for a Solana network', async () => {
    await expect(
      createOnRampSandbox({
        ...parameters,
        treasury: { evmPrivateKey: parameters.treasury.evmPrivateKey },
      }),
    ).rejects.toThrow(/solanaSecretKey/)
  })

  it('reports a taken port', async () => {
    await expect(createOnRampSandbox({ ...parameters, port: sandbox.port })).rejects.toBeInstanceOf(
      OnRampSandboxListenError,
    )
  })
})
