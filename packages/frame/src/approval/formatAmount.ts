import { formatUnits } from 'viem'
import type { ApprovalAmount } from './types.ts'

/** 2^128 base units: no real balance comes close, so an allowance this big means "everything". */
export const UNLIMITED_AMOUNT = 2n ** 128n

export type FormatAmountParameters = {
  /** In base units; may be negative (a balance change). */
  value: bigint
  decimals: number | undefined
  symbol: string | undefined
}

/** `1,234.5 USDC`; `Unlimited USDC` from 2^128 up; base units when the decimals are unknown. */
export function formatAmount({ value, decimals, symbol }: FormatAmountParameters): ApprovalAmount {
  const unlimited = value >= UNLIMITED_AMOUNT
  const unit = symbol ? ` ${symbol}` : ''
  const formatted = unlimited
    ? `Unlimited${unit}`
    : decimals === undefined
      ? `${groupDigits(value.toString())} base units${symbol ? ` of ${symbol}` : ''}`
      : `${groupDigits(formatUnits(value, decimals))}${unit}`
  return { value, decimals, symbol, formatted, unlimited }
}

/** `-1234567.891` → `-1,234,567.891` (the fraction is left whole: every digit is signed). */
function groupDigits(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.')
  const sign = whole.startsWith('-') ? '-' : ''
  const digits = sign ? whole.slice(1) : whole
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}
