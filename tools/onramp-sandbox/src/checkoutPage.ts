import type { PaymentFieldName, PaymentFields } from './paymentDetails.ts'
import { currencySigns, paymentMethodLimits } from './quoteMath.ts'
import type {
  SandboxPaymentCurrency,
  SandboxPaymentMethod,
  SandboxTransactionStatus,
} from './types.ts'

/** Where the checkout's stylesheet is served (its only other resource). */
export const stylesheetPath = '/buy/checkout.css'
const title = 'Foyer Sandbox checkout'

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/**
 * Headers of every page: no script at all, styles from the sandbox only, forms post back to it,
 * and no Referer, since the checkout URL carries the session token.
 */
export function pageHeaders(): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  }
}

/** '$50.00', '€50.00'. */
export function formatMoney(amount: string, currency: SandboxPaymentCurrency): string {
  return `${currencySigns[currency]}${amount}`
}

function layout(options: { heading: string; body: string; refresh?: boolean; pageTitle?: string }) {
  const refresh = options.refresh ? '\n<meta http-equiv="refresh" content="1">' : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(options.pageTitle ?? title)}</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<header class="banner"><p><strong>Foyer Sandbox</strong> <span class="badge">Test mode: no real money moves</span></p></header>
<main>
<h1>${escapeHtml(options.heading)}</h1>
${options.body}
</main>
</body>
</html>
`
}

/** A quote as the page shows it, every amount already formatted ('$0.75', '49.15 USDC'). */
export type CheckoutQuoteView = {
  total: string
  fee: string
  networkFee: string
  subtotal: string
  purchase: string
}

export type CheckoutPageView = {
  /** Carried through the form post. */
  hidden: {
    sessionToken: string
    asset: string
    network: string
    partnerUserId: string
    quoteId: string
    redirectUrl: string
  }
  assetSymbol: string
  networkDisplayName: string
  walletAddress: string
  /** The amount field as typed. */
  amount: string
  currency: SandboxPaymentCurrency
  method: SandboxPaymentMethod
  /** The amount the quote and the Pay button state (2 decimals); what a pay click charges. */
  shownAmount: string
  shownCurrency: SandboxPaymentCurrency
  quote: CheckoutQuoteView | undefined
  /** Shown with role=alert; `field` gets aria-invalid. */
  message?: { text: string; field?: PaymentFieldName | 'amount' | undefined } | undefined
  /** Echoed back into the fields, except the CVC, which is never written into a page. */
  fields: Omit<PaymentFields, 'cardCvc'>
}

/** The checkout form: what is bought and where to, amount, quote, payment method and details. */
export function renderCheckoutPage(view: CheckoutPageView): string {
  const invalid = (field: string) =>
    view.message?.field === field ? ' aria-invalid="true" aria-describedby="form-error"' : ''
  const value = (text: string) => (text ? ` value="${escapeHtml(text)}"` : '')
  const hidden = Object.entries(view.hidden)
    .map(([name, text]) => `<input type="hidden" name="${name}" value="${escapeHtml(text)}">`)
    .concat(
      `<input type="hidden" name="shownAmount" value="${escapeHtml(view.shownAmount)}">`,
      `<input type="hidden" name="shownCurrency" value="${view.shownCurrency}">`,
    )
    .join('\n')
  const currencyOptions = (['USD', 'EUR'] as const)
    .map(
      (code) =>
        `<option value="${code}"${code === view.currency ? ' selected' : ''}>${code}</option>`,
    )
    .join('')
  const method = (id: string, code: SandboxPaymentMethod, label: string) =>
    `<div class="choice"><input type="radio" id="${id}" name="paymentMethod" value="${code}"${
      view.method === code ? ' checked' : ''
    }><label for="${id}">${label}</label></div>`
  const field = (
    name: PaymentFieldName,
    label: string,
    attributes: string,
    text = name === 'cardCvc' ? '' : view.fields[name as keyof CheckoutPageView['fields']],
  ) =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="text" ${attributes}${value(text)}${invalid(name)}></div>`
  const quote = view.quote
    ? `<section class="quote" aria-labelledby="quote-heading">
<h2 id="quote-heading">Quote</h2>
<dl>
<div><dt>You receive</dt><dd>${escapeHtml(view.quote.purchase)}</dd></div>
<div><dt>Price of the crypto</dt><dd>${escapeHtml(view.quote.subtotal)}</dd></div>
<div><dt>Fee</dt><dd>${escapeHtml(view.quote.fee)}</dd></div>
<div><dt>Network fee</dt><dd>${escapeHtml(view.quote.networkFee)}</dd></div>
<div class="total"><dt>Total</dt><dd>${escapeHtml(view.quote.total)}</dd></div>
</dl>
</section>`
    : ''
  const message = view.message
    ? `<p class="alert" role="alert" id="form-error">${escapeHtml(view.message.text)}</p>`
    : ''
  const { CARD, ACH_BANK_ACCOUNT } = paymentMethodLimits
  const body = `<dl class="summary">
<div><dt>Network</dt><dd>${escapeHtml(view.networkDisplayName)}</dd></div>
<div><dt>Receiving address</dt><dd><code>${escapeHtml(view.walletAddress)}</code></dd></div>
</dl>
${message}
<form method="post" action="/buy/checkout" novalidate>
${hidden}
<fieldset>
<legend>Amount</legend>
<div class="row">
<div class="field grow"><label for="amount">Amount, fees included</label><input id="amount" name="amount" type="text" inputmode="decimal" autocomplete="off" aria-describedby="amount-hint"${value(view.amount)}${invalid('amount')}></div>
<div class="field"><label for="currency">Currency</label><select id="currency" name="currency">${currencyOptions}</select></div>
</div>
<p class="hint" id="amount-hint">Card: ${CARD.min} to ${CARD.max}. Bank account: ${ACH_BANK_ACCOUNT.min} to ${ACH_BANK_ACCOUNT.max}.</p>
</fieldset>
${quote}
<fieldset>
<legend>Payment method</legend>
${method('method-card', 'CARD', 'Card')}
${method('method-bank', 'ACH_BANK_ACCOUNT', 'Bank account')}
</fieldset>
<fieldset class="card-fields">
<legend>Card</legend>
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number"')}
<div class="row">
${field('cardExpiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp"')}
${field('cardCvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc"')}
</div>
${field('cardName', 'Name on card', 'autocomplete="cc-name"')}
</fieldset>
<fieldset class="bank-fields">
<legend>Bank account</legend>
${field('routingNumber', 'Routing number', 'inputmode="numeric" autocomplete="off"')}
${field('accountNumber', 'Account number', 'inputmode="numeric" autocomplete="off"')}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">Pay ${escapeHtml(formatMoney(view.shownAmount, view.shownCurrency))}</button>
<button type="submit" name="action" value="quote" class="secondary">Update quote</button>
</div>
</form>
<section class="fine" aria-labelledby="test-heading">
<h2 id="test-heading">Test payment details</h2>
<ul>
<li>Card 4242 4242 4242 4242 with any future expiry, any CVC and any name pays.</li>
<li>Card 4000 0000 0000 0002 is declined.</li>
<li>Bank account: routing number 110000000, account number 000123456789.</li>
</ul>
</section>`
  return layout({ heading: `Buy ${view.assetSymbol} on ${view.networkDisplayName}`, body })
}

export type StatusPageView = {
  transactionId: string
  status: SandboxTransactionStatus
  /** '49.15 USDC'. */
  purchase: string
  /** '$50.00'. */
  paid: string
  method: SandboxPaymentMethod
  networkDisplayName: string
  walletAddress: string
  txHash: string
  failure?: string | undefined
  redirectUrl?: string | undefined
}

/** After a payment: the delivery's state, refreshed every second until it is done. */
export function renderStatusPage(view: StatusPageView): string {
  const inProgress = view.status === 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
  const paidWith = view.method === 'CARD' ? 'by card' : 'from your bank account'
  const to = `<code>${escapeHtml(view.walletAddress)}</code>`
  const hash = view.txHash
    ? `<dl class="summary"><div><dt>Transaction hash</dt><dd><code>${escapeHtml(view.txHash)}</code></dd></div></dl>`
    : ''
  const state =
    view.status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
      ? `<p class="success" role="status">Sent ${escapeHtml(view.purchase)} to ${to} on ${escapeHtml(view.networkDisplayName)}.</p>
${hash}`
      : view.status === 'ONRAMP_TRANSACTION_STATUS_FAILED'
        ? `<p class="alert" role="alert">Sending ${escapeHtml(view.purchase)} to ${to} failed${
            view.failure ? `: ${escapeHtml(view.failure)}` : '.'
          }</p>
${hash}`
        : `<p role="status">Sending ${escapeHtml(view.purchase)} to ${to} on ${escapeHtml(view.networkDisplayName)}…</p>
${hash}`
  const back =
    view.redirectUrl && /^https?:\/\//i.test(view.redirectUrl)
      ? `<p><a href="${escapeHtml(view.redirectUrl)}">Back to the app</a></p>`
      : ''
  const body = `<p>${escapeHtml(view.paid)} paid ${paidWith} for ${escapeHtml(view.purchase)}.</p>
${state}
<p class="fine">Transaction ${escapeHtml(view.transactionId)}</p>
${back}`
  return layout({
    heading: 'Payment received',
    body,
    refresh: inProgress,
    pageTitle: `Payment received · ${title}`,
  })
}

/** A page for a checkout that cannot go on (bad or used session, unknown transaction…). */
export function renderErrorPage(
  heading: string,
  text: string,
  link?: { href: string; label: string },
) {
  const more = link
    ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
    : ''
  return layout({
    heading,
    body: `<p class="alert" role="alert">${escapeHtml(text)}</p>${more}`,
    pageTitle: `${heading} · ${title}`,
  })
}

/** What `/` shows: what the sandbox is and where its parts are. */
export function renderIndexPage(): string {
  return layout({
    heading: 'Foyer Sandbox on-ramp',
    pageTitle: 'Foyer Sandbox on-ramp',
    body: `<p>A sandbox of Coinbase Onramp for the local world. Its API is under <code>/onramp/v1</code> (CDP API key JWTs); a checkout opens at <code>/buy/select-asset</code> with a session token from <code>POST /onramp/v1/token</code>.</p>
<p>Paid purchases are really sent on the devnet chains from the sandbox's treasury.</p>`,
  })
}

/**
 * The pages' one stylesheet. Both payment fieldsets are in the page; `:has()` hides the one of the
 * method not chosen (without it, both simply show), so no script is needed.
 */
export const checkoutStylesheet = `:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.45; }
body { margin: 0; background: #f3f4f6; color: #111827; }
.banner { background: #1e3a8a; color: #fff; padding: 0.5rem 1rem; }
.banner p { margin: 0; max-width: 32rem; margin-inline: auto; }
.badge { margin-left: 0.5rem; padding: 0.1rem 0.5rem; border-radius: 999px; background: #fef3c7; color: #78350f; font-size: 0.85rem; font-weight: 600; }
main { max-width: 32rem; margin: 1.5rem auto; padding: 1.5rem 2rem 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.4rem; margin: 0 0 1rem; }
h2 { font-size: 1.05rem; margin: 0 0 0.5rem; }
fieldset { border: 1px solid #d1d5db; border-radius: 8px; margin: 1rem 0; padding: 0.75rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
label { display: block; margin: 0.5rem 0 0.25rem; font-weight: 600; }
.choice { display: flex; align-items: center; gap: 0.5rem; }
.choice label { display: inline; margin: 0.25rem 0; font-weight: normal; }
input[type='text'], select { box-sizing: border-box; width: 100%; padding: 0.55rem; font: inherit; border: 1px solid #6b7280; border-radius: 6px; background: #fff; color: inherit; }
input[type='radio'] { width: 1.1rem; height: 1.1rem; margin: 0; }
input[aria-invalid='true'] { border: 2px solid #b91c1c; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.row { display: flex; gap: 0.75rem; }
.row > .field { flex: 1; }
.row > .grow { flex: 2; }
.hint, .fine { font-size: 0.875rem; color: #4b5563; }
.hint { margin: 0.5rem 0 0; }
dl { margin: 0; }
dl > div { display: flex; justify-content: space-between; gap: 1rem; padding: 0.2rem 0; }
dt { font-weight: 600; }
dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.summary dd { text-align: left; }
.summary > div { flex-direction: column; gap: 0; }
.quote { margin: 1rem 0; padding: 0.75rem 1rem; background: #eff6ff; border-radius: 8px; }
.quote .total { border-top: 1px solid #bfdbfe; margin-top: 0.25rem; padding-top: 0.4rem; }
code { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; font-size: 0.875rem; overflow-wrap: anywhere; }
.alert { padding: 0.6rem 0.75rem; border-radius: 6px; background: #fee2e2; color: #7f1d1d; }
.success { padding: 0.6rem 0.75rem; border-radius: 6px; background: #dcfce7; color: #14532d; }
.actions { display: flex; gap: 0.75rem; margin-top: 1.25rem; }
button { flex: 1; padding: 0.7rem; font: inherit; font-weight: 600; border-radius: 6px; cursor: pointer; border: 1px solid #1d4ed8; }
.primary { background: #1d4ed8; color: #fff; flex: 2; }
.secondary { background: #fff; color: #111827; border-color: #6b7280; }
.fine { margin-top: 1.5rem; }
.fine ul { padding-left: 1.2rem; margin: 0; }
form:has(#method-bank:checked) .card-fields, form:has(#method-card:checked) .bank-fields { display: none; }
@media (max-width: 30rem) { main { margin: 0; border-radius: 0; padding: 1rem; } .row { flex-direction: column; gap: 0; } }
`
