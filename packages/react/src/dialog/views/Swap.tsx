import {
  formatBalance,
  formatFiat,
  getSwapQuote,
  getSwapTokens,
  navigate,
  parseAmount,
  type SwapQuote,
  type SwapToken,
  showToast,
  swap,
} from '@foyer/core'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { formatPercent } from '../../i18n/formatPercent.ts'
import { errorText } from '../components/NetworkList.tsx'
import { SwapTokenPicker } from './swap/SwapTokenPicker.tsx'

/** Quotes follow the pools while the view is open. */
const QUOTE_REFRESH_MS = 15_000
/** Typing pauses this long before a quote is asked for. */
const QUOTE_DEBOUNCE_MS = 300

type Step = 'idle' | 'approving' | 'swapping'

/**
 * Swap on the active EVM network: token in and out (searchable, with balances and USD values),
 * amount with Max, a live quote (rate, price impact, minimum received at the slippage tolerance,
 * network fee), an approval first when the allowance is short, then the swap. Quotes refresh every
 * 15 s and never race: only the latest request's answer is shown.
 */
export default function Swap() {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const { address } = useAccount()
  const { network } = useNetwork()
  const id = useId()
  const [tokens, setTokens] = useState<readonly SwapToken[]>([])
  const [loadError, setLoadError] = useState<Error>()
  const [from, setFrom] = useState<SwapToken>()
  const [to, setTo] = useState<SwapToken>()
  const [amount, setAmount] = useState('')
  const [quote, setQuote] = useState<SwapQuote>()
  const [quoteError, setQuoteError] = useState<Error>()
  const [quoting, setQuoting] = useState(false)
  const [step, setStep] = useState<Step>('idle')
  const [swapError, setSwapError] = useState<Error>()
  const latest = useRef(0)
  const busy = step !== 'idle'

  const chain = network.caipNetworkId
  useEffect(() => {
    // Asked again on another network (`chain`): its tokens and balances differ.
    if (!address || !chain) return
    let live = true
    getSwapTokens(foyer)
      .then((list) => {
        if (!live) return
        setTokens(list)
        // Default pair: the native currency into the first token the visitor can buy.
        setFrom((current) => current ?? list[0])
        setTo((current) => current ?? list[1])
      })
      .catch((error: Error) => {
        if (live) setLoadError(error)
      })
    return () => {
      live = false
    }
  }, [foyer, address, chain])

  // A fresh quote for what is typed now; older answers are dropped.
  useEffect(() => {
    setQuote(undefined)
    setQuoteError(undefined)
    if (!from || !to || !amount.trim() || busy) return
    const request = ++latest.current
    const ask = () => {
      setQuoting(true)
      getSwapQuote(foyer, { from, to, amount, tokens })
        .then((next) => {
          if (request !== latest.current) return
          setQuote(next)
          setQuoteError(undefined)
        })
        .catch((error: Error) => {
          if (request !== latest.current) return
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
    }
  }, [foyer, from, to, amount, tokens, busy])

  if (network.chainNamespace !== 'eip155')
    return (
      <p className="foyer-center foyer-muted" role="status">
        {t('swap.unsupported', { name: network.name })}
      </p>
    )
  if (loadError)
    return (
      <p className="foyer-center foyer-error-text" role="alert">
        {errorText(loadError, t)}
      </p>
    )

  // Picking the other side's token flips the pair.
  const choose = (side: 'from' | 'to', token: SwapToken) => {
    if (side === 'from') {
      if (to?.address === token.address) setTo(from)
      setFrom(token)
    } else {
      if (from?.address === token.address) setFrom(to)
      setTo(token)
    }
  }
  const flip = () => {
    setFrom(to)
    setTo(from)
    setAmount('')
  }
  const fillMax = () => {
    if (!from) return
    // The native currency keeps a little for the network fee.
    const balance = parseAmount(from.quantity, from.decimals) ?? 0n
    const reserve = from.address
      .toLowerCase()
      .endsWith('0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee')
      ? 10n ** BigInt(Math.max(0, from.decimals - 2))
      : 0n
    const max = balance > reserve ? balance - reserve : 0n
    const text = max.toString().padStart(from.decimals + 1, '0')
    const integer = text.slice(0, text.length - from.decimals)
    const fraction = text.slice(text.length - from.decimals).replace(/0+$/, '')
    setAmount(fraction ? `${integer}.${fraction}` : integer)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!quote || busy) return
    setSwapError(undefined)
    swap(foyer, { quote, onStep: setStep })
      .then(() => {
        void showToast(foyer, {
          variant: 'success',
          message: t('swap.done', { from: quote.from.symbol, to: quote.to.symbol }),
        })
        navigate(foyer, { view: 'Account' })
      })
      .catch((error: Error) => setSwapError(error))
      .finally(() => setStep('idle'))
  }

  const amountId = `${id}-amount`
  const balanceId = `${id}-balance`
  return (
    <form className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-swap="">
      <label htmlFor={amountId} className="foyer-muted">
        {t('swap.youPay')}
      </label>
      <div className="foyer-swap-row">
        <input
          id={amountId}
          className="foyer-search"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          aria-describedby={from ? balanceId : undefined}
          disabled={busy}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <SwapTokenPicker
          label={t('swap.payToken')}
          tokens={tokens}
          selected={from}
          onSelect={(token) => choose('from', token)}
          disabled={busy || tokens.length === 0}
        />
      </div>
      {from ? (
        <p id={balanceId} className="foyer-muted" data-foyer-swap-balance="">
          {t('swap.balance', {
            balance: formatBalance(from.quantity, { locale }),
            symbol: from.symbol,
          })}{' '}
          <button type="button" className="foyer-link-button" disabled={busy} onClick={fillMax}>
            {t('send.max')}
            <span className="foyer-visually-hidden"> {t('swap.maxLabel')}</span>
          </button>
        </p>
      ) : null}
      <button
        type="button"
        className="foyer-button"
        data-variant="secondary"
        aria-label={t('swap.flip')}
        disabled={busy}
        onClick={flip}
      >
        ⇅
      </button>
      <span className="foyer-muted" id={`${id}-receive`}>
        {t('swap.youReceive')}
      </span>
      <div className="foyer-swap-row">
        <output
          className="foyer-strong"
          aria-labelledby={`${id}-receive`}
          aria-busy={quoting || undefined}
          dir="ltr"
          data-foyer-swap-out=""
        >
          {quote ? formatBalance(quote.formatted.toAmount, { locale, decimals: 6 }) : '—'}
        </output>
        <SwapTokenPicker
          label={t('swap.receiveToken')}
          tokens={tokens}
          selected={to}
          onSelect={(token) => choose('to', token)}
          disabled={busy || tokens.length === 0}
        />
      </div>
      {quote ? (
        <dl className="foyer-swap-details" data-foyer-swap-quote="">
          <dt>{t('swap.rate')}</dt>
          <dd dir="ltr">{`1 ${quote.from.symbol} = ${quote.formatted.rate} ${quote.to.symbol}`}</dd>
          <dt>{t('swap.priceImpact')}</dt>
          <dd>{formatPercent(quote.priceImpact, locale)}</dd>
          <dt>{t('swap.minimumReceived', { slippage: quote.slippage })}</dt>
          <dd>{`${formatBalance(quote.formatted.toAmountMin, { locale, decimals: 6 })} ${quote.to.symbol}`}</dd>
          <dt>{t('swap.route')}</dt>
          <dd dir="ltr">{quote.route.join(' → ')}</dd>
          {quote.networkFee ? (
            <>
              <dt>{t('swap.networkFee')}</dt>
              <dd>
                {`≈ ${formatBalance(quote.networkFee.native, { locale, decimals: 6 })} ${quote.networkFee.symbol}`}
                {quote.networkFee.usd !== undefined
                  ? ` (${formatFiat(quote.networkFee.usd, { locale })})`
                  : ''}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className="foyer-muted" role="status" aria-live="polite">
        {quoting && !quote ? t('swap.quoting') : ''}
        {step === 'approving' ? t('swap.approving', { symbol: from?.symbol ?? '' }) : ''}
        {step === 'swapping' ? t('swap.swapping') : ''}
      </p>
      {quoteError ? (
        <p className="foyer-error-text" role="alert">
          {errorText(quoteError, t)}
        </p>
      ) : null}
      <button
        type="submit"
        className="foyer-button"
        disabled={!quote || busy}
        aria-busy={busy || undefined}
      >
        {quote?.needsApproval
          ? t('swap.approveAndSwap', { symbol: quote.from.symbol })
          : t('swap.submit')}
      </button>
      {swapError ? (
        <p className="foyer-error-text" role="alert">
          {errorText(swapError, t)}
        </p>
      ) : null}
    </form>
  )
}
