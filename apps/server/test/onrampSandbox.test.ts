import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, erc20Abi, startDevnet } from '@foyer/devnet'
import {
  type CreateOnRampSandboxReturnType,
  createOnRampSandbox,
  createOnRampSandboxKey,
  onRampSandboxFromDevnet,
  solanaCaip2,
  solanaLocalNetworkName,
  testPaymentDetails,
} from '@foyer/onramp-sandbox'
import {
  getOnRampOptionsResponse,
  getOnRampQuoteResponse,
  getOnRampTransactionsResponse,
  type OnRampTransaction,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import { createPublicClient, http, type PublicClient, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'
import { providerUserRef } from '../src/onramp/providerUserRef.ts'
import { upsertProject } from '../src/projects/projects.ts'

/**
 * The on-ramp API end to end: the server's Coinbase provider (configured from the environment, as
 * `serve` does) against the local sandbox of `tools/onramp-sandbox`, which checks every CDP JWT,
 * and a devnet where the sandbox's treasury really delivers what the checkout sold.
 */
describe('on-ramp against the sandbox', () => {
  let devnet: Devnet
  let stopDevnet: () => Promise<void>
  let sandbox: CreateOnRampSandboxReturnType
  let database: FoyerDatabase
  let app: FastifyInstance
  let tempDir: string
  let chain: PublicClient
  let localSolana: string

  beforeAll(async () => {
    tempDir = mkdtempSync(join(tmpdir(), 'foyer-onramp-test-'))
    const devnetFile = join(tempDir, 'devnet.json')
    const [started, opened] = await Promise.all([
      startDevnet({
        chains: [{ chainId: 31337, port: 0 }],
        solana: { port: 0 },
        outFile: devnetFile,
      }),
      createDatabase({ dataDir: 'memory://' }),
    ])
    devnet = started.devnet
    stopDevnet = started.stop
    database = opened
    const key = createOnRampSandboxKey('organizations/foyer/apiKeys/server-test')
    sandbox = await createOnRampSandbox({
      port: 0,
      apiKey: { name: key.name, publicKeyPem: key.publicKeyPem },
      ...onRampSandboxFromDevnet(devnet),
      deliveryDelayMs: 100,
    })
    localSolana = solanaCaip2(devnet.solana!.genesisHash)
    app = await createServer({
      ...readServerOptions({
        FOYER_ONRAMP_API_KEY_NAME: key.name,
        // As an env file holds it: one line.
        FOYER_ONRAMP_API_KEY_SECRET: key.privateKeyPem.replace(/\n/g, '\\n'),
        FOYER_ONRAMP_API_URL: sandbox.url,
        FOYER_ONRAMP_PAY_URL: sandbox.url,
        FOYER_ONRAMP_PROVIDER_NAME: 'Foyer Sandbox',
        FOYER_ONRAMP_NETWORKS: `${solanaLocalNetworkName}=${localSolana}`,
        FOYER_RATE_LIMIT_IP: '0',
      }),
      database,
      devnetFile,
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    await app.ready()
    await upsertProject({
      db: database.db,
      id: 'other-app',
      name: 'Other app',
      allowedOrigins: ['http://localhost:*'],
    })
    chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) }) as PublicClient
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await sandbox?.close()
    await Promise.allSettled([stopDevnet?.(), database?.destroy()])
    if (tempDir) rmSync(tempDir, { recursive: true, force: true })
  })

  const url = (path: string, query: Record<string, string> = {}) =>
    `${path}?${new URLSearchParams({ projectId: devProjectId, st: 'foyer', sv: 'test', ...query })}`
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url: url(path), payload: body })
    return { status: response.statusCode, body: response.json() }
  }
  const options = async (network?: string) => {
    const response = await app.inject({
      url: url('/v1/onramp/options', network ? { network } : {}),
    })
    expect(response.statusCode, response.body).toBe(200)
    return v.parse(getOnRampOptionsResponse, response.json())
  }
  const idOf = async (symbol: string) =>
    (await options()).purchaseCurrencies.find((currency) => currency.symbol === symbol)!.id

  it("lists the sandbox's currencies on the devnet's networks, as CAIP-2", async () => {
    const answer = await options()
    expect(answer).toMatchObject({ source: 'provider', providerName: 'Foyer Sandbox' })
    expect(answer.paymentCurrencies.map((currency) => [currency.id, currency.limits])).toEqual([
      [
        'USD',
        [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      ],
      [
        'EUR',
        [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      ],
    ])
    const bySymbol = Object.fromEntries(
      answer.purchaseCurrencies.map((currency) => [currency.symbol, currency.networks]),
    )
    expect(bySymbol.ETH).toEqual([{ caipNetworkId: 'eip155:31337', name: 'Foyer Devnet A' }])
    expect(bySymbol.USDC).toContainEqual({
      caipNetworkId: 'eip155:31337',
      name: 'Foyer Devnet A',
      tokenAddress: devnet.chains[0]!.contracts.usdc,
    })
    // The Solana devnet has no chain id: it is named through FOYER_ONRAMP_NETWORKS.
    expect(bySymbol.SOL).toEqual([{ caipNetworkId: localSolana, name: 'Solana Localnet' }])
    expect(
      (await options(localSolana)).purchaseCurrencies.map((currency) => currency.symbol).sort(),
    ).toEqual(['SOL', 'USDC'])
  })

  it("quotes through the sandbox, and refuses amounts outside its limits with the dialog's text", async () => {
    const quote = await post('/v1/onramp/quote', {
      purchaseCurrency: await idOf('USDC'),
      paymentCurrency: 'USD',
      amount: '50',
      network: 'eip155:31337',
    })
    expect(quote.status, JSON.stringify(quote.body)).toBe(200)
    expect(v.parse(getOnRampQuoteResponse, quote.body)).toMatchObject({
      paymentTotal: { amount: '50.00', currency: 'USD' },
      providerFee: { amount: '0.75', currency: 'USD' },
      purchaseAmount: { currency: 'USDC' },
      quoteId: expect.any(String),
      estimated: false,
    })
    const solQuote = await post('/v1/onramp/quote', {
      purchaseCurrency: await idOf('SOL'),
      paymentCurrency: 'EUR',
      amount: '100',
      network: localSolana,
      paymentMethod: 'ach_bank_account',
    })
    expect(solQuote.status, JSON.stringify(solQuote.body)).toBe(200)
    expect(solQuote.body).toMatchObject({ purchaseAmount: { currency: 'SOL' }, estimated: false })
    const low = await post('/v1/onramp/quote', {
      purchaseCurrency: await idOf('ETH'),
      paymentCurrency: 'USD',
      amount: '9.99',
      network: 'eip155:31337',
    })
    expect(low).toEqual({
      status: 400,
      body: expect.objectContaining({ field: 'amount', message: 'Minimum for card is 10.00 USD' }),
    })
  })

  it('sells USDC through the checkout, delivers it on the devnet and lists the purchase', async () => {
    const usdc = await idOf('USDC')
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    const quote = await post('/v1/onramp/quote', {
      purchaseCurrency: usdc,
      paymentCurrency: 'USD',
      amount: '50',
      network: 'eip155:31337',
    })
    const created = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: wallet, blockchains: ['eip155:31337'], assets: [usdc] }],
      defaultNetwork: 'eip155:31337',
      defaultAsset: usdc,
      presetFiatAmount: '50',
      fiatCurrency: 'USD',
      paymentMethod: 'card',
      quoteId: quote.body.quoteId,
      partnerUserId: 'alice@example.com',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const checkout = new URL(created.body.url)
    expect(`${checkout.origin}${checkout.pathname}`).toBe(`${sandbox.url}/buy/select-asset`)
    const ref = providerUserRef(devProjectId, 'alice@example.com')
    expect(checkout.searchParams.get('partnerUserId')).toBe(ref)

    // The visitor opens the checkout and pays with the sandbox's test card.
    const page = await fetch(checkout)
    expect(page.status).toBe(200)
    const html = await page.text()
    const purchase = quote.body.purchaseAmount.amount as string
    expect(html).toContain(`${purchase} USDC`)
    const paid = await payWithTestCard(html)
    expect(paid.status).toBe(303)

    const done = await waitForTransaction('alice@example.com')
    expect(done).toEqual({
      id: paid.headers.get('location')!.split('/').pop(),
      status: 'success',
      purchaseAmount: { amount: purchase, currency: 'USDC' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      paymentMethod: 'card',
      network: 'eip155:31337',
      address: wallet,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      completedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    const receipt = await chain.getTransactionReceipt({
      hash: done.transactionHash as `0x${string}`,
    })
    expect(receipt.status).toBe('success')
    const balance = await chain.readContract({
      address: devnet.chains[0]!.contracts.usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [wallet],
    })
    expect(balance).toBe(parseUnits(purchase, 6))

    // The sandbox knows the visitor only by the project's ref; another project sees nothing.
    expect(sandbox.transactions().map((transaction) => transaction.partnerUserRef)).toContain(ref)
    expect(JSON.stringify(sandbox.transactions())).not.toContain('alice')
    const other = await app.inject({
      url: url('/v1/onramp/transactions', {
        projectId: 'other-app',
        partnerUserId: 'alice@example.com',
      }),
    })
    expect(other.json()).toEqual({ transactions: [] })
  }, 60_000)

  it('refuses an address the sandbox could not deliver to before asking it', async () => {
    const refused = await post('/v1/generators/onrampurl', {
      destinationWallets: [{ address: devnet.accounts[0]!.address, blockchains: [localSolana] }],
      partnerUserId: 'alice@example.com',
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ field: 'destinationWallets.0.address' })
  })

  /** Posts the checkout form as a browser would: its hidden fields, then the test card. */
  async function payWithTestCard(html: string): Promise<Response> {
    const form = new URLSearchParams()
    for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(match[1]!, unescapeHtml(match[2]!))
    const amount = /<input id="amount" name="amount"[^>]* value="([^"]*)"/.exec(html)?.[1]
    form.set('amount', unescapeHtml(amount ?? ''))
    form.set('currency', /<option value="(\w+)" selected>/.exec(html)?.[1] ?? 'USD')
    form.set('paymentMethod', /name="paymentMethod" value="(\w+)" checked/.exec(html)?.[1] ?? '')
    form.set('action', 'pay')
    form.set('cardNumber', testPaymentDetails.card)
    form.set('cardExpiry', '12/39')
    form.set('cardCvc', '123')
    form.set('cardName', 'Alice Devnet')
    return fetch(new URL('/buy/checkout', sandbox.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      redirect: 'manual',
    })
  }

  /** The visitor's newest purchase through the server, once it is no longer pending. */
  async function waitForTransaction(partnerUserId: string): Promise<OnRampTransaction> {
    const deadline = Date.now() + 30_000
    for (;;) {
      const response = await app.inject({ url: url('/v1/onramp/transactions', { partnerUserId }) })
      expect(response.statusCode, response.body).toBe(200)
      const [latest] = v.parse(getOnRampTransactionsResponse, response.json()).transactions
      if (latest && latest.status !== 'pending') return latest
      if (Date.now() > deadline) throw new Error(`still pending: ${JSON.stringify(latest)}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
})

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}
