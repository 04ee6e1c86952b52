import {
  type CaipAddress,
  type CaipNetworkId,
  CHAIN_NAMESPACES,
  type ChainNamespace,
} from '../types/network.ts'

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 2 && isChainNamespace(parts[0]) && parts[1] !== ''
}

/** Three non-empty colon-separated parts with a known namespace (SPEC §5). */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false
  const parts = value.split(':')
  return parts.length === 3 && isChainNamespace(parts[0]) && parts[1] !== '' && parts[2] !== ''
}

export function parseCaipNetworkId(caipNetworkId: string): {
  namespace: ChainNamespace
  reference: string
} {
  if (!isCaipNetworkId(caipNetworkId))
    throw new TypeError(`Invalid CAIP network id: ${caipNetworkId}`)
  const [namespace, reference] = caipNetworkId.split(':') as [ChainNamespace, string]
  return { namespace, reference }
}

export function formatCaipNetworkId(namespace: ChainNamespace, reference: string | number) {
  return `${namespace}:${reference}` as CaipNetworkId
}

export function parseCaipAddress(caipAddress: string): {
  namespace: ChainNamespace
  reference: string
  caipNetworkId: CaipNetworkId
  address: string
} {
  if (!isCaipAddress(caipAddress)) throw new TypeError(`Invalid CAIP address: ${caipAddress}`)
  const [namespace, reference, address] = caipAddress.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}`, address }
}

export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string) {
  return `${caipNetworkId}:${address}` as CaipAddress
}
