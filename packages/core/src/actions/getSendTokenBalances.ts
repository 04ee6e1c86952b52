import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { SendNotSupportedError } from '../send/errors.ts'
import {
  createNetworkClient,
  isTokenOnNetwork,
  loadViem,
  tokenContractAddress,
} from '../send/publicClient.ts'
import type { TokenBalance } from '../types/state.ts'
import { formatUnits } from '../utils/format.ts'
import { getBalance } from './getBalance.ts'
import { getTokenBalances } from './getTokenBalances.ts'

export type GetSendTokenBalancesParameters = {
  /** ERC-20s to offer besides those in `account.tokenBalance` (e.g. the app's own token). */
  tokens?: readonly { address: string; symbol: string; name: string; decimals: number }[]
}
export type GetSendTokenBalancesReturnType = readonly TokenBalance[]
export type GetSendTokenBalancesErrorType = NotConnectedError | SendNotSupportedError

/**
 * Fills the token picker (`send.tokenBalances`): the native currency, then every ERC-20 of the
 * active network that `account.tokenBalance` lists, each with its balance read from the chain now
 * (so the picker is right just after a transfer), or on Solana the SPL tokens of the balance
 * route. The selected token follows its fresh balance.
 */
export async function getSendTokenBalances(
  foyer: Foyer,
  parameters: GetSendTokenBalancesParameters = {},
): Promise<GetSendTokenBalancesReturnType> {
  const state = foyer.getState()
  const network = state.activeNetwork
  const owner = state.account.address
  if (!owner) throw new NotConnectedError()
  if (network.chainNamespace !== 'eip155' && network.chainNamespace !== 'solana')
    throw new SendNotSupportedError({
      details: `${network.caipNetworkId} is neither an EVM nor a Solana network.`,
    })

  const [native, tokens] = await Promise.all([
    getBalance(foyer, { force: true }).catch(() => undefined),
    network.chainNamespace === 'solana'
      ? readSplBalances(foyer)
      : readErc20Balances(foyer, parameters.tokens ?? []),
  ])
  const nativeToken: TokenBalance | undefined = native && {
    name: network.nativeCurrency.name,
    symbol: native.symbol,
    chainId: network.caipNetworkId,
    address: undefined,
    value: 0,
    price: 0,
    quantity: {
      decimals: String(native.decimals),
      numeric: formatUnits(native.value, native.decimals),
    },
    iconUrl: '',
  }
  const tokenBalances = [nativeToken, ...tokens].filter(
    (token): token is TokenBalance => token !== undefined,
  )

  // Only write if the visitor is still on the same account and network.
  const now = foyer.getState()
  if (now.account.address === owner && now.activeNetwork.caipNetworkId === network.caipNetworkId) {
    const selected = now.send.token
    const refreshed = selected
      ? tokenBalances.find(
          (token) =>
            (token.address && tokenContractAddress(token.address).toLowerCase()) ===
            (selected.address && tokenContractAddress(selected.address).toLowerCase()),
        )
      : undefined
    foyer.store.setState({
      send: { ...now.send, tokenBalances, token: refreshed ?? selected },
    })
  }
  return tokenBalances
}

/** The listed ERC-20s of the active network, each with its balance read from the chain now. */
async function readErc20Balances(
  foyer: Foyer,
  extra: NonNullable<GetSendTokenBalancesParameters['tokens']>,
): Promise<(TokenBalance | undefined)[]> {
  const state = foyer.getState()
  const network = state.activeNetwork
  const owner = state.account.address!
  // Known ERC-20s of this network, by lower-cased address; first listing wins.
  const known = new Map<string, TokenBalance>()
  const candidates: TokenBalance[] = [
    ...state.account.tokenBalance,
    ...state.send.tokenBalances,
    ...(state.send.token ? [state.send.token] : []),
    ...extra.map((token) => ({
      name: token.name,
      symbol: token.symbol,
      chainId: network.caipNetworkId,
      address: token.address,
      value: 0,
      price: 0,
      quantity: { decimals: String(token.decimals), numeric: '0' },
      iconUrl: '',
    })),
  ]
  for (const token of candidates)
    if (token.address && isTokenOnNetwork(token, network)) {
      const contract = tokenContractAddress(token.address).toLowerCase()
      if (!known.has(contract)) known.set(contract, token)
    }

  const [{ erc20Abi, getAddress }, client] = await Promise.all([
    loadViem(),
    createNetworkClient(network),
  ])
  return Promise.all(
    [...known.values()].map(async (token): Promise<TokenBalance | undefined> => {
      const decimals = Number(token.quantity.decimals)
      try {
        const raw = await client.readContract({
          address: getAddress(tokenContractAddress(token.address!)),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [getAddress(owner)],
        })
        const numeric = formatUnits(raw, decimals)
        return {
          ...token,
          chainId: network.caipNetworkId,
          quantity: { decimals: String(decimals), numeric },
          value: token.price * Number(numeric),
        }
      } catch {
        // A token this RPC cannot read stays out of the picker rather than showing a wrong 0.
        return undefined
      }
    }),
  )
}

/**
 * The SPL tokens of the active Solana network: read again through the server's balance route when
 * one is configured (so the picker is right just after a transfer), else as `account.tokenBalance`
 * lists them.
 */
async function readSplBalances(foyer: Foyer): Promise<TokenBalance[]> {
  const state = foyer.getState()
  const network = state.activeNetwork
  const listed = foyer.config.serverUrl
    ? await getTokenBalances(foyer, { force: true }).catch(() => state.account.tokenBalance)
    : state.account.tokenBalance
  return listed.filter((token) => token.address && isTokenOnNetwork(token, network))
}
