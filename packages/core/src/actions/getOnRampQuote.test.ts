import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  InvalidOnRampAmountError,
  OnRampAmountOutOfRangeError,
  OnRampQuoteUnavailableError,
} from '../onramp/errors.ts'
import type { OnRampOptions } from '../onramp/types.ts'
import { createMemoryWallet, createTestFoyer } from '../test-utils.ts'
import { connect } from './connect.ts'
import { getOnRampOptions } from './getOnRampOptions.ts'
import { checkOnRampAmount, getOnRampQuote } from './getOnRampQuote.ts'

// A port where nothing listens: the server is out of reach.
let closedUrl: string
// A server that answers every request with a 500.
let failing: Server
let failingUrl: string
beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  failing = createServer((_, response) => {
    response.writeHead(500, { 'content-type': 'application/json' })
    response.end(JSON.stringify({ code: 'SERVER_ERROR', message: 'boom' }))
  })
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
  failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => failing.close(() => resolve()))
})

async function connectedTo(serverUrl: string) {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const wallet = createMemoryWallet({ namespace: 'eip155', address })
  const foyer = createTestFoyer({ serverUrl, projectId: 'demo', adapters: [wallet.adapter()] })
  await connect(foyer, { connectorId: 'eip155-wallet' })
  return foyer
}

describe('on-ramp amounts', () => {
  const options: OnRampOptions = {
    caipNetworkId: 'eip155:31337',
    source: 'provider',
    assets: [],
    paymentCurrencies: [
      {
        id: 'USD',
        name: 'US Dollar',
        symbol: '$',
        limits: [
          { id: 'card', min: '5.00', max: '500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      },
    ],
  }
  const check = (amount: string, paymentMethod: 'card' | 'ach_bank_account' = 'card') =>
    checkOnRampAmount({ options, paymentCurrency: 'USD', paymentMethod, amount })

  test('holds an amount to the payment method’s limit from the options', () => {
    expect(check('5')).toBe('5')
    expect(check(' 500.00 ')).toBe('500.00')
    expect(() => check('4.99')).toThrowError('Minimum for card is 5.00 USD')
    expect(() => check('500.01')).toThrowError('Maximum for card is 500.00 USD')
    expect(check('20000', 'ach_bank_account')).toBe('20000')
    expect(() => check('25000.01', 'ach_bank_account')).toThrowError(
      'Maximum for bank account is 25000.00 USD',
    )
    const error = (() => {
      try {
        check('1')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(OnRampAmountOutOfRangeError)
    expect(error).toMatchObject({ bound: 'min', limit: '5.00' })
  })

  test('uses SPEC’s fallback limits for a currency the options do not list', () => {
    const eur = (amount: string, paymentMethod: 'card' | 'ach_bank_account') =>
      checkOnRampAmount({ options, paymentCurrency: 'EUR', paymentMethod, amount })
    expect(() => eur('9.99', 'card')).toThrowError('Minimum for card is 10.00 EUR')
    expect(eur('7500', 'card')).toBe('7500')
    expect(() => eur('7500.01', 'card')).toThrowError('Maximum for card is 7500.00 EUR')
    expect(eur('25000', 'ach_bank_account')).toBe('25000')
  })

  test('refuses what is not a fiat amount', () => {
    for (const amount of ['', 'abc', '0', '10.001', '-10', '1e3', '0x10'])
      expect(() => check(amount), amount).toThrowError(InvalidOnRampAmountError)
  })
})

describe('on-ramp without its server (SPEC §8 fallbacks)', () => {
  test('offers the built-in list: USD and EUR with SPEC’s limits, the native currency', async () => {
    const foyer = await connectedTo(closedUrl)
    const options = await getOnRampOptions(foyer)
    expect(options.source).toBe('fallback')
    expect(options.assets).toEqual([{ id: 'ETH', name: 'Ether', symbol: 'ETH' }])
    expect(options.paymentCurrencies.map((currency) => currency.id)).toEqual(['USD', 'EUR'])
    expect(options.paymentCurrencies[0]?.limits).toEqual([
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ])
  })

  test('computes a quote from the price the balances carry, marked estimated', async () => {
    const foyer = await connectedTo(closedUrl)
    const options = await getOnRampOptions(foyer)
    foyer.store.setState((state) => ({
      account: {
        ...state.account,
        tokenBalance: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: 'eip155:31337',
            value: 0,
            price: 2000,
            quantity: { decimals: '18', numeric: '0' },
            iconUrl: '',
          },
        ],
      },
    }))
    const asset = options.assets[0]!
    const quote = await getOnRampQuote(foyer, {
      options,
      asset,
      paymentCurrency: 'USD',
      paymentMethod: 'card',
      amount: '100',
    })
    // 2 % fee (the top of SPEC's 1-2 %), the rest at 2000 USD per ETH, rounded down.
    expect(quote).toEqual({
      paymentTotal: { amount: '100.00', currency: 'USD' },
      paymentSubtotal: { amount: '98.00', currency: 'USD' },
      purchaseAmount: { amount: '0.049000', currency: 'ETH' },
      providerFee: { amount: '2.00', currency: 'USD' },
      networkFee: { amount: '0.00', currency: 'USD' },
      estimated: true,
    })
    // No price in EUR and no price at all: no invented quote.
    await expect(
      getOnRampQuote(foyer, {
        options,
        asset,
        paymentCurrency: 'EUR',
        paymentMethod: 'card',
        amount: '100',
      }),
    ).rejects.toThrowError(OnRampQuoteUnavailableError)
  })

  test('does not estimate when the server answered with an error of its own', async () => {
    const foyer = await connectedTo(failingUrl)
    const options = await getOnRampOptions(foyer)
    expect(options.source).toBe('fallback')
    await expect(
      getOnRampQuote(foyer, {
        options,
        asset: options.assets[0]!,
        paymentCurrency: 'USD',
        paymentMethod: 'card',
        amount: '100',
      }),
    ).rejects.toThrowError(OnRampQuoteUnavailableError)
  })
})
