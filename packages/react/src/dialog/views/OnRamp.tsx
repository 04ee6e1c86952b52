import {
  checkOnRampAmount,
  formatBalance,
  formatFiat,
  getBalance,
  getOnRampOptions,
  getOnRampQuote,
  getOnRampTransactions,
  getTokenBalances,
  navigate,
  type OnRampAsset,
  type OnRampFiatCurrency,
  type OnRampOptions,
  type OnRampPaymentMethod,
  type OnRampQuote,
  type OnRampTransaction,
  onRampLimit,
  openOnRampCheckout,
} from '@foyer/core'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import type { MessageKey } from '../../i18n/en.ts'
import { errorText } from '../components/NetworkList.tsx'

/** Typing pauses this long before a quote is asked for. */
const QUOTE_DEBOUNCE_MS = 300
/** Quotes follow the provider's prices while the view is open. */
const QUOTE_REFRESH_MS = 30_000
/** How often the purchase's state is read while the checkout is open. */
const STATUS_POLL_MS = 2_000
const PRESET_AMOUNTS = ['50', '100', '250'] as const

const methodLabels: Record<OnRampPaymentMethod, MessageKey> = {
  card: 'onramp.method.card',
  ach_bank_account: 'onramp.method.bank',
}

/**
 * Buy crypto with a card or a bank account (SPEC §1): fiat amount and currency, payment method
 * with its limits, the asset, and a live quote (what the amount buys, the provider's and the
 * network's fee). "Continue" opens the provider's checkout in a new window; the view then follows
 * the purchase until the crypto has arrived. EVM and Solana (SPEC §6).
 */
export default function OnRamp() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address } = useAccount()
  const { network } = useNetwork()
  const [options, setOptions] = useState<OnRampOptions>()
  const [loadError, setLoadError] = useState<Error>()
  const [checkout, setCheckout] = useState<{ url: string; blocked: boolean }>()

  const chain = network.caipNetworkId
  useEffect(() => {
    if (!address || !chain) return
    const controller = new AbortController()
    setOptions(undefined)
    setLoadError(undefined)
    getOnRampOptions(foyer, { signal: controller.signal })
      .then(setOptions)
      .catch((error: Error) => {
        if (!controller.signal.aborted) setLoadError(error)
      })
    return () => controller.abort()
  }, [foyer, address, chain])

  if (loadError)
    return (
      <p className="foyer-center foyer-muted" role="status">
        {t('onramp.unsupported', { name: network.name })}
      </p>
    )
  if (!options)
    return (
      <div className="foyer-center" role="status" aria-label={t('onramp.loading')}>
        <span className="foyer-spinner" />
      </div>
    )
  if (options.assets.length === 0)
    return (
      <p className="foyer-center foyer-muted" role="status">
        {t('onramp.unsupported', { name: network.name })}
      </p>
    )
  if (checkout)
    return (
      <CheckoutStatus
        url={checkout.url}
        blocked={checkout.blocked}
        providerName={options.providerName}
        onBack={() => setCheckout(undefined)}
      />
    )
  return (
    <OnRampForm options={options} onCheckout={(url, blocked) => setCheckout({ url, blocked })} />
  )
}

function OnRampForm({
  options,
  onCheckout,
}: {
  options: OnRampOptions
  onCheckout: (url: string, blocked: boolean) => void
}) {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const id = useId()
  const currencies = options.paymentCurrencies.map((currency) => currency.id)
  const [currency, setCurrency] = useState<OnRampFiatCurrency>(currencies[0] ?? 'USD')
  const [method, setMethod] = useState<OnRampPaymentMethod>('card')
  const [asset, setAsset] = useState<OnRampAsset>(
    // USDC first when the network offers it: a stable amount is what most visitors buy.
    () =>
      options.assets.find((entry) => entry.symbol === 'USDC') ?? (options.assets[0] as OnRampAsset),
  )
  const [amount, setAmount] = useState('50')
  const [quote, setQuote] = useState<OnRampQuote>()
  const [quoteError, setQuoteError] = useState<Error>()
  const [quoting, setQuoting] = useState(false)
  const [opening, setOpening] = useState(false)
  const [openError, setOpenError] = useState<Error>()
  const latest = useRef(0)

  const limit = onRampLimit(options.paymentCurrencies, currency, method)
  let amountError: Error | undefined
  try {
    if (amount.trim())
      checkOnRampAmount({ options, paymentCurrency: currency, paymentMethod: method, amount })
  } catch (error) {
    amountError = error as Error
  }

  const amountInvalid = amountError !== undefined

  // A fresh quote for what is chosen now; older answers are dropped.
  useEffect(() => {
    setQuote(undefined)
    setQuoteError(undefined)
    if (!amount.trim() || amountInvalid) return
    const request = ++latest.current
    const controller = new AbortController()
    const ask = () => {
      setQuoting(true)
      getOnRampQuote(foyer, {
        options,
        asset,
        paymentCurrency: currency,
        paymentMethod: method,
        amount,
        signal: controller.signal,
      })
        .then((next) => {
          if (request !== latest.current) return
          setQuote(next)
          setQuoteError(undefined)
        })
        .catch((error: Error) => {
          if (request !== latest.current || controller.signal.aborted) return
          setQuote(undefined)
          setQuoteError(error)
        })
        .finally(() => {
          if (request === latest.current) setQuoting(false)
        })
    }
    const first = setTimeout(ask, QUOTE_DEBOUNCE_MS)
    const refresh = setInterval(ask, QUOTE_REFRESH_MS)
    return () => {
      clearTimeout(first)
      clearInterval(refresh)
      controller.abort()
    }
  }, [foyer, options, asset, currency, method, amount, amountInvalid])

  const money = (value: string | number, code: string = currency) =>
    formatFiat(Number(value), { currency: code, locale })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (opening || amountError || !amount.trim()) return
    setOpenError(undefined)
    setOpening(true)
    // Called in the submit handler itself: the browser allows the new window only here.
    openOnRampCheckout(foyer, {
      options,
      asset,
      paymentCurrency: currency,
      paymentMethod: method,
      amount,
      quoteId: quote?.quoteId,
    })
      .then(({ url, window }) => onCheckout(url, window === null))
      .catch((error: Error) => setOpenError(error))
      .finally(() => setOpening(false))
  }

  const amountId = `${id}-amount`
  const limitId = `${id}-limit`
  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-onramp="">
      <ChoiceGroup legend={t('onramp.asset')} name={`${id}-asset`}>
        {options.assets.map((entry) => (
          <Choice
            key={entry.id}
            name={`${id}-asset`}
            checked={entry.id === asset.id}
            onChange={() => setAsset(entry)}
            label={entry.symbol}
            title={entry.name}
          />
        ))}
      </ChoiceGroup>
      <label htmlFor={amountId} className="foyer-muted">
        {t('onramp.amount')}
      </label>
      <div className="foyer-swap-row">
        <input
          id={amountId}
          className="foyer-search"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={limitId}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        {currencies.length > 1 ? (
          <ChoiceGroup legend={t('onramp.currency')} name={`${id}-currency`} compact>
            {currencies.map((code) => (
              <Choice
                key={code}
                name={`${id}-currency`}
                checked={code === currency}
                onChange={() => setCurrency(code)}
                label={code}
              />
            ))}
          </ChoiceGroup>
        ) : null}
      </div>
      <div className="foyer-choice-row">
        {PRESET_AMOUNTS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="foyer-button"
            data-variant="secondary"
            aria-pressed={amount === preset}
            onClick={() => setAmount(preset)}
          >
            {money(preset).replace(/[.,]00$/, '')}
          </button>
        ))}
      </div>
      <ChoiceGroup legend={t('onramp.method')} name={`${id}-method`}>
        {(['card', 'ach_bank_account'] as const).map((entry) => (
          <Choice
            key={entry}
            name={`${id}-method`}
            checked={entry === method}
            onChange={() => setMethod(entry)}
            label={t(methodLabels[entry])}
          />
        ))}
      </ChoiceGroup>
      <p id={limitId} className="foyer-muted" data-foyer-onramp-limit="">
        {t('onramp.limit', { min: money(limit.min), max: money(limit.max) })}
      </p>
      {amountError ? (
        <p className="foyer-error-text" role="alert" data-foyer-onramp-amount-error="">
          {errorText(amountError, t)}
        </p>
      ) : null}
      {quote ? (
        <dl className="foyer-swap-details" data-foyer-onramp-quote="">
          <dt>{t('onramp.youGet')}</dt>
          <dd className="foyer-strong" dir="ltr" data-foyer-onramp-receive="">
            {`${quote.estimated ? '≈ ' : ''}${formatCrypto(quote.purchaseAmount.amount, locale)} ${quote.purchaseAmount.currency}`}
          </dd>
          <dt>{t('onramp.providerFee')}</dt>
          <dd>{money(quote.providerFee.amount, quote.providerFee.currency)}</dd>
          <dt>{t('onramp.networkFee')}</dt>
          <dd>{money(quote.networkFee.amount, quote.networkFee.currency)}</dd>
          <dt>{t('onramp.total')}</dt>
          <dd>{money(quote.paymentTotal.amount, quote.paymentTotal.currency)}</dd>
        </dl>
      ) : null}
      <p className="foyer-muted" role="status" aria-live="polite">
        {quoting && !quote ? t('onramp.quoting') : ''}
        {quote?.estimated ? t('onramp.estimated') : ''}
        {options.source === 'fallback' ? ` ${t('onramp.sampleOptions')}` : ''}
      </p>
      {quoteError ? (
        <p className="foyer-error-text" role="alert">
          {errorText(quoteError, t)}
        </p>
      ) : null}
      <button
        type="submit"
        className="foyer-button"
        disabled={opening || !amount.trim() || amountError !== undefined}
        aria-busy={opening || undefined}
      >
        {options.providerName
          ? t('onramp.continueWith', { provider: options.providerName })
          : t('onramp.continue')}
      </button>
      {openError ? (
        <p className="foyer-error-text" role="alert">
          {errorText(openError, t)}
        </p>
      ) : null}
    </form>
  )
}

/**
 * While the visitor pays in the provider's window: the purchase to this address that the
 * checkout made, read every 2 s until it is done or failed.
 */
function CheckoutStatus({
  url,
  blocked,
  providerName,
  onBack,
}: {
  url: string
  blocked: boolean
  providerName: string | undefined
  onBack: () => void
}) {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const [purchase, setPurchase] = useState<OnRampTransaction>()
  const done = purchase?.status === 'success' || purchase?.status === 'failed'

  // Purchases listed before this checkout's are not its own: the first read sets them aside
  // (clocks of the provider and of this device may differ, so times cannot tell).
  const earlier = useRef<Set<string>>(undefined)
  useEffect(() => {
    if (done) return
    const controller = new AbortController()
    const read = () =>
      getOnRampTransactions(foyer, { signal: controller.signal })
        .then((transactions) => {
          if (!earlier.current) {
            earlier.current = new Set(transactions.map((transaction) => transaction.id))
            return
          }
          const known = earlier.current
          const latest = transactions.find((transaction) => !known.has(transaction.id))
          if (latest) setPurchase(latest)
        })
        .catch(() => {
          // A missed poll is retried on the next tick.
        })
    void read()
    const timer = setInterval(read, STATUS_POLL_MS)
    return () => {
      clearInterval(timer)
      controller.abort()
    }
  }, [foyer, done])

  // The crypto arrived: the account header and the Tokens tab show it (past the 30 s caches).
  const delivered = purchase?.status === 'success'
  useEffect(() => {
    if (!delivered) return
    void Promise.allSettled([
      getBalance(foyer, { force: true }),
      getTokenBalances(foyer, { force: true }),
    ])
  }, [foyer, delivered])

  const bought = purchase
    ? `${formatCrypto(purchase.purchaseAmount.amount, locale)} ${purchase.purchaseAmount.currency}`
    : ''
  let status: ReactNode
  if (!purchase)
    status = providerName ? t('onramp.waitingFor', { provider: providerName }) : t('onramp.waiting')
  else if (purchase.status === 'pending') status = t('onramp.delivering', { amount: bought })
  else if (purchase.status === 'success') status = t('onramp.delivered', { amount: bought })
  else status = t('onramp.failed')

  return (
    <div className="foyer-center foyer-actions" data-foyer-onramp-checkout="">
      {!done ? (
        <div className="foyer-center">
          <span className="foyer-spinner" />
        </div>
      ) : null}
      <p
        className={purchase?.status === 'failed' ? 'foyer-error-text' : 'foyer-strong'}
        role="status"
        aria-live="polite"
        data-foyer-onramp-status={purchase?.status ?? 'waiting'}
      >
        {status}
      </p>
      {blocked && !purchase ? (
        <p className="foyer-muted">
          {t('onramp.popupBlocked')}{' '}
          <a href={url} target="_blank" rel="noreferrer noopener">
            {t('onramp.openCheckout')}
          </a>
        </p>
      ) : null}
      {purchase?.status === 'success' ? (
        <button
          type="button"
          className="foyer-button"
          onClick={() => navigate(foyer, { view: 'Account', data: { tab: 'Activity' } })}
        >
          {t('onramp.viewActivity')}
        </button>
      ) : (
        <button type="button" className="foyer-button" data-variant="secondary" onClick={onBack}>
          {t('onramp.back')}
        </button>
      )}
    </div>
  )
}

/** A crypto amount as the provider states it: its own decimals (2 to 6), never padded further. */
function formatCrypto(amount: string, locale: string): string {
  const decimals = Math.min(6, Math.max(2, amount.split('.')[1]?.length ?? 0))
  return formatBalance(amount, { locale, decimals })
}

function ChoiceGroup({
  legend,
  name,
  compact,
  children,
}: {
  legend: string
  name: string
  compact?: boolean
  children: ReactNode
}) {
  return (
    <fieldset className="foyer-choice-group" data-compact={compact || undefined} id={name}>
      <legend className={compact ? 'foyer-visually-hidden' : 'foyer-muted'}>{legend}</legend>
      <div className="foyer-choice-row">{children}</div>
    </fieldset>
  )
}

function Choice({
  name,
  checked,
  onChange,
  label,
  title,
}: {
  name: string
  checked: boolean
  onChange: () => void
  label: string
  title?: string | undefined
}) {
  return (
    <label className="foyer-choice" title={title}>
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  )
}
