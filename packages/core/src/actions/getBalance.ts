import { BALANCE_RETRY_BLOCK_MS, NATIVE_BALANCE_CACHE_MS } from '../constants.ts'
import type { Foyer } from '../createFoyer.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import type { CaipNetwork, CaipNetworkId } from '../types/network.ts'
import { findNetwork } from '../utils/findNetwork.ts'
import { formatBalance, formatUnits } from '../utils/format.ts'
import { showToast } from './showToast.ts'

export type GetBalanceParameters = {
  /** Defaults to the current address. */
  address?: string | undefined
  /** Defaults to the active network. */
  network?: CaipNetwork | CaipNetworkId | undefined
  /** Skip the 30 s cache (SPEC §9). */
  force?: boolean | undefined
}
export type GetBalanceReturnType = {
  value: bigint
  decimals: number
  symbol: string
  /** Rounded down to 3 decimals for the instance's `locale`, e.g. '10,000.000' in 'en-US'. */
  formatted: string
}
export type GetBalanceErrorType = BalanceUnavailableError

/** The instances whose balance on screen follows their locale: those `getBalance` has run for. */
const followingLocale = new WeakSet<Foyer>()

/**
 * Formats the balance on screen again when the locale changes (`setLocale`). Only this module sets
 * a balance, so watching from its first call on misses none, and a page that shows no balance
 * loads none of it.
 */
function followLocale(foyer: Foyer) {
  if (followingLocale.has(foyer)) return
  followingLocale.add(foyer)
  foyer.subscribe((state, previous) => {
    if (state.locale !== previous.locale && state.account.balance !== undefined)
      // After the change has reached every listener; a failure is the toast `getBalance` shows.
      void Promise.resolve()
        .then(() => getBalance(foyer))
        .catch(() => {})
  })
}

/**
 * Native balance of an address through the network's adapter. Cached 30 s; after a failure the
 * visitor sees 'Token Balance Unavailable' and retries are blocked for 30 s (SPEC §8/§9). The
 * current account's `balance`/`balanceSymbol` follow when it is the address asked for.
 */
export async function getBalance(
  foyer: Foyer,
  parameters: GetBalanceParameters = {},
): Promise<GetBalanceReturnType> {
  followLocale(foyer)
  const state = foyer.getState()
  const address = parameters.address ?? state.account.address
  const network =
    typeof parameters.network === 'string'
      ? findNetwork(foyer.config.networks, parameters.network)
      : (parameters.network ?? state.activeNetwork)
  const adapter = foyer.config.adapters.find(
    (candidate) => candidate.namespace === network?.chainNamespace,
  )
  if (
    !address ||
    !network ||
    !adapter?.getBalance ||
    (state.unsupportedNetwork && !parameters.network)
  )
    throw new BalanceUnavailableError({ details: 'No address, supported network or adapter.' })

  const key = `${network.caipNetworkId}:${address.toLowerCase()}`
  const isCurrent = () => {
    const now = foyer.getState()
    return (
      now.account.address?.toLowerCase() === address.toLowerCase() &&
      now.activeNetwork.caipNetworkId === network.caipNetworkId
    )
  }
  const { balanceCache, balanceFailedAt } = foyer._internal
  const failedAt = balanceFailedAt.get(key)
  if (failedAt !== undefined && Date.now() - failedAt < BALANCE_RETRY_BLOCK_MS)
    throw new BalanceUnavailableError({ details: 'Retry blocked for 30 s after a failure.' })
  const cached = balanceCache.get(key)
  let result =
    cached && !parameters.force && Date.now() - cached.fetchedAt < NATIVE_BALANCE_CACHE_MS
      ? cached
      : undefined
  if (!result) {
    if (isCurrent())
      foyer.store.setState((now) => ({ account: { ...now.account, balanceLoading: true } }))
    try {
      const fetched = await adapter.getBalance({ address, network })
      result = { ...fetched, fetchedAt: Date.now() }
      balanceCache.set(key, result)
      balanceFailedAt.delete(key)
    } catch (error) {
      balanceFailedAt.set(key, Date.now())
      if (isCurrent())
        foyer.store.setState((now) => ({ account: { ...now.account, balanceLoading: false } }))
      const failure = new BalanceUnavailableError({ cause: error })
      void showToast(foyer, { variant: 'error', message: failure.shortMessage, error: failure })
      throw failure
    }
  }
  const formatted = formatBalance(formatUnits(result.value, result.decimals), {
    locale: foyer.getState().locale,
  })
  if (isCurrent())
    foyer.store.setState((now) => ({
      account: {
        ...now.account,
        balance: formatted,
        balanceSymbol: result.symbol,
        balanceLoading: false,
      },
    }))
  return { value: result.value, decimals: result.decimals, symbol: result.symbol, formatted }
}
