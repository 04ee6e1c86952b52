/** Base units as the dialog shows them: whole units, 3 decimals truncated (SPEC §9), en-US. */
export function shownBalance(value: bigint, decimals: number, symbol: string): string {
  const unit = 10n ** BigInt(decimals)
  const fraction = (value % unit).toString().padStart(decimals, '0').slice(0, 3).padEnd(3, '0')
  return `${(value / unit).toLocaleString('en-US')}.${fraction} ${symbol}`
}

/** Lamports as the dialog shows them in SOL. */
export const shownSol = (lamports: bigint): string => shownBalance(lamports, 9, 'SOL')
