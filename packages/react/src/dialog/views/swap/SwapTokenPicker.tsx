import { formatBalance, formatFiat, type SwapToken } from '@foyer/core'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'
import { WalletIcon } from '../../components/WalletIcon.tsx'
import { onListKeyDown } from '../../listKeyboard.ts'

export type SwapTokenPickerProps = {
  /** Names the picker, e.g. 'You pay token'. */
  label: string
  tokens: readonly SwapToken[]
  selected: SwapToken | undefined
  onSelect: (token: SwapToken) => void
  disabled: boolean
}

/**
 * A token picker: a button showing the token that opens a searchable list of the swap tokens with
 * the visitor's balances and USD values (arrow keys move through it, Escape closes it).
 */
export function SwapTokenPicker({
  label,
  tokens,
  selected,
  onSelect,
  disabled,
}: SwapTokenPickerProps) {
  const { t, locale } = useFoyerContext()
  const [open, setOpen] = useState(false)
  const [search, setSearch] = useState('')
  const listId = useId()
  const searchId = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const query = search.trim().toLowerCase()
  const shown = tokens.filter(
    (token) =>
      !query ||
      token.symbol.toLowerCase().includes(query) ||
      token.name.toLowerCase().includes(query) ||
      token.address.toLowerCase().endsWith(query),
  )
  const close = () => {
    setOpen(false)
    setSearch('')
    toggle.current?.focus()
  }
  // Escape closes the list (not the dialog) and returns to the picker's button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    close()
  }
  return (
    <div className="foyer-swap-picker">
      <button
        ref={toggle}
        type="button"
        className="foyer-button"
        data-variant="secondary"
        aria-label={`${label}: ${selected?.symbol ?? t('swap.chooseToken')}`}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        data-foyer-swap-token={selected?.symbol ?? ''}
      >
        {selected ? <WalletIcon src={selected.logoUri} /> : null}
        <span>{selected?.symbol ?? t('swap.chooseToken')}</span>
      </button>
      {open ? (
        <div className="foyer-swap-token-list">
          <label htmlFor={searchId} className="foyer-visually-hidden">
            {t('swap.searchTokens')}
          </label>
          <input
            id={searchId}
            className="foyer-search"
            type="search"
            autoComplete="off"
            placeholder={t('swap.searchTokens')}
            value={search}
            // biome-ignore lint/a11y/noAutofocus: the list opens on the visitor's click to search it
            autoFocus
            onChange={(event) => setSearch(event.currentTarget.value)}
            onKeyDown={closeOnEscape}
          />
          <ul
            id={listId}
            className="foyer-list"
            aria-label={label}
            onKeyDown={(event) => {
              closeOnEscape(event)
              if (!event.defaultPrevented) onListKeyDown(event)
            }}
          >
            {shown.map((token) => (
              <li key={token.address}>
                <button
                  type="button"
                  className="foyer-list-item"
                  data-foyer-item=""
                  aria-current={token.address === selected?.address ? 'true' : undefined}
                  onClick={() => {
                    onSelect(token)
                    close()
                  }}
                >
                  <WalletIcon src={token.logoUri} />
                  <span className="foyer-list-item-label">
                    {token.symbol}
                    <span className="foyer-muted"> {token.name}</span>
                  </span>
                  <span className="foyer-muted">
                    {formatBalance(token.quantity, { locale })}
                    {token.value > 0 ? ` · ${formatFiat(token.value, { locale })}` : ''}
                  </span>
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className="foyer-muted">{t('swap.noTokens')}</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
