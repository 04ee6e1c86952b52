import * as analytics from './analytics.ts'
import * as blockchain from './blockchain.ts'
import * as convert from './convert.ts'
import * as health from './health.ts'
import * as names from './names.ts'
import * as nfts from './nfts.ts'
import * as onramp from './onramp.ts'
import * as sessions from './sessions.ts'
import * as siwx from './siwx.ts'
import * as walletService from './walletService.ts'

/**
 * Every HTTP route of the Foyer server: method, path (Fastify/OpenAPI style `:param`) and schemas.
 * The server registers its handlers from this table and clients build their requests from it.
 */
export const routes = {
  health: { method: 'GET', path: '/health', response: health.getHealthResponse },
  getSessions: {
    method: 'GET',
    path: '/v1/sessions/:id',
    params: sessions.sessionParams,
    query: sessions.sessionQuery,
    response: sessions.getSessionsResponse,
  },
  registerSession: {
    method: 'POST',
    path: '/v1/sessions/:id',
    params: sessions.sessionParams,
    query: sessions.sessionQuery,
    body: sessions.registerSessionBody,
    response: sessions.registerSessionResponse,
  },
  revokeSession: {
    method: 'POST',
    path: '/v1/sessions/:id/revoke',
    params: sessions.sessionParams,
    query: sessions.sessionQuery,
    body: sessions.revokeSessionBody,
    response: sessions.revokeSessionResponse,
  },
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
  getProfileSuggestions: {
    method: 'GET',
    path: '/v1/profile/suggestions/:name',
    params: names.getProfileSuggestionsParams,
    query: names.getProfileSuggestionsQuery,
    response: names.getProfileSuggestionsResponse,
  },
  postProfileAccount: {
    method: 'POST',
    path: '/v1/profile/account',
    query: names.postProfileAccountQuery,
    body: names.postProfileAccountBody,
    response: blockchain.nameProfile,
  },
  /** EIP-3668 gateway of the names' offchain resolver: `{data}` may end in `.json`. No project. */
  getCcipGateway: {
    method: 'GET',
    path: '/v1/ccip/:sender/*',
    params: names.getCcipGatewayParams,
    response: names.ccipGatewayResponse,
  },
  postCcipGateway: {
    method: 'POST',
    path: '/v1/ccip',
    body: names.postCcipGatewayBody,
    response: names.ccipGatewayResponse,
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
  getOnRampOptions: {
    method: 'GET',
    path: '/v1/onramp/options',
    query: onramp.getOnRampOptionsQuery,
    response: onramp.getOnRampOptionsResponse,
  },
  getOnRampQuote: {
    method: 'POST',
    path: '/v1/onramp/quote',
    query: onramp.getOnRampQuoteQuery,
    body: onramp.getOnRampQuoteBody,
    response: onramp.getOnRampQuoteResponse,
  },
  createOnRampUrl: {
    method: 'POST',
    path: '/v1/generators/onrampurl',
    query: onramp.createOnRampUrlQuery,
    body: onramp.createOnRampUrlBody,
    response: onramp.createOnRampUrlResponse,
  },
  getOnRampTransactions: {
    method: 'GET',
    path: '/v1/onramp/transactions',
    query: onramp.getOnRampTransactionsQuery,
    response: onramp.getOnRampTransactionsResponse,
  },
  /** SIWX: a nonce for the next sign-in message (project in the query or the body). */
  postSiwxNonce: {
    method: 'POST',
    path: '/v1/siwx/nonce',
    query: siwx.postSiwxNonceQuery,
    body: siwx.postSiwxNonceBody,
    response: siwx.postSiwxNonceResponse,
  },
  /** SIWX: checks a signed sign-in message; sets the `foyer_siwx` cookie (send credentials). */
  postSiwxVerify: {
    method: 'POST',
    path: '/v1/siwx/verify',
    query: siwx.postSiwxVerifyQuery,
    body: siwx.postSiwxVerifyBody,
    response: siwx.siwxSessionResponse,
  },
  /** SIWX: the session of the `foyer_siwx` cookie for the project; 401 without one. */
  getSiwxSession: {
    method: 'GET',
    path: '/v1/siwx/session',
    query: siwx.getSiwxSessionQuery,
    response: siwx.siwxSessionResponse,
  },
  /** SIWX: signs the project's session out and clears the cookie. */
  deleteSiwxSession: {
    method: 'DELETE',
    path: '/v1/siwx/session',
    query: siwx.deleteSiwxSessionQuery,
    response: siwx.siwxRevokeResponse,
  },
  /** SIWX: the same as `DELETE /v1/siwx/session`, as a POST (`navigator.sendBeacon`). */
  postSiwxRevoke: {
    method: 'POST',
    path: '/v1/siwx/revoke',
    query: siwx.postSiwxRevokeQuery,
    body: siwx.postSiwxRevokeBody,
    response: siwx.siwxRevokeResponse,
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
