import {
  ACTIVITY_NAMESPACES,
  formatBalance,
  getIdentity,
  getOnRampTransactions,
  getTransactionHistory,
  type HistoryTransaction,
  navigate,
  type OnRampTransaction,
  type PendingTransaction,
  shortenAddress,
} from '@foyer/core'
import { type ReactNode, useEffect, useMemo, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../../../hooks/useFoyerState.ts'
import type { MessageKey } from '../../../i18n/en.ts'
import { formatDateTime } from '../../../i18n/formatDateTime.ts'
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
  const { address, network, pendingTransactions, onRampCheckouts } = useFoyerState(
    (state) => ({
      address: state.account.address,
      network: state.activeNetwork,
      pendingTransactions: state.pendingTransactions,
      onRampCheckouts: state.onRampCheckouts,
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
  const purchases = useOnRampPurchases(
    address,
    network.caipNetworkId,
    onRampCheckouts.find(
      (checkout) =>
        checkout.address === address && checkout.caipNetworkId === network.caipNetworkId,
    )?.startedAt,
  )
  const names = useCounterpartyNames(list.items)
  const purchaseByHash = new Map(
    purchases.flatMap((purchase) =>
      purchase.transactionHash ? [[purchase.transactionHash.toLowerCase(), purchase]] : [],
    ),
  )
  // Purchases not (yet) in the history: paid and on their way, failed, or sent but not indexed.
  const purchaseRows = purchases.filter(
    (purchase) => !purchase.transactionHash || !listed.has(purchase.transactionHash.toLowerCase()),
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
        {purchaseRows.map((purchase) => (
          <PurchaseRow key={purchase.id} purchase={purchase} link={explorerLink} />
        ))}
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
                <span>
                  {purchaseByHash.has(metadata.hash.toLowerCase())
                    ? t('activity.operation.buy')
                    : t(operationLabels[metadata.operationType])}
                </span>
                <br />
                <span className="foyer-muted">
                  <time dateTime={metadata.minedAt}>
                    {formatDateTime(metadata.minedAt, locale)}
                  </time>
                  {' · '}
                  <span data-foyer-status={metadata.status}>
                    {t(statusLabels[metadata.status])}
                  </span>
                </span>
                <Counterparty transaction={transaction} names={names} />
                <br />
                {explorerLink(metadata.hash)}
              </span>
              <span>
                {transaction.transfers.map((transfer, index) => (
                  <span
                    // Transfers of one transaction have no id of their own; their order is fixed.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={index}
                    dir="ltr"
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
        loadingText={t('dialog.loading')}
        emptyAction={{
          label: t('empty.receive'),
          onClick: () => navigate(foyer, { view: 'Receive' }),
        }}
        hasOtherEntries={pending.length > 0 || purchaseRows.length > 0}
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
      <span dir="ltr" data-foyer-transfer="">
        {`-${formatBalance(transaction.amount, { locale })} ${transaction.symbol}`}
      </span>
    </li>
  )
}

/** How often purchases are read again while one is on its way. */
const PURCHASE_REFRESH_MS = 2_000
/** How long after opening a checkout the tab keeps asking for a purchase that has not shown. */
const PURCHASE_WAIT_MS = 30 * 60_000

/**
 * The address's on-ramp purchases on this network, once this app has opened a checkout for it
 * (no provider request otherwise), read again every 2 s while one is on its way.
 */
function useOnRampPurchases(
  address: string | undefined,
  caipNetworkId: string,
  checkoutStartedAt: number | undefined,
): readonly OnRampTransaction[] {
  const foyer = useFoyer()
  const [purchases, setPurchases] = useState<readonly OnRampTransaction[]>([])
  const onTheirWay =
    checkoutStartedAt !== undefined &&
    (purchases.some((purchase) => purchase.status === 'pending') ||
      !purchases.some((purchase) => Date.parse(purchase.createdAt) >= checkoutStartedAt - 60_000))
  // Another account or network: its own purchases (the key is read for that reason only).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => setPurchases([]), [address, caipNetworkId])
  useEffect(() => {
    if (!address || checkoutStartedAt === undefined) return
    const controller = new AbortController()
    const read = () =>
      getOnRampTransactions(foyer, { address, signal: controller.signal })
        .then((all) => setPurchases(all.filter((purchase) => purchase.network === caipNetworkId)))
        .catch(() => {
          // Purchases are extra rows: the history stands without them.
        })
    void read()
    const timer = onTheirWay
      ? setInterval(() => {
          if (Date.now() - checkoutStartedAt < PURCHASE_WAIT_MS) void read()
        }, PURCHASE_REFRESH_MS)
      : undefined
    return () => {
      clearInterval(timer)
      controller.abort()
    }
  }, [foyer, address, caipNetworkId, checkoutStartedAt, onTheirWay])
  return purchases
}

function PurchaseRow({
  purchase,
  link,
}: {
  purchase: OnRampTransaction
  link: (hash: string) => ReactNode
}) {
  const { t, locale } = useFoyerContext()
  const status =
    purchase.status === 'success'
      ? 'confirmed'
      : purchase.status === 'failed'
        ? 'failed'
        : 'pending'
  return (
    <li className="foyer-list-item" data-foyer-activity="" data-foyer-purchase={purchase.id}>
      <span className="foyer-list-item-label">
        <span>{t('activity.operation.buy')}</span>
        <br />
        <span className="foyer-muted">
          <time dateTime={purchase.createdAt}>{formatDateTime(purchase.createdAt, locale)}</time>
          {' · '}
          <span data-foyer-status={status}>{t(statusLabels[status])}</span>
        </span>
        {purchase.transactionHash ? (
          <>
            <br />
            {link(purchase.transactionHash)}
          </>
        ) : null}
      </span>
      <span dir="ltr" data-foyer-transfer="">
        {`+${formatBalance(purchase.purchaseAmount.amount, { locale })} ${purchase.purchaseAmount.currency}`}
      </span>
    </li>
  )
}

/** Counterparties whose names are asked for, per page shown (each answer is cached 5 minutes). */
const COUNTERPARTY_NAMES_MAX = 20

/**
 * Who received what the account sent, or sent what it received: the transfer's other end (for
 * a token, not the token contract the transaction called).
 */
function counterpartyOf(transaction: HistoryTransaction): string | undefined {
  const { operationType, sentFrom, sentTo } = transaction.metadata
  if (operationType === 'send')
    return (
      transaction.transfers.find((transfer) => transfer.direction === 'out')?.recipient ?? sentTo
    )
  if (operationType === 'receive')
    return transaction.transfers.find((transfer) => transfer.direction === 'in')?.sender ?? sentFrom
  return undefined
}

/** Names (ENS or the server's zone) of the counterparties listed, as they arrive. */
function useCounterpartyNames(items: readonly HistoryTransaction[]): ReadonlyMap<string, string> {
  const foyer = useFoyer()
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map())
  const wanted = [
    ...new Set(
      items.flatMap((transaction) => {
        const address = counterpartyOf(transaction)?.toLowerCase()
        return address ? [address] : []
      }),
    ),
  ]
    .slice(0, COUNTERPARTY_NAMES_MAX)
    .join(',')
  useEffect(() => {
    if (!wanted) return
    const controller = new AbortController()
    for (const address of wanted.split(','))
      getIdentity(foyer, { address, signal: controller.signal })
        .then((identity) => {
          const found = identity.name
          if (!found || controller.signal.aborted) return
          setNames((current) => new Map(current).set(address, found))
        })
        .catch(() => {
          // The address stands in for a name that cannot be read.
        })
    return () => controller.abort()
  }, [foyer, wanted])
  return names
}

function Counterparty({
  transaction,
  names,
}: {
  transaction: HistoryTransaction
  names: ReadonlyMap<string, string>
}) {
  const { t } = useFoyerContext()
  const address = counterpartyOf(transaction)
  if (!address) return null
  const who = names.get(address.toLowerCase()) ?? shortenAddress(address)
  return (
    <>
      <br />
      <span className="foyer-muted" dir="ltr" data-foyer-counterparty={address} title={address}>
        {transaction.metadata.operationType === 'send'
          ? t('activity.to', { who })
          : t('activity.from', { who })}
      </span>
    </>
  )
}
