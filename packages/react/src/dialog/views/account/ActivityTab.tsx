import {
  ACTIVITY_NAMESPACES,
  formatBalance,
  getTransactionHistory,
  type HistoryTransaction,
  type PendingTransaction,
} from '@foyer/core'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { PagedListFooter } from '../../components/PagedListFooter.tsx'
import { usePagedList } from '../../components/usePagedList.ts'

/** How often the first page is read again while a transaction we sent is not in it yet. */
const PENDING_REFRESH_MS = 2_000
/** After this long a missing transaction no longer triggers refreshes (it may never be indexed). */
const PENDING_REFRESH_WINDOW_MS = 10 * 60_000

const operationLabels: Record<HistoryTransaction['metadata']['operationType'], MessageKey> = {
  send: 'activity.operation.send',
  receive: 'activity.operation.receive',
  trade: 'activity.operation.trade',
  execute: 'activity.operation.execute',
}
const statusLabels: Record<'confirmed' | 'failed' | 'pending', MessageKey> = {
  confirmed: 'activity.status.confirmed',
  failed: 'activity.status.failed',
  pending: 'activity.status.pending',
}

/**
 * The account's transactions on the active network, newest first, with infinite scroll. Our own
 * transactions show at once as pending until the server's history lists them. EVM only (SPEC §6).
 */
export function ActivityTab() {
  const foyer = useFoyer()
  const { t, locale } = useFoyerContext()
  const { address, network, pendingTransactions } = useFoyerState(
    (state) => ({
      address: state.account.address,
      network: state.activeNetwork,
      pendingTransactions: state.pendingTransactions,
    }),
    shallowEqual,
  )
  const supported = (ACTIVITY_NAMESPACES as readonly string[]).includes(network.chainNamespace)
  const list = usePagedList<HistoryTransaction>(
    `${address}:${network.caipNetworkId}`,
    (cursor, signal) =>
      supported
        ? getTransactionHistory(foyer, { address, network, cursor, signal })
        : Promise.resolve({ data: [], next: null }),
  )

  const listed = useMemo(
    () => new Set(list.items.map((transaction) => transaction.metadata.hash.toLowerCase())),
    [list.items],
  )
  const pending = pendingTransactions.filter(
    (transaction) =>
      transaction.caipNetworkId === network.caipNetworkId &&
      transaction.from.toLowerCase() === address?.toLowerCase() &&
      !listed.has(transaction.hash.toLowerCase()),
  )
  // Until the server has indexed what we sent, look again every few seconds.
  const waiting =
    supported &&
    !list.loading &&
    pending.some((transaction) => Date.now() - transaction.sentAt < PENDING_REFRESH_WINDOW_MS)
  // An interval, not a timeout re-armed by `loading` going true and false: when a reload answers
  // before React renders, both updates land in one render, `waiting` never changes, and a timeout
  // would not be set again.
  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(list.reload, PENDING_REFRESH_MS)
    return () => clearInterval(timer)
  }, [waiting, list.reload])

  if (!supported) return <p className="foyer-center foyer-muted">{t('activity.unsupported')}</p>

  const explorer = network.blockExplorers?.default
  const explorerLink = (hash: string) =>
    explorer ? (
      <a
        className="foyer-muted"
        href={`${explorer.url.replace(/\/+$/, '')}/tx/${hash}`}
        target="_blank"
        rel="noreferrer noopener"
      >
        {t('activity.explorer', { explorer: explorer.name })}
      </a>
    ) : null

  return (
    <div>
      <ul className="foyer-list" aria-label={t('activity.listLabel')}>
        {pending.map((transaction) => (
          <PendingRow key={transaction.hash} transaction={transaction} link={explorerLink} />
        ))}
        {list.items.map((transaction) => {
          const { metadata } = transaction
          return (
            <li
              key={transaction.id}
              className="foyer-list-item"
              data-foyer-activity=""
              data-hash={metadata.hash}
            >
              <span className="foyer-list-item-label">
                <span>{t(operationLabels[metadata.operationType])}</span>
                <br />
                <span className="foyer-muted">
                  <time dateTime={metadata.minedAt}>
                    {new Date(metadata.minedAt).toLocaleString()}
                  </time>
                  {' · '}
                  <span data-foyer-status={metadata.status}>
                    {t(statusLabels[metadata.status])}
                  </span>
                </span>
                <br />
                {explorerLink(metadata.hash)}
              </span>
              <span>
                {transaction.transfers.map((transfer, index) => (
                  <span
                    // Transfers of one transaction have no id of their own; their order is fixed.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={index}
                    data-foyer-transfer=""
                  >
                    {`${transfer.direction === 'out' ? '-' : transfer.direction === 'in' ? '+' : ''}${formatBalance(transfer.quantity.numeric, { locale })} ${transfer.fungible_info.symbol}`}
                    <br />
                  </span>
                ))}
              </span>
            </li>
          )
        })}
      </ul>
      <PagedListFooter
        list={list}
        emptyText={t('activity.empty')}
        errorText={t('activity.loadError')}
        retryText={t('activity.retry')}
        hasOtherEntries={pending.length > 0}
        spinnerOnlyWhenEmpty
      />
    </div>
  )
}

function PendingRow({
  transaction,
  link,
}: {
  transaction: PendingTransaction
  link: (hash: string) => ReactNode
}) {
  const { t, locale } = useFoyerContext()
  return (
    <li className="foyer-list-item" data-foyer-activity="" data-hash={transaction.hash}>
      <span className="foyer-list-item-label">
        <span>{t('activity.operation.send')}</span>
        <br />
        <span className="foyer-muted" data-foyer-status="pending">
          {t('activity.status.pending')}
        </span>
        <br />
        {link(transaction.hash)}
      </span>
      <span data-foyer-transfer="">
        {`-${formatBalance(transaction.amount, { locale })} ${transaction.symbol}`}
      </span>
    </li>
  )
}
