import { BALANCE_DECIMALS, FIAT_DECIMALS } from '../constants.ts'

/** `value / 10^decimals` as an exact decimal string, e.g. (1500000000000000000n, 18) → '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`
}

/**
 * A token amount for display: rounded down to 3 decimals (SPEC §9) so a balance never reads
 * higher than it is, grouped with `Intl` in the visitor's locale.
 */
export function formatBalance(
  value: string | number,
  { decimals = BALANCE_DECIMALS, locale = 'en-US' }: { decimals?: number; locale?: string } = {},
): string {
  const [integer = '0', fraction = ''] = String(value).replace(/^-/, '').split('.')
  const negative = String(value).startsWith('-')
  const truncated = `${integer}.${fraction.slice(0, decimals).padEnd(decimals, '0')}`
  const formatter = new Intl.NumberFormat(locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions)
  // Intl accepts decimal strings, keeping precision beyond 2^53 for large integers.
  const formatted = formatter.format(truncated as unknown as number)
  return negative && Number(truncated) !== 0 ? `-${formatted}` : formatted
}

/** A fiat amount with 2 decimals (SPEC §9), e.g. formatFiat(1234.5) → '$1,234.50'. */
export function formatFiat(
  value: number,
  { currency = 'USD', locale = 'en-US' }: { currency?: string; locale?: string } = {},
): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: FIAT_DECIMALS,
    maximumFractionDigits: FIAT_DECIMALS,
  }).format(value)
}

/** SPEC §9: a social display name over 30 characters is shortened (`Alexandria Ocasio-Cortez Sm…`). */
export function shortenDisplayName(name: string, maxLength = 30): string {
  const characters = [...name.trim()]
  if (characters.length <= maxLength) return characters.join('')
  return `${characters.slice(0, maxLength - 1).join('')}…`
}

/** `0x1234…abcd` style shortening for addresses shown in tight spaces. */
export function shortenAddress(address: string, { start = 6, end = 4 } = {}): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}
