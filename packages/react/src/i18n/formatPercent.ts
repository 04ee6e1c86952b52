/** A percentage given in percent (0.35 → '0.35%', '0,35 %' in French), 2 decimals. */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(percent / 100)
}
