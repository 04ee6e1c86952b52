import {
  type BuildSwapTransactionResponse,
  type GetSwapAllowanceResponse,
  type GetSwapApproveTransactionResponse,
  type GetSwapGasPriceResponse,
  type GetSwapQuoteResponse,
  type GetSwapTokensResponse,
  NATIVE_TOKEN_ADDRESS,
  routes,
  type SwapTransaction,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import {
  type Address,
  ExecutionRevertedError,
  getAddress,
  InsufficientFundsError,
  BaseError as ViemBaseError,
} from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import { SwapNetworkNotSupportedError, SwapSimulationRevertedError } from '../swap/errors.ts'
import type { SwapCall, SwapProvider } from '../swap/types.ts'
import { slippageToPpm } from '../swap/uniswapV2Math.ts'
import { parseInput } from './parseInput.ts'
import { pickProjectId } from './pickProjectId.ts'

export type RegisterSwapRoutesOptions = {
  /** Asked in order; the first that supports a network serves its swaps. */
  providers: readonly SwapProvider[]
}

type SwapNetwork = { chainId: number; chain: ChainRuntime; provider: SwapProvider }

/**
 * The convert API of SPEC §7 (`/v1/convert/*`) over the swap providers. A network without a
 * provider (or without a node here) answers 400 'Network not supported for Swaps', the gas price
 * 400 'Network not supported for Gas Price' (SPEC §8).
 */
export function registerSwapRoutes(app: FastifyInstance, options: RegisterSwapRoutesOptions): void {
  const { foyer } = app

  /** The configured EVM chain of a CAIP-2 id (`eip155:31337`). */
  function chainOf(caipNetworkId: string): ChainRuntime | undefined {
    const [namespace, reference] = caipNetworkId.split(':')
    if (namespace !== 'eip155') return undefined
    return foyer.chains.find((chain) => String(chain.config.chainId) === reference)
  }

  function swapNetwork(caipNetworkId: string, field: string): SwapNetwork {
    const chain = chainOf(caipNetworkId)
    const chainId = chain?.config.chainId
    const provider =
      chainId === undefined ? undefined : options.providers.find((p) => p.supports(chainId))
    if (!chain || chainId === undefined || !provider) throw new SwapNetworkNotSupportedError(field)
    return { chainId, chain, provider }
  }

  /** The network part and the 0x address of a CAIP-10 id the schema already checked. */
  function caip10(value: string): { network: string; address: Address } {
    const [namespace = '', reference = '', address = ''] = value.split(':')
    return {
      network: `${namespace}:${reference}`,
      address: /^0x[0-9a-fA-F]{40}$/.test(address) ? getAddress(address) : NATIVE_TOKEN_ADDRESS,
    }
  }

  /** Gas and gas price of a call from `user`: estimated on the node unless `estimate` is off. */
  async function toTransaction(
    network: SwapNetwork,
    user: Address,
    call: SwapCall,
    estimate: boolean,
  ): Promise<SwapTransaction> {
    const { client } = network.chain
    const [gas, gasPrice] = await Promise.all([
      estimate
        ? client
            .estimateGas({ account: user, to: call.to, data: call.data, value: call.value })
            // 20 % headroom: the state may move a little before the transaction is mined.
            .then((estimated) => (estimated * 12n) / 10n)
            .catch((error: unknown) => {
              const reason = revertReason(error)
              throw reason === undefined
                ? error
                : new SwapSimulationRevertedError(reason, { cause: error })
            })
        : call.fallbackGas,
      client.getGasPrice(),
    ])
    return {
      from: user,
      to: call.to,
      data: call.data,
      value: call.value.toString(),
      eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
    }
  }

  app.get(routes.getSwapTokens.path, async (request): Promise<GetSwapTokensResponse> => {
    const query = parseInput(routes.getSwapTokens.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    const network = swapNetwork(query.chainId, 'chainId')
    const tokens = await network.provider.tokens(network.chainId)
    return {
      tokens: tokens.map((token) => ({
        name: token.name,
        symbol: token.symbol,
        address: `eip155:${network.chainId}:${token.address}`,
        decimals: token.decimals,
        logoUri: foyer.tokenIconUrl(token.symbol),
      })),
    }
  })

  app.get(routes.getSwapQuote.path, async (request): Promise<GetSwapQuoteResponse> => {
    const query = parseInput(routes.getSwapQuote.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    const from = caip10(query.from)
    const network = swapNetwork(from.network, 'from')
    const quotes = await network.provider.quote({
      chainId: network.chainId,
      from: from.address,
      to: caip10(query.to).address,
      amount: BigInt(query.amount),
      gasPrice: query.gasPrice === undefined ? undefined : BigInt(query.gasPrice),
      user: caip10(query.userAddress).address,
    })
    return {
      quotes: quotes.map((quote) => ({
        fromAmount: quote.fromAmount.toString(),
        fromAccount: query.from,
        toAmount: quote.toAmount.toString(),
        toAccount: query.to,
        path: quote.path,
        priceImpact: quote.priceImpact,
        fee: quote.fee.toString(),
      })),
    }
  })

  app.get(routes.getSwapAllowance.path, async (request): Promise<GetSwapAllowanceResponse> => {
    const query = parseInput(routes.getSwapAllowance.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    const token = caip10(query.tokenAddress)
    const network = swapNetwork(token.network, 'tokenAddress')
    const allowance = await network.provider.allowance({
      chainId: network.chainId,
      token: token.address,
      owner: caip10(query.userAddress).address,
    })
    return { allowance: allowance.toString() }
  })

  app.get(routes.getSwapGasPrice.path, async (request): Promise<GetSwapGasPriceResponse> => {
    const query = parseInput(routes.getSwapGasPrice.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    // Any network this server has a node for: the price comes from the node, not the provider.
    const chain = chainOf(query.chainId)
    if (!chain) throw new SwapNetworkNotSupportedError('chainId', { gasPrice: true })
    return readGasPrices(chain)
  })

  app.get(
    routes.getSwapApproveTransaction.path,
    async (request): Promise<GetSwapApproveTransactionResponse> => {
      const query = parseInput(routes.getSwapApproveTransaction.query, request.query, 'query')
      await foyer.requireProject(request, query.projectId)
      const from = caip10(query.from)
      const network = swapNetwork(from.network, 'from')
      const user = caip10(query.userAddress).address
      const call = await network.provider.buildApprove({
        chainId: network.chainId,
        token: from.address,
        owner: user,
        amount: query.amount === undefined ? undefined : BigInt(query.amount),
      })
      return { tx: await toTransaction(network, user, call, true) }
    },
  )

  app.post(
    routes.buildSwapTransaction.path,
    async (request): Promise<BuildSwapTransactionResponse> => {
      const query = parseInput(routes.buildSwapTransaction.query, request.query, 'query')
      const body = parseInput(routes.buildSwapTransaction.body, request.body, 'body')
      await foyer.requireProject(request, pickProjectId(query.projectId, body.projectId))
      const from = caip10(body.from)
      const network = swapNetwork(from.network, 'from')
      const user = caip10(body.userAddress).address
      const built = await network.provider.buildSwap({
        chainId: network.chainId,
        from: from.address,
        to: caip10(body.to).address,
        amount: BigInt(body.amount),
        user,
        slippagePpm: slippageToPpm(body.eip155.slippage),
      })
      return {
        tx: await toTransaction(network, user, built.call, !body.disableEstimate),
        toAmount: built.toAmount.toString(),
        toAmountMin: built.toAmountMin.toString(),
      }
    },
  )
}

/**
 * Gas prices from the node's fee data. On EIP-1559 networks: standard = base fee + the node's
 * suggested tip (enough while blocks are not full); fast = base fee + 12.5 % (one full block, the
 * most it can rise) + 1.5 × tip; instant = base fee + 25 % + 2 × tip. Elsewhere `eth_gasPrice`
 * × 1, 1.1 and 1.25.
 */
export async function readGasPrices(chain: ChainRuntime): Promise<GetSwapGasPriceResponse> {
  const { client } = chain
  const block = await client.getBlock({ blockTag: 'latest' })
  const baseFee = block.baseFeePerGas
  if (baseFee === null || baseFee === undefined) {
    const gasPrice = await client.getGasPrice()
    return {
      standard: gasPrice.toString(),
      fast: ((gasPrice * 11n) / 10n).toString(),
      instant: ((gasPrice * 5n) / 4n).toString(),
    }
  }
  const tip = await client.estimateMaxPriorityFeePerGas()
  return {
    standard: (baseFee + tip).toString(),
    fast: ((baseFee * 9n) / 8n + (tip * 3n) / 2n).toString(),
    instant: ((baseFee * 5n) / 4n + tip * 2n).toString(),
  }
}

/** The revert reason of a failed estimate ('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'). */
export function revertReason(error: unknown): string | undefined {
  if (!(error instanceof ViemBaseError)) return undefined
  const reverted = error.walk((cause) => cause instanceof ExecutionRevertedError)
  if (reverted instanceof ExecutionRevertedError) {
    const match = /execution reverted:?\s*(.*)$/is.exec(reverted.details ?? '')
    return match?.[1]?.trim() || 'execution reverted without a reason'
  }
  if (error.walk((cause) => cause instanceof InsufficientFundsError))
    return 'insufficient funds for gas × price + value'
  return undefined
}
