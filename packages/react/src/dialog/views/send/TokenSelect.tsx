import { formatBalance, type TokenBalance, tokenContractAddress } from '@foyer/core'
import { useFoyerContext } from '../../../hooks/useFoyer.ts'

export type TokenSelectProps = {
  id: string
  tokens: readonly TokenBalance[]
  selected: TokenBalance | undefined
  onSelect: (token: TokenBalance | undefined) => void
  /** Id of the text explaining what is wrong, when something is. */
  errorId: string | undefined
  disabled: boolean
}

/** Option value of a token: its lower-cased contract address (not CAIP-10), or 'native'. */
export function tokenKey(token: Pick<TokenBalance, 'address'>): string {
  return token.address ? tokenContractAddress(token.address).toLowerCase() : 'native'
}

/**
 * The token picker, a native select so it is keyboard and screen-reader operable everywhere. Each
 * option reads 'USDC — 1,000,000.000': symbol and balance (3 decimals, SPEC §9).
 */
export function TokenSelect({
  id,
  tokens,
  selected,
  onSelect,
  errorId,
  disabled,
}: TokenSelectProps) {
  const { t, locale } = useFoyerContext()
  return (
    <>
      <label htmlFor={id} className="foyer-muted">
        {t('send.token')}
      </label>
      <select
        id={id}
        className="foyer-search"
        value={selected ? tokenKey(selected) : ''}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        disabled={disabled}
        onChange={(event) =>
          onSelect(tokens.find((token) => tokenKey(token) === event.currentTarget.value))
        }
      >
        <option value="">{tokens.length ? t('send.chooseToken') : t('send.loadingTokens')}</option>
        {tokens.map((token) => (
          <option key={tokenKey(token)} value={tokenKey(token)}>
            {t('send.tokenOption', {
              symbol: token.symbol,
              balance: formatBalance(token.quantity.numeric, { locale }),
            })}
          </option>
        ))}
      </select>
    </>
  )
}
