import type { CaipNetwork } from '../types/network.ts'

/**
 * viem, loaded on first use: a page that only shows a connect button must not pay for it in
 * core's first chunk. The bundler caches the module.
 */
export const loadViem = () => import('viem')

/** A viem public client reading through the network's own RPC URL. */
export async function createNetworkClient(network: CaipNetwork) {
  const { createPublicClient, http } = await loadViem()
  return createPublicClient({
    chain: {
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    },
    transport: http(network.rpcUrls.default.http[0]),
  })
}

/** Whether a token balance entry belongs to `network` (chain ids come as CAIP-2 or plain). */
export function isTokenOnNetwork(token: { chainId: string }, network: CaipNetwork): boolean {
  return token.chainId === network.caipNetworkId || token.chainId === String(network.id)
}

/**
 * The contract address of a token balance entry: the server reports CAIP-10
 * (`eip155:31337:0x…`), other sources a plain address.
 */
export function tokenContractAddress(address: string): string {
  return address.slice(address.lastIndexOf(':') + 1)
}
