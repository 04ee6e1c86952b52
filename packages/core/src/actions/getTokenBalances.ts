import type { TokenBalance as ServerTokenBalance } from '@foyer/protocol'
import { getApiClient } from '../api/getApiClient.ts'
import { BALANCE_CACHE_MS, BALANCE_RETRY_BLOCK_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import type { TokenBalance } from '../types/state.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { formatUnits } from '../utils/format.ts'
import { showToast } from './showToast.ts'

export type GetTokenBalancesParameters = {
  /** Defaults to the current address. */
  address?: string | undefined
  /** Defaults to the active network. */
  network?: CaipNetwork | CaipNetworkId | undefined
  /** Skip the 30 s cache (SPEC §9); the retry block after a failure still applies. */
  force?: boolean | undefined
}
export type GetTokenBalancesReturnType = readonly TokenBalance[]
export type GetTokenBalancesErrorType = BalanceUnavailableError

const serverNamespaces = new Set<string>(['eip155', 'solana', 'bip122'])

// Per-instance caches, keyed weakly so two Foyer instances never share them.
const caches = new WeakMap<Foyer, Map<string, { fetchedAt: number; balances: TokenBalance[] }>>()

/**
 * Token balances of an address on one network. With a Foyer server (`serverUrl`) on an EVM or
 * Solana network: native and token (ERC-20, SPL) balances with USD prices where the server has a
 * price source, from its balance route; otherwise the native
 * balance from the network's RPC. Cached 30 s; a failure or an unsupported network shows the error toast
 * 'Token Balance Unavailable' and blocks retries for 30 s (SPEC §8/§9). The current account's
 * `tokenBalance` follows when it is the address and network asked for.
 */
export async function getTokenBalances(
  foyer: Foyer,
  parameters: GetTokenBalancesParameters = {},
): Promise<GetTokenBalancesReturnType> {
  const state = foyer.getState()
  const address = parameters.address ?? state.account.address
  const network =
    typeof parameters.network === 'string'
      ? findNetwork(foyer.config.networks, parameters.network)
      : (parameters.network ?? state.activeNetwork)
  // Base58 (Solana) addresses are case-sensitive; only EVM ones are folded.
  const addressKey = network?.chainNamespace === 'eip155' ? address?.toLowerCase() : address
  const key = `tokens:${network?.caipNetworkId}:${addressKey}`
  const { balanceFailedAt } = foyer._internal
  const fail = (details: string, cause?: unknown): never => {
    balanceFailedAt.set(key, Date.now())
    const failure = new BalanceUnavailableError({ details, cause })
    void showToast(foyer, { variant: 'error', message: failure.shortMessage, error: failure })
    throw failure
  }

  if (!address) throw new BalanceUnavailableError({ details: 'No address.' })
  const failedAt = balanceFailedAt.get(key)
  if (failedAt !== undefined && Date.now() - failedAt < BALANCE_RETRY_BLOCK_MS)
    throw new BalanceUnavailableError({ details: 'Retry blocked for 30 s after a failure.' })
  if (!network || (state.unsupportedNetwork && !parameters.network))
    return fail('The network is not supported.')

  let cache = caches.get(foyer)
  if (!cache) {
    cache = new Map()
    caches.set(foyer, cache)
  }
  const cached = cache.get(key)
  let balances =
    cached && !parameters.force && Date.now() - cached.fetchedAt < BALANCE_CACHE_MS
      ? cached.balances
      : undefined

  if (!balances) {
    try {
      // The server's balance route serves EVM, Solana and Bitcoin networks; others read the
      // native balance by RPC.
      balances =
        foyer.config.serverUrl && serverNamespaces.has(network.chainNamespace)
          ? await readServerBalances(foyer, address, network, parameters.force ?? false)
          : undefined
      // A server that does not serve the network answers nothing for it; its RPC still can.
      if (!balances) balances = await readNativeBalance(foyer, address, network)
      else if (!balances.length && findAdapter(foyer, network)?.getBalance)
        balances = await readNativeBalance(foyer, address, network)
    } catch (error) {
      return fail('The balance request failed.', error)
    }
    cache.set(key, { fetchedAt: Date.now(), balances })
    balanceFailedAt.delete(key)
  }

  const now = foyer.getState()
  if (
    now.account.address?.toLowerCase() === address.toLowerCase() &&
    now.activeNetwork.caipNetworkId === network.caipNetworkId
  )
    foyer.store.setState((current) => ({
      account: { ...current.account, tokenBalance: balances },
    }))
  return balances
}

/**
 * SPEC §5: keep only the first balance per token (network + address) with non-zero decimals;
 * tokens with 0 decimals are dropped.
 */
export function filterTokenBalances<
  balance extends Pick<TokenBalance, 'chainId' | 'address' | 'quantity'>,
>(balances: readonly balance[]): balance[] {
  const seen = new Set<string>()
  return balances.filter((balance) => {
    if (Number(balance.quantity.decimals) === 0) return false
    const id = `${balance.chainId}:${balance.address?.toLowerCase() ?? 'native'}`
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}

async function readServerBalances(
  foyer: Foyer,
  address: string,
  network: CaipNetwork,
  force: boolean,
): Promise<TokenBalance[]> {
  const { balances } = await getApiClient(foyer).request('getBalance', {
    params: { address },
    query: { chainId: network.caipNetworkId, currency: 'usd', forceUpdate: force },
  })
  return filterTokenBalances(balances).map(toTokenBalance)
}

function toTokenBalance(balance: ServerTokenBalance): TokenBalance {
  return {
    name: balance.name,
    symbol: balance.symbol,
    chainId: balance.chainId,
    ...(balance.address ? { address: balance.address } : {}),
    value: balance.value,
    price: balance.price,
    // Keeps "no price source" apart from a real price of 0.
    priceSource: balance.priceSource,
    quantity: balance.quantity,
    iconUrl: balance.iconUrl,
  }
}

/** Without a server only the native balance is known, read from the network's RPC. */
async function readNativeBalance(
  foyer: Foyer,
  address: string,
  network: CaipNetwork,
): Promise<TokenBalance[]> {
  const adapter = findAdapter(foyer, network)
  if (!adapter?.getBalance) throw new BalanceUnavailableError({ details: 'No adapter.' })
  const { value, decimals, symbol } = await adapter.getBalance({ address, network })
  return [
    {
      name: network.nativeCurrency.name,
      symbol,
      chainId: network.caipNetworkId,
      value: 0,
      price: 0,
      priceSource: 'unavailable',
      quantity: { decimals: String(decimals), numeric: formatUnits(value, decimals) },
      iconUrl: '',
    },
  ]
}

function findAdapter(foyer: Foyer, network: CaipNetwork) {
  return foyer.config.adapters.find((candidate) => candidate.namespace === network.chainNamespace)
}
