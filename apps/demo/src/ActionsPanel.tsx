import { parseAmount, sendTransaction, signMessage } from '@foyer/core'
import { useAccount, useFoyer, useNetwork } from '@foyer/react'
import { useState } from 'react'

export const demoMessage = 'Sign in to the Foyer demo'

/** Headless actions against whichever wallet is connected, as an app would call them. */
export function ActionsPanel() {
  const foyer = useFoyer()
  const { address, isConnected } = useAccount()
  const { network } = useNetwork()
  const [amount, setAmount] = useState('')
  const [receiver, setReceiver] = useState('')
  const [signature, setSignature] = useState<string>()
  const [hash, setHash] = useState<string>()
  const [error, setError] = useState<string>()
  const run = (action: () => Promise<void>) => () => {
    setError(undefined)
    action().catch((reason: Error & { shortMessage?: string }) =>
      setError(reason.shortMessage ?? reason.message),
    )
  }
  return (
    <section aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      <button
        type="button"
        disabled={!isConnected}
        onClick={run(async () => setSignature(await signMessage(foyer, { message: demoMessage })))}
      >
        Sign “{demoMessage}”
      </button>{' '}
      <button
        type="button"
        disabled={!isConnected || !address}
        onClick={run(async () =>
          // 0.001 of the native currency, to the connected account itself.
          setHash(await sendTransaction(foyer, { to: address!, value: 10n ** 15n })),
        )}
      >
        Send 0.001 to myself
      </button>
      <form
        aria-label="Send native currency"
        onSubmit={(event) => {
          event.preventDefault()
          const { decimals, symbol } = network.nativeCurrency
          const value = parseAmount(amount.trim(), decimals)
          if (value === undefined) {
            setError(`Not an amount of ${symbol}: ${amount}`)
            return
          }
          run(async () => setHash(await sendTransaction(foyer, { to: receiver.trim(), value })))()
        }}
      >
        <label>
          Amount ({network.nativeCurrency.symbol}){' '}
          <input value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>{' '}
        <label>
          To <input value={receiver} onChange={(event) => setReceiver(event.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!isConnected}>
          Send
        </button>
      </form>
      <dl>
        <dt>Signature</dt>
        <dd data-testid="signature">{signature ?? '—'}</dd>
        <dt>Transaction</dt>
        <dd data-testid="transaction">{hash ?? '—'}</dd>
      </dl>
      {error ? (
        <p role="alert" data-testid="action-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
