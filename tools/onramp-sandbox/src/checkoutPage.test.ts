import { describe, expect, it } from 'vitest'
import {
  type CheckoutPageView,
  checkoutStylesheet,
  escapeHtml,
  formatMoney,
  pageHeaders,
  renderCheckoutPage,
  renderErrorPage,
  renderIndexPage,
  renderStatusPage,
  type StatusPageView,
} from './checkoutPage.ts'

const view: CheckoutPageView = {
  hidden: {
    sessionToken: 'token"<x>',
    asset: 'USDC',
    network: 'foyer-devnet-a',
    partnerUserId: 'user-1',
    quoteId: '',
    redirectUrl: '',
  },
  assetSymbol: 'USDC',
  networkDisplayName: 'Foyer Devnet A',
  walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  amount: '50.00',
  currency: 'USD',
  method: 'CARD',
  shownAmount: '50.00',
  shownCurrency: 'USD',
  quote: {
    total: '$50.00',
    fee: '$0.75',
    networkFee: '$0.10',
    subtotal: '$49.15',
    purchase: '49.15 USDC',
  },
  fields: { cardNumber: '', cardExpiry: '', cardName: '', routingNumber: '', accountNumber: '' },
}

const status: StatusPageView = {
  transactionId: '5d0c4a8e-0000-4000-8000-000000000000',
  status: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  purchase: '49.15 USDC',
  paid: '$50.00',
  method: 'CARD',
  networkDisplayName: 'Foyer Devnet A',
  walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  txHash: '',
}

describe('renderCheckoutPage', () => {
  it('titles the page and names what is bought, where, and the quote', () => {
    const html = renderCheckoutPage(view)
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<title>Foyer Sandbox checkout</title>')
    expect(html).toContain('<h1>Buy USDC on Foyer Devnet A</h1>')
    expect(html).toContain('<h2 id="quote-heading">Quote</h2>')
    expect(html).toContain('<dt>You receive</dt><dd>49.15 USDC</dd>')
    expect(html).toContain('>Pay $50.00</button>')
    expect(html).not.toContain('role="alert"')
  })

  it('escapes what it echoes', () => {
    const html = renderCheckoutPage({
      ...view,
      fields: { ...view.fields, cardName: '<script>alert(1)</script>' },
    })
    expect(html).toContain('value="token&quot;&lt;x&gt;"')
    expect(html).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(html).not.toContain('<script>')
  })

  it('shows a message as an alert and marks its field invalid', () => {
    const html = renderCheckoutPage({
      ...view,
      message: { text: 'Enter the 3- or 4-digit CVC.', field: 'cardCvc' },
    })
    expect(html).toContain(
      '<p class="alert" role="alert" id="form-error">Enter the 3- or 4-digit CVC.</p>',
    )
    expect(html).toMatch(/id="cardCvc"[^>]*aria-invalid="true" aria-describedby="form-error">/)
    expect(html.match(/aria-invalid/g)).toHaveLength(1)
  })

  it('states euros in the pay button and checks the chosen method', () => {
    const html = renderCheckoutPage({
      ...view,
      shownCurrency: 'EUR',
      currency: 'EUR',
      method: 'ACH_BANK_ACCOUNT',
    })
    expect(html).toContain('>Pay €50.00</button>')
    expect(html).toContain('<option value="EUR" selected>EUR</option>')
    expect(html).toContain('value="ACH_BANK_ACCOUNT" checked>')
  })

  it('labels every field', () => {
    const html = renderCheckoutPage(view)
    const ids = [...html.matchAll(/<(?:input|select)[^>]* id="([^"]+)"/g)].map((match) => match[1])
    // Amount, currency, two methods, four card fields, two bank fields.
    expect(ids).toHaveLength(10)
    for (const id of ids) expect(html).toContain(`<label for="${id}">`)
  })
})

describe('renderStatusPage', () => {
  it('refreshes every second while the delivery is in progress', () => {
    const html = renderStatusPage(status)
    expect(html).toContain('<meta http-equiv="refresh" content="1">')
    expect(html).toContain('<h1>Payment received</h1>')
    expect(html).toContain('$50.00 paid by card for 49.15 USDC.')
  })

  it('names the hash once sent, and stops refreshing', () => {
    const html = renderStatusPage({
      ...status,
      status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      txHash: '0xabc',
      method: 'ACH_BANK_ACCOUNT',
    })
    expect(html).not.toContain('http-equiv')
    expect(html).toContain(
      'Sent 49.15 USDC to <code>0x70997970C51812dc3A010C7d01b50e0d17dc79C8</code> on Foyer Devnet A.',
    )
    expect(html).toContain('<dt>Transaction hash</dt><dd><code>0xabc</code></dd>')
    expect(html).toContain('paid from your bank account')
  })

  it('shows a failure as an alert, and links back only to http(s) URLs', () => {
    const html = renderStatusPage({
      ...status,
      status: 'ONRAMP_TRANSACTION_STATUS_FAILED',
      failure: 'The transaction reverted.',
      redirectUrl: 'http://localhost:5173/done',
    })
    expect(html).toContain('failed: The transaction reverted.</p>')
    expect(html).toContain('<a href="http://localhost:5173/done">Back to the app</a>')
    const unsafe = renderStatusPage({ ...status, redirectUrl: 'javascript:alert(1)' })
    expect(unsafe).not.toContain('javascript:')
  })
})

describe('pages', () => {
  it('are served under a CSP without scripts and without a Referer', () => {
    const headers = pageHeaders()
    expect(headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    )
    expect(headers['referrer-policy']).toBe('no-referrer')
  })

  it('load only the sandbox’s stylesheet', () => {
    for (const html of [
      renderCheckoutPage(view),
      renderStatusPage(status),
      renderErrorPage('Gone', 'It is gone.'),
      renderIndexPage(),
    ]) {
      expect(html).toContain('<link rel="stylesheet" href="/buy/checkout.css">')
      expect(html).not.toMatch(/<script|<style|style="|src="/)
    }
    expect(checkoutStylesheet).not.toMatch(/url\(|@import/)
  })

  it('formats money and escapes text', () => {
    expect(formatMoney('50.00', 'USD')).toBe('$50.00')
    expect(formatMoney('7.5', 'EUR')).toBe('€7.5')
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })
})
