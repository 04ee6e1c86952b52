import * as analytics from './analytics.ts'
import * as blockchain from './blockchain.ts'
import * as convert from './convert.ts'
import * as health from './health.ts'
import * as nfts from './nfts.ts'
import * as walletService from './walletService.ts'

/**
 * Every HTTP route of the Foyer server: method, path (Fastify/OpenAPI style `:param`) and schemas.
 * The server registers its handlers from this table and clients build their requests from it.
 */
export const routes = {
  health: { method: 'GET', path: '/health', response: health.getHealthResponse },
  getConfig: {
    method: 'GET',
    path: '/appkit/v1/config',
    query: walletService.getConfigQuery,
    response: walletService.getConfigResponse,
  },
  getOrigins: {
    method: 'GET',
    path: '/projects/v1/origins',
    query: walletService.getOriginsQuery,
    response: walletService.getOriginsResponse,
  },
  getWallets: {
    method: 'GET',
    path: '/getWallets',
    query: walletService.getWalletsQuery,
    response: walletService.getWalletsResponse,
  },
  getWalletImage: {
    method: 'GET',
    path: '/getWalletImage/:id',
    params: walletService.getImageParams,
    query: walletService.getImageQuery,
  },
  getAssetImage: {
    method: 'GET',
    path: '/public/getAssetImage/:id',
    params: walletService.getImageParams,
    query: walletService.getImageQuery,
  },
  getCurrencyImage: {
    method: 'GET',
    path: '/public/getCurrencyImage/:id',
    params: walletService.getImageParams,
    query: walletService.getImageQuery,
  },
  getTokenImage: {
    method: 'GET',
    path: '/public/getTokenImage/:id',
    params: walletService.getImageParams,
    query: walletService.getImageQuery,
  },
  getAnalyticsConfig: {
    method: 'GET',
    path: '/getAnalyticsConfig',
    query: walletService.getAnalyticsConfigQuery,
    response: walletService.getAnalyticsConfigResponse,
  },
  postEvents: {
    method: 'POST',
    path: '/e',
    query: analytics.postEventsQuery,
    body: analytics.postEventsBody,
    response: analytics.postEventsResponse,
  },
  getSupportedChains: {
    method: 'GET',
    path: '/v1/supported-chains',
    query: blockchain.getSupportedChainsQuery,
    response: blockchain.getSupportedChainsResponse,
  },
  getIdentity: {
    method: 'GET',
    path: '/v1/identity/:address',
    params: blockchain.getIdentityParams,
    query: blockchain.getIdentityQuery,
    response: blockchain.getIdentityResponse,
  },
  getHistory: {
    method: 'GET',
    path: '/v1/account/:account/history',
    params: blockchain.getHistoryParams,
    query: blockchain.getHistoryQuery,
    response: blockchain.getHistoryResponse,
  },
  getNfts: {
    method: 'GET',
    path: '/v1/account/:address/nfts',
    params: nfts.getNftsParams,
    query: nfts.getNftsQuery,
    response: nfts.getNftsResponse,
  },
  getBalance: {
    method: 'GET',
    path: '/v1/account/:address/balance',
    params: blockchain.getBalanceParams,
    query: blockchain.getBalanceQuery,
    response: blockchain.getBalanceResponse,
  },
  postFungiblePrice: {
    method: 'POST',
    path: '/v1/fungible/price',
    query: blockchain.postFungiblePriceQuery,
    body: blockchain.postFungiblePriceBody,
    response: blockchain.postFungiblePriceResponse,
  },
  getProfileReverse: {
    method: 'GET',
    path: '/v1/profile/reverse/:address',
    params: blockchain.getProfileReverseParams,
    query: blockchain.getProfileReverseQuery,
    response: blockchain.getProfileReverseResponse,
  },
  getProfileAccount: {
    method: 'GET',
    path: '/v1/profile/account/:name',
    params: blockchain.getProfileAccountParams,
    query: blockchain.getProfileAccountQuery,
    response: blockchain.getProfileAccountResponse,
  },
  getSwapTokens: {
    method: 'GET',
    path: '/v1/convert/tokens',
    query: convert.getSwapTokensQuery,
    response: convert.getSwapTokensResponse,
  },
  getSwapQuote: {
    method: 'GET',
    path: '/v1/convert/quotes',
    query: convert.getSwapQuoteQuery,
    response: convert.getSwapQuoteResponse,
  },
  getSwapAllowance: {
    method: 'GET',
    path: '/v1/convert/allowance',
    query: convert.getSwapAllowanceQuery,
    response: convert.getSwapAllowanceResponse,
  },
  getSwapGasPrice: {
    method: 'GET',
    path: '/v1/convert/gas-price',
    query: convert.getSwapGasPriceQuery,
    response: convert.getSwapGasPriceResponse,
  },
  getSwapApproveTransaction: {
    method: 'GET',
    path: '/v1/convert/build-approve',
    query: convert.getSwapApproveTransactionQuery,
    response: convert.getSwapApproveTransactionResponse,
  },
  buildSwapTransaction: {
    method: 'POST',
    path: '/v1/convert/build-transaction',
    query: convert.buildSwapTransactionQuery,
    body: convert.buildSwapTransactionBody,
    response: convert.buildSwapTransactionResponse,
  },
} as const

export type RouteName = keyof typeof routes

/** Fills `:param` placeholders of a route path, URL-encoding each value. */
export function buildRoutePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(value)
  })
}
