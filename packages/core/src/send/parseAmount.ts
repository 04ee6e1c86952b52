const DECIMAL_AMOUNT = /^(\d+\.?\d*|\.\d+)$/

/**
 * A typed decimal amount in the token's smallest unit, exactly (no float), or undefined when it is
 * not a plain decimal or has more fraction digits than the token has decimals. Synchronous, so the
 * form can validate while the visitor types; `sendTransfer` parses with viem's `parseUnits`.
 */
export function parseAmount(value: string, decimals: number): bigint | undefined {
  const trimmed = value.trim()
  if (!DECIMAL_AMOUNT.test(trimmed)) return undefined
  const [integer = '', fraction = ''] = trimmed.split('.')
  if (fraction.length > decimals) return undefined
  return BigInt(`${integer || '0'}${fraction.padEnd(decimals, '0')}`)
}
