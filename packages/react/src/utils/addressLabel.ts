/**
 * The app's label for an address (`addressLabels`, SPEC §3). EVM addresses match whatever their
 * checksum casing; other addresses (base58, bech32…) only exactly, as their case is meaningful.
 */
export function addressLabel(
  labels: Readonly<Record<string, string>>,
  address: string,
): string | undefined {
  if (Object.hasOwn(labels, address)) return labels[address]
  if (!address.startsWith('0x')) return undefined
  const lower = address.toLowerCase()
  return Object.entries(labels).find(([key]) => key.toLowerCase() === lower)?.[1]
}
