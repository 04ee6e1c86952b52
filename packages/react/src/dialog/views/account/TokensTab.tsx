import { formatBalance, formatFiat, getTokenBalances, navigate } from '@foyer/core'
import { useEffect, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../../../hooks/useFoyerState.ts'
import { EmptyState } from '../../components/EmptyState.tsx'
import { SkeletonList } from '../../components/Skeleton.tsx'

/**
 * The account's token balances (server balance route, or the native balance from RPC without a
 * server): icon, quantity to 3 decimals, price and value to 2, and the total value. A failure
 * shows core's 'Token Balance Unavailable' toast; core blocks retries for 30 s.
 */
export function TokensTab() {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const { address, caipNetworkId, tokens } = useFoyerState(
    (state) => ({
      address: state.account.address,
      caipNetworkId: state.activeNetwork.caipNetworkId,
      tokens: state.account.tokenBalance,
    }),
    shallowEqual,
  )
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')

  // Reads whatever account and network are current; both are listed so a change fetches again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: address and network trigger a fetch
  useEffect(() => {
    if (!address) return
    let current = true
    setStatus('loading')
    // The current account and network (an unsupported network fails with the toast, SPEC §8).
    getTokenBalances(foyer).then(
      () => current && setStatus('ready'),
      () => current && setStatus('error'),
    )
    return () => {
      current = false
    }
  }, [foyer, address, caipNetworkId])

  // Balances of another network or account must not show while the new ones load.
  const shown = tokens.filter((token) => token.chainId === caipNetworkId)
  const hasPrices = shown.some((token) => token.price > 0)
  const total = shown.reduce((sum, token) => sum + token.value, 0)

  if (status === 'loading' && shown.length === 0)
    return <SkeletonList count={2} label={t('dialog.loading')} />
  if (status === 'error' && shown.length === 0)
    return <p className="foyer-center foyer-muted">{t('tokens.unavailable')}</p>
  if (shown.length === 0)
    return (
      <EmptyState
        text={t('tokens.empty')}
        action={{ label: t('empty.receive'), onClick: () => navigate(foyer, { view: 'Receive' }) }}
      />
    )

  return (
    <div className="foyer-actions">
      {hasPrices ? (
        <p className="foyer-muted" data-foyer-total-value="">
          {t('tokens.total', { value: formatFiat(total, { locale }) })}
        </p>
      ) : null}
      <ul className="foyer-list" aria-label={t('tokens.listLabel')}>
        {shown.map((token) => {
          const quantity = `${formatBalance(token.quantity.numeric, { locale })} ${token.symbol}`
          return (
            <li
              key={`${token.chainId}:${token.address ?? 'native'}`}
              className="foyer-list-item"
              data-token-symbol={token.symbol}
            >
              {token.iconUrl ? (
                <img className="foyer-wallet-icon" src={token.iconUrl} alt="" draggable={false} />
              ) : (
                <span className="foyer-wallet-icon" aria-hidden="true" />
              )}
              <span className="foyer-list-item-label">
                <span>{token.name}</span>
                <br />
                <span className="foyer-muted">
                  {token.price > 0
                    ? t('tokens.price', { price: formatFiat(token.price, { locale }) })
                    : t('tokens.noPrice')}
                </span>
              </span>
              <span>
                <span dir="ltr" data-foyer-token-quantity="">
                  {quantity}
                </span>
                {token.price > 0 ? (
                  <>
                    <br />
                    <span className="foyer-muted">{formatFiat(token.value, { locale })}</span>
                  </>
                ) : null}
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
