import type { Nft } from '@foyer/core'
import { getNfts, navigate } from '@foyer/core'
import { useEffect, useId, useRef, useState } from 'react'
import { useFoyer, useFoyerContext } from '../../../hooks/useFoyer.ts'
import { shallowEqual, useFoyerState } from '../../../hooks/useFoyerState.ts'
import { PagedListFooter } from '../../components/PagedListFooter.tsx'
import { usePagedList } from '../../components/usePagedList.ts'
import { onListKeyDown } from '../../listKeyboard.ts'

/** The account's ERC-721 tokens as a grid of images and names; choosing one shows its details. */
export function NftsTab() {
  const foyer = useFoyer()
  const { t } = useFoyerContext()
  const { address, caipNetworkId } = useFoyerState(
    (state) => ({
      address: state.account.address,
      caipNetworkId: state.activeNetwork.caipNetworkId,
    }),
    shallowEqual,
  )
  const list = usePagedList<Nft>(`${address}:${caipNetworkId}`, (cursor, signal) =>
    getNfts(foyer, { address, network: caipNetworkId, cursor, signal }),
  )
  const [selected, setSelected] = useState<Nft | undefined>()
  // Focus returns to the NFT the detail was opened from.
  const returnFocusTo = useRef<string | undefined>(undefined)
  const gridRef = useRef<HTMLUListElement>(null)
  useEffect(() => {
    if (selected || !returnFocusTo.current) return
    gridRef.current?.querySelector<HTMLElement>(`[data-nft-id="${returnFocusTo.current}"]`)?.focus()
    returnFocusTo.current = undefined
  }, [selected])

  if (selected) return <NftDetail nft={selected} onBack={() => setSelected(undefined)} />

  return (
    <div>
      <ul
        className="foyer-grid"
        ref={gridRef}
        onKeyDown={onListKeyDown}
        aria-label={t('nfts.listLabel')}
      >
        {list.items.map((nft) => {
          const id = `${nft.chainId}:${nft.contract}:${nft.tokenId}`
          return (
            <li key={id}>
              <button
                type="button"
                className="foyer-grid-item"
                data-foyer-item=""
                data-nft-id={id}
                onClick={() => {
                  returnFocusTo.current = id
                  setSelected(nft)
                }}
              >
                <NftImage nft={nft} />
                <span>{nft.name}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <PagedListFooter
        list={list}
        emptyText={t('nfts.empty')}
        errorText={t('nfts.loadError')}
        retryText={t('nfts.retry')}
        loadingText={t('dialog.loading')}
        emptyAction={{
          label: t('empty.receive'),
          onClick: () => navigate(foyer, { view: 'Receive' }),
        }}
      />
    </div>
  )
}

function NftImage({ nft, large = false }: { nft: Nft; large?: boolean }) {
  const className = large ? 'foyer-wallet-icon foyer-wallet-icon-large' : 'foyer-wallet-icon'
  // The name is always shown beside the image, so the image itself is decorative.
  if (!nft.imageUrl) return <span className={className} aria-hidden="true" />
  return <img className={className} src={nft.imageUrl} alt="" draggable={false} />
}

function NftDetail({ nft, onBack }: { nft: Nft; onBack: () => void }) {
  const { t } = useFoyerContext()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const headingId = useId()
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <section className="foyer-center" aria-labelledby={headingId}>
      {nft.imageUrl ? (
        <img className="foyer-qr" src={nft.imageUrl} alt={nft.name} draggable={false} />
      ) : null}
      <h3 id={headingId} className="foyer-strong" tabIndex={-1} ref={headingRef}>
        {nft.name}
      </h3>
      {nft.collection.name ? <p className="foyer-muted">{nft.collection.name}</p> : null}
      {nft.description ? <p className="foyer-muted">{nft.description}</p> : null}
      <dl className="foyer-muted">
        {[
          { term: t('nfts.tokenId'), value: nft.tokenId },
          { term: t('nfts.contract'), value: nft.contract },
          ...nft.attributes.map((attribute) => ({ term: attribute.trait, value: attribute.value })),
        ].map(({ term, value }) => (
          <div key={`${term}:${value}`}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="foyer-button" data-variant="secondary" onClick={onBack}>
        {t('nfts.back')}
      </button>
    </section>
  )
}
