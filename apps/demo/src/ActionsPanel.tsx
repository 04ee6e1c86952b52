import { sendTransaction, signMessage } from '@foyer/core'
import { useAccount, useFoyer } from '@foyer/react'
import { useState } from 'react'

export const demoMessage = 'Sign in to the Foyer demo'

/** Headless actions against whichever wallet is connected, as an app would call them. */
export function ActionsPanel() {
  const foyer = useFoyer()
  const { address, isConnected } = useAccount()
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
