import { useState } from 'react'

/** Controls for the injected test wallet, shown only when the page runs with `?testWallet=1`. */
export function TestWalletPanel() {
  const wallet = typeof window === 'undefined' ? undefined : window.foyerTestWallet
  const [behaviour, setBehaviour] = useState(() => wallet?.getBehaviour())
  if (!wallet || !behaviour) return null
  const update = (next: Parameters<typeof wallet.setBehaviour>[0]) => {
    wallet.setBehaviour(next)
    setBehaviour(wallet.getBehaviour())
  }
  return (
    <section aria-labelledby="test-wallet-title">
      <h2 id="test-wallet-title">Foyer Test Wallet</h2>
      <label>
        Connection requests{' '}
        <select
          value={behaviour.connect}
          onChange={(event) => update({ connect: event.target.value as 'approve' | 'reject' })}
        >
          <option value="approve">approve</option>
          <option value="reject">reject</option>
        </select>
      </label>{' '}
      <label>
        Network switches{' '}
        <select
          value={behaviour.switchChain}
          onChange={(event) => update({ switchChain: event.target.value as 'approve' | 'reject' })}
        >
          <option value="approve">approve</option>
          <option value="reject">reject</option>
        </select>
      </label>
    </section>
  )
}
