import {
  firstSendFormError,
  formatBalance,
  formatUnits,
  getIdentity,
  getSendTokenBalances,
  getTokenBalances,
  isTokenOnNetwork,
  looksLikeName,
  parseAmount,
  resolveName,
  sendTransfer,
  setReceiverAddress,
  setReceiverProfile,
  setSendToken,
  setSendTokenAmount,
  validateSendForm,
} from '@foyer/core'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { identiconUrl } from '../../components/Identicon.tsx'
import { useAccount } from '../../hooks/useAccount.ts'
import { useFoyer, useFoyerContext } from '../../hooks/useFoyer.ts'
import { useFoyerState } from '../../hooks/useFoyerState.ts'
import { useNetwork } from '../../hooks/useNetwork.ts'
import { errorText } from '../components/NetworkList.tsx'
import { WalletIcon } from '../components/WalletIcon.tsx'
import { TokenSelect } from './send/TokenSelect.tsx'
import { useSendFee } from './send/useSendFee.ts'

// Amount input and its Max button side by side.
const amountRowStyle = { display: 'flex', gap: 8, alignItems: 'flex-start' } as const

/**
 * Send the native currency, an ERC-20 or an SPL token: token picker with balances, amount with Max, receiver
 * address, the network fee, then the wallet signs. Field errors (SPEC §5 texts) show after the
 * first submit, each tied to its field; the result arrives as a toast from core.
 */
export default function Send() {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const { address } = useAccount()
  const { network } = useNetwork()
  const send = useFoyerState((state) => state.send)
  const [submitted, setSubmitted] = useState(false)
  const [sendError, setSendError] = useState<Error | undefined>(undefined)
  const id = useId()
  const ids = {
    token: `${id}-token`,
    amount: `${id}-amount`,
    receiver: `${id}-receiver`,
    requiredError: `${id}-required-error`,
    tokenError: `${id}-token-error`,
    amountError: `${id}-amount-error`,
    receiverError: `${id}-receiver-error`,
    receiverName: `${id}-receiver-name`,
    balance: `${id}-balance`,
  }
  const fields = useRef<HTMLFormElement>(null)

  // A token of another chain (after a network switch) cannot be sent here.
  const token = send.token && isTokenOnNetwork(send.token, network) ? send.token : undefined
  const tokens = send.tokenBalances.filter((candidate) => isTokenOnNetwork(candidate, network))

  useEffect(() => {
    if (!address) return
    if (foyer.getState().send.token && !isTokenOnNetwork(foyer.getState().send.token!, network))
      setSendToken(foyer, { token: undefined })
    // The account's token list (server balance route) says which ERC-20s to offer; fetch it
    // when Send opens before the Tokens tab has.
    const listed = foyer.getState().account.tokenBalance.length
      ? Promise.resolve()
      : getTokenBalances(foyer).catch(() => undefined)
    listed
      .then(() => getSendTokenBalances(foyer))
      .then((balances) => {
        if (!foyer.getState().send.token && balances[0]) setSendToken(foyer, { token: balances[0] })
      })
      .catch(() => {})
  }, [foyer, address, network])

  const receiver = useReceiverName()
  const errors = validateSendForm({ ...send, token, namespace: network.chainNamespace })
  const valid = firstSendFormError(errors) === undefined
  const fee = useSendFee(foyer, { ...send, token }, valid)
  const shown = submitted ? errors : {}

  // Max on the native currency must leave the network fee, which is known only once the form is
  // complete (a receiver typed) and estimated: Max stays "requested" until the visitor edits the
  // amount, and follows the fee when it arrives or changes.
  const [maxRequested, setMaxRequested] = useState(false)
  const maxAmount = (() => {
    if (!token) return undefined
    const decimals = Number(token.quantity.decimals)
    const balance = parseAmount(token.quantity.numeric, decimals) ?? 0n
    // Leave the network fee for a native transfer, or the wallet would refuse it.
    const max = !token.address && fee ? (balance > fee.fee ? balance - fee.fee : 0n) : balance
    return formatUnits(max, decimals)
  })()
  const fillMax = () => {
    if (maxAmount === undefined) return
    setMaxRequested(true)
    setSendTokenAmount(foyer, { amount: maxAmount })
  }
  useEffect(() => {
    if (maxRequested && maxAmount !== undefined && send.sendTokenAmount !== maxAmount)
      setSendTokenAmount(foyer, { amount: maxAmount })
  }, [foyer, maxRequested, maxAmount, send.sendTokenAmount])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    setSendError(undefined)
    if (!valid) {
      // Move focus to the first field that needs attention, in the form's order.
      const amountMissing = errors.amountAndReceiver && !send.sendTokenAmount?.trim()
      const firstInvalid = errors.token
        ? ids.token
        : errors.amount || amountMissing
          ? ids.amount
          : ids.receiver
      fields.current?.querySelector<HTMLElement>(`[id="${firstInvalid}"]`)?.focus()
      return
    }
    setMaxRequested(false)
    sendTransfer(foyer, { messages: { success: t('send.success') } })
      .then(() => setSubmitted(false))
      .catch((error: Error) => setSendError(error))
  }

  const describedBy = (...candidates: (string | false | undefined)[]) =>
    candidates.filter(Boolean).join(' ') || undefined
  const amountInvalid = Boolean(
    shown.amount || (shown.amountAndReceiver && !send.sendTokenAmount?.trim()),
  )
  const receiverInvalid = Boolean(
    shown.receiverAddress || (shown.amountAndReceiver && !send.receiverAddress?.trim()),
  )

  // SPEC §6: send works only on EVM and Solana.
  if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana')
    return (
      <p className="foyer-center foyer-muted" role="status">
        {t('send.unsupported', { name: network.name })}
      </p>
    )

  return (
    <form ref={fields} className="foyer-actions" noValidate onSubmit={onSubmit} data-foyer-send="">
      <TokenSelect
        id={ids.token}
        tokens={tokens}
        selected={token}
        onSelect={(next) => {
          setMaxRequested(false)
          setSendToken(foyer, { token: next })
        }}
        errorId={shown.token ? ids.tokenError : undefined}
        disabled={send.loading}
      />
      {shown.token ? (
        <p id={ids.tokenError} className="foyer-error-text">
          {errorText(shown.token, t)}
        </p>
      ) : null}
      {token ? (
        <p id={ids.balance} className="foyer-muted" data-foyer-send-balance="">
          {t('send.balance', {
            balance: formatBalance(token.quantity.numeric, { locale }),
            symbol: token.symbol,
          })}
        </p>
      ) : null}

      <label htmlFor={ids.amount} className="foyer-muted">
        {t('send.amount')}
      </label>
      <div style={amountRowStyle}>
        <input
          id={ids.amount}
          className="foyer-search"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={send.sendTokenAmount ?? ''}
          aria-invalid={amountInvalid || undefined}
          aria-describedby={describedBy(
            token && ids.balance,
            shown.amount && ids.amountError,
            shown.amountAndReceiver && !send.sendTokenAmount?.trim() && ids.requiredError,
          )}
          disabled={send.loading}
          onChange={(event) => {
            setMaxRequested(false)
            setSendTokenAmount(foyer, { amount: event.currentTarget.value })
          }}
        />
        <button
          type="button"
          className="foyer-button"
          aria-label={t('send.maxLabel')}
          disabled={!token || send.loading}
          onClick={fillMax}
        >
          {t('send.max')}
        </button>
      </div>
      {shown.amount ? (
        <p id={ids.amountError} className="foyer-error-text">
          {errorText(shown.amount, t)}
        </p>
      ) : null}

      <label htmlFor={ids.receiver} className="foyer-muted">
        {t('send.receiver')}
      </label>
      <input
        id={ids.receiver}
        className="foyer-search"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder={
          network.chainNamespace === 'eip155' ? t('send.receiverPlaceholder') : undefined
        }
        value={receiver.text}
        aria-invalid={receiverInvalid || undefined}
        aria-describedby={describedBy(
          shown.receiverAddress && ids.receiverError,
          shown.amountAndReceiver && !send.receiverAddress?.trim() && ids.requiredError,
          receiver.lookup && ids.receiverName,
        )}
        disabled={send.loading}
        onChange={(event) => receiver.change(event.currentTarget.value)}
      />
      {receiver.lookup ? (
        <p
          id={ids.receiverName}
          className={
            receiver.lookup.state === 'missing' || receiver.lookup.state === 'error'
              ? 'foyer-error-text'
              : 'foyer-muted'
          }
          role={
            receiver.lookup.state === 'missing' || receiver.lookup.state === 'error'
              ? 'alert'
              : 'status'
          }
          data-foyer-receiver-lookup={receiver.lookup.state}
        >
          {receiver.lookup.state === 'resolving'
            ? t('send.resolvingName', { name: receiver.lookup.name })
            : receiver.lookup.state === 'missing'
              ? t('send.nameNotFound', { name: receiver.lookup.name })
              : receiver.lookup.state === 'error'
                ? t('error.resolveName')
                : null}
          {receiver.lookup.state === 'resolved' && send.receiverAddress ? (
            <span className="foyer-receiver-profile" data-foyer-receiver-profile="">
              <WalletIcon
                src={send.receiverProfileImage ?? identiconUrl(send.receiverAddress)}
                size="small"
              />
              <span className="foyer-receiver-profile-text">
                {`${send.receiverProfileName ?? receiver.lookup.name} · ${send.receiverAddress}`}
              </span>
            </span>
          ) : null}
        </p>
      ) : send.receiverProfileName ? (
        <p className="foyer-muted foyer-receiver-profile" data-foyer-receiver-profile="">
          <WalletIcon src={send.receiverProfileImage} size="small" />
          <span className="foyer-receiver-profile-text">{send.receiverProfileName}</span>
        </p>
      ) : null}
      {shown.receiverAddress ? (
        <p id={ids.receiverError} className="foyer-error-text">
          {errorText(shown.receiverAddress, t)}
        </p>
      ) : null}
      {shown.amountAndReceiver ? (
        <p id={ids.requiredError} className="foyer-error-text">
          {errorText(shown.amountAndReceiver, t)}
        </p>
      ) : null}

      <p className="foyer-muted" role="status" data-foyer-send-fee="">
        {fee
          ? t('send.fee', {
              fee: formatBalance(fee.formatted, { decimals: 6, locale }),
              symbol: fee.symbol,
            })
          : null}
      </p>
      <button
        type="submit"
        className="foyer-button"
        disabled={send.loading}
        aria-busy={send.loading || undefined}
      >
        {send.loading ? t('send.sending') : t('send.submit')}
      </button>
      {sendError ? (
        <p className="foyer-error-text" role="alert">
          {errorText(sendError, t)}
        </p>
      ) : null}
    </form>
  )
}

/** Typing pauses this long before a name is looked up. */
const NAME_DEBOUNCE_MS = 300

type NameLookup = { name: string; state: 'resolving' | 'resolved' | 'missing' | 'error' }

/**
 * The receiver field: an address, or on EVM a name (ENS or the server's zone) resolved as the
 * visitor types. The send form's `receiverAddress` holds the resolved address and the receiver
 * profile its name and avatar (SPEC §3); while a name is unresolved there is no receiver.
 */
function useReceiverName() {
  const foyer = useFoyer()
  const send = useFoyerState((state) => state.send)
  const namespace = useFoyerState((state) => state.activeNetwork.chainNamespace)
  const [text, setText] = useState(send.receiverProfileName ?? send.receiverAddress ?? '')
  const [lookup, setLookup] = useState<NameLookup>()

  const change = (value: string) => {
    setText(value)
    if (namespace === 'eip155' && looksLikeName(value)) {
      setReceiverAddress(foyer, { address: undefined })
      setLookup({ name: value.trim().toLowerCase(), state: 'resolving' })
    } else {
      setLookup(undefined)
      setReceiverAddress(foyer, { address: value })
    }
  }

  const resolving = lookup?.state === 'resolving' ? lookup.name : undefined
  useEffect(() => {
    if (!resolving) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      resolveName(foyer, { name: resolving, signal: controller.signal })
        .then((found) => {
          if (controller.signal.aborted) return
          if (!found) return setLookup({ name: resolving, state: 'missing' })
          setReceiverAddress(foyer, { address: found.address })
          setReceiverProfile(foyer, { name: found.name, image: found.avatar ?? undefined })
          setLookup({ name: resolving, state: 'resolved' })
        })
        .catch(() => {
          if (!controller.signal.aborted) setLookup({ name: resolving, state: 'error' })
        })
    }, NAME_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [foyer, resolving])

  // An address typed: its name and avatar, when it has one (cached 5 minutes).
  const typedAddress =
    !lookup && namespace === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(text.trim())
      ? text.trim()
      : undefined
  useEffect(() => {
    if (!typedAddress) return
    const controller = new AbortController()
    getIdentity(foyer, { address: typedAddress, signal: controller.signal })
      .then((identity) => {
        if (controller.signal.aborted || !identity.name) return
        if (foyer.getState().send.receiverAddress?.trim() !== typedAddress) return
        setReceiverProfile(foyer, { name: identity.name, image: identity.avatar ?? undefined })
      })
      .catch(() => {
        // A receiver without a known name is still a receiver.
      })
    return () => controller.abort()
  }, [foyer, typedAddress])

  // A sent transfer clears the form's receiver: the name typed goes with it.
  const resolvedAndCleared = lookup?.state === 'resolved' && send.receiverAddress === undefined
  useEffect(() => {
    if (!resolvedAndCleared) return
    setText('')
    setLookup(undefined)
    setReceiverProfile(foyer, { name: undefined })
  }, [foyer, resolvedAndCleared])

  return { text, lookup, change }
}
