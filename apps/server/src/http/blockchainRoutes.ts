import {
  type FungiblePrice,
  type GetHistoryResponse,
  type GetIdentityResponse,
  type GetProfileReverseResponse,
  type GetSupportedChainsResponse,
  type NameProfile,
  routes,
  type TokenBalance,
} from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { type Address, getAddress } from 'viem'
import { createSingleFlight } from '../cache/createSingleFlight.ts'
import {
  bitcoinAddressNetworks,
  bitcoinChainNetwork,
  looksLikeBech32BitcoinAddress,
  normalizeBitcoinAddress,
} from '../chains/bitcoinAddress.ts'
import { readBalances } from '../chains/readBalances.ts'
import { readBitcoinBalances } from '../chains/readBitcoinBalances.ts'
import { readBitcoinHistory } from '../chains/readBitcoinHistory.ts'
import { readSolanaBalances } from '../chains/readSolanaBalances.ts'
import type { BitcoinChainConfig, ChainRuntime } from '../chains/types.ts'
import { InvalidInputError, NotFoundError } from '../errors.ts'
import {
  lookupName,
  type NameLookupParameters,
  resolveIdentity,
  reverseLookup,
} from '../identity/names.ts'
import { queryHistory } from '../indexer/queryHistory.ts'
import { unavailablePrice } from '../prices/createPriceService.ts'
import { parseInput } from './parseInput.ts'
import { pickProjectId } from './pickProjectId.ts'
import { createPreparedTexts } from './preparedAnswer.ts'
import { createAnswerSender, jsonContentType } from './sendCachedResponse.ts'

/** SPEC §9: balances 30 s, identity 5 min. */
export const balanceCacheTtlMs = 30_000
export const identityCacheTtlMs = 5 * 60_000
/** History is keyed by the indexed state; the lifetime only bounds what is kept. */
export const historyCacheTtlMs = 60_000

/**
 * Cache keys of an address's identity and reverse names. The answers are the same for every
 * project (names are public), so one entry serves all; registering a name drops both.
 */
export function addressLookupCacheKeys(address: string): { identity: string; reverse: string } {
  const key = address.toLowerCase()
  return { identity: `identity:${key}`, reverse: `reverse:${key}` }
}

export function registerBlockchainRoutes(app: FastifyInstance): void {
  const { foyer } = app
  const preparedText = createPreparedTexts()
  const sendAnswer = createAnswerSender()
  // A balance or history URL answered from the cache is answered again (fast lane, or the first
  // hook) while the cached texts it was built from are the same.
  const balanceReads = createSingleFlight()
  const historyReads = createSingleFlight()
  const early = foyer.earlyAnswers
  const answerEarly = { onRequest: early.answerEarly }
  const ensChain = () => foyer.chains.find((chain) => chain.config.ensUniversalResolver)

  /** The configured chains a `chainId` parameter selects; unsupported ids select none. */
  function selectChains(chainId: string | undefined): ChainRuntime[] {
    if (chainId === undefined) return foyer.chains
    return foyer.chains.filter((chain) => `eip155:${chain.config.chainId}` === chainId)
  }

  /**
   * The Bitcoin networks a `chainId` parameter selects that the address is valid on (mainnet,
   * test or regtest addresses differ), or undefined when it is no Bitcoin address. A string with
   * a Bitcoin bech32 prefix but a bad checksum is refused, rather than taken for a Solana key.
   */
  function selectBitcoinChains(
    address: string,
    chainId: string | undefined,
    field: 'address' | 'account',
  ): BitcoinChainConfig[] | undefined {
    const networks = bitcoinAddressNetworks(address)
    if (networks.length === 0) {
      if (!looksLikeBech32BitcoinAddress(address)) return undefined
      throw new InvalidInputError(
        `${field}: ${field} is not a valid Bitcoin address (its checksum or witness program is wrong)`,
        field,
      )
    }
    return foyer.bitcoinChains.filter(
      (chain) =>
        (chainId === undefined || chain.caipNetworkId === chainId) &&
        networks.includes(bitcoinChainNetwork(chain)),
    )
  }

  app.get(routes.getSupportedChains.path, async (request): Promise<GetSupportedChainsResponse> => {
    const query = parseInput(routes.getSupportedChains.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    return {
      http: [
        ...foyer.chains.map((chain) => `eip155:${chain.config.chainId}`),
        ...foyer.solanaChains.map((chain) => chain.caipNetworkId),
        ...foyer.bitcoinChains.map((chain) => chain.caipNetworkId),
      ],
      ws: [],
    }
  })

  /**
   * One network's balances as their JSON text, from the cache unless `forceUpdate`: a hit is
   * answered as stored, without parsing and serialising it again.
   */
  async function balancesText(
    key: string,
    forceUpdate: boolean | undefined,
    read: () => Promise<TokenBalance[]>,
  ): Promise<string> {
    if (!forceUpdate) {
      const cached = await foyer.cache.getText(key)
      if (cached !== undefined) return cached
    }
    // Concurrent misses share one read of the chain. A forced update never joins a read that
    // started before it was asked: it wants what the chain holds now (after a send).
    return balanceReads.run(forceUpdate ? `force:${key}` : key, async () => {
      const text = JSON.stringify(await read())
      await foyer.cache.setText(key, text, balanceCacheTtlMs)
      return text
    })
  }

  /** True while each key still holds the text an answer was built from (see `EarlyAnswer`). */
  const storedTexts = (keys: readonly string[], texts: readonly string[]) => async () => {
    for (let index = 0; index < keys.length; index++)
      if ((await foyer.cache.getText(keys[index]!)) !== texts[index]) return false
    return true
  }

  app.get(routes.getBalance.path, answerEarly, async (request, reply) => {
    const params = parseInput(routes.getBalance.params, request.params, 'params')
    const query = parseInput(routes.getBalance.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    const perNetwork = balanceLookups(params.address, query.chainId, query.forceUpdate)
    const keys = perNetwork.map((lookup) => lookup.key)
    const perChain = await Promise.all(
      perNetwork.map((lookup) => balancesText(lookup.key, query.forceUpdate, lookup.read)),
    )
    const answer = preparedText(
      `balance:${keys.join(',')}`,
      perChain,
      balancesResponse,
      jsonContentType,
    )
    // Answered early again while every network's stored balances are the same texts.
    if (!query.forceUpdate)
      early.remember(request, {
        projectId: project.id,
        project,
        checkOrigin: true,
        validUntil: Date.now() + balanceCacheTtlMs,
        isStored: storedTexts(keys, perChain),
        answer,
      })
    return sendAnswer(request, reply, answer)
  })

  /** The cache key and the reading of each network a balance request asks. */
  function balanceLookups(
    requested: string,
    chainId: string | undefined,
    forceUpdate: boolean | undefined,
  ): { key: string; read: () => Promise<TokenBalance[]> }[] {
    // The address says the namespace: Bitcoin addresses are answered on the Bitcoin networks.
    const bitcoinChains = requested.startsWith('0x')
      ? undefined
      : selectBitcoinChains(requested, chainId, 'address')
    if (bitcoinChains) {
      const address = normalizeBitcoinAddress(requested)
      return bitcoinChains.map((chain) => ({
        key: `balance:${chain.caipNetworkId}:${address}`,
        read: () => readBitcoinBalances({ chain, address, tokenIconUrl: foyer.tokenIconUrl }),
      }))
    }
    // Other base58 owners are answered on the Solana networks.
    if (!requested.startsWith('0x')) {
      return foyer.solanaChains
        .filter((chain) => chainId === undefined || chain.caipNetworkId === chainId)
        .map((chain) => ({
          key: `balance:${chain.caipNetworkId}:${requested}`,
          read: () =>
            readSolanaBalances({ chain, address: requested, tokenIconUrl: foyer.tokenIconUrl }),
        }))
    }
    const address = getAddress(requested)
    return selectChains(chainId).map((chain) => ({
      key: `balance:${chain.config.chainId}:${address.toLowerCase()}`,
      read: () =>
        readBalances({
          chain,
          address,
          prices: foyer.prices,
          tokenIconUrl: foyer.tokenIconUrl,
          forceUpdate,
        }),
    }))
  }

  app.post(
    routes.postFungiblePrice.path,
    async (request): Promise<{ fungibles: FungiblePrice[] }> => {
      const query = parseInput(routes.postFungiblePrice.query, request.query, 'query')
      const body = parseInput(routes.postFungiblePrice.body, request.body, 'body')
      await foyer.requireProject(request, pickProjectId(query.projectId, body.projectId))

      const byChain = new Map<ChainRuntime, { requested: string; token: Address }[]>()
      const fungibles: FungiblePrice[] = []
      const unsupported: string[] = []
      for (const requested of body.addresses) {
        const [namespace, reference, tokenAddress] = requested.split(':') as [
          string,
          string,
          string,
        ]
        const chain = foyer.chains.find(
          (c) => namespace === 'eip155' && String(c.config.chainId) === reference,
        )
        if (!chain || !/^0x[0-9a-fA-F]{40}$/.test(tokenAddress)) {
          unsupported.push(requested)
          continue
        }
        const list = byChain.get(chain) ?? []
        list.push({ requested, token: getAddress(tokenAddress) })
        byChain.set(chain, list)
      }
      for (const [chain, entries] of byChain) {
        const quotes = await foyer.prices.getUsdPrices({
          chain,
          tokens: entries.map((e) => e.token),
        })
        for (const { requested, token } of entries) {
          const listed = chain.config.tokens.find(
            (t) => t.address.toLowerCase() === token.toLowerCase(),
          )
          const quote = quotes[token.toLowerCase()] ?? unavailablePrice
          fungibles.push({
            address: requested,
            name: listed?.name ?? '',
            symbol: listed?.symbol ?? '',
            iconUrl: listed ? foyer.tokenIconUrl(listed.symbol) : '',
            price: quote.price,
            priceSource: quote.source,
          })
        }
      }
      // Networks this server does not serve: answered as unpriced, without any RPC call.
      for (const requested of unsupported) {
        fungibles.push({
          address: requested,
          name: '',
          symbol: '',
          iconUrl: '',
          ...toPrice(unavailablePrice),
        })
      }
      const order = new Map(body.addresses.map((address, index) => [address, index]))
      return { fungibles: fungibles.sort((a, b) => order.get(a.address)! - order.get(b.address)!) }
    },
  )

  app.get(routes.getHistory.path, answerEarly, async (request, reply) => {
    const params = parseInput(routes.getHistory.params, request.params, 'params')
    const query = parseInput(routes.getHistory.query, request.query, 'query')
    const project = await foyer.requireProject(request, query.projectId)
    if (!params.account.startsWith('0x')) {
      // The schema lets only EVM and Bitcoin-shaped accounts through.
      const chains = selectBitcoinChains(params.account, query.chainId, 'account')
      if (!chains)
        throw new InvalidInputError(
          'account: account is not a valid Bitcoin address (its checksum is wrong)',
          'account',
        )
      return readBitcoinHistory({
        chains,
        address: params.account,
        cursor: query.cursor,
        tokenIconUrl: foyer.tokenIconUrl,
      })
    }
    const chains = selectChains(query.chainId).filter((chain) => chain.config.indexer?.enabled)
    const read = () =>
      queryHistory({
        db: foyer.database.db,
        account: params.account,
        chains: chains.map((chain) => chain.config),
        cursor: query.cursor,
        tokenIconUrl: foyer.tokenIconUrl,
      })
    // Cached under the indexed state of each chain, so a new block is answered afresh; before
    // this process has synced a chain, its state is unknown and the database is asked.
    const states = chains.map((chain) => foyer.indexer.indexedState(chain.config.chainId))
    if (states.includes(undefined)) return read()
    const key = `history:${chains.map((chain, i) => `${chain.config.chainId}@${states[i]}`).join(',')}:${params.account.toLowerCase()}:${query.cursor ?? ''}`
    const text =
      (await foyer.cache.getText(key)) ??
      // Concurrent misses share one database read.
      (await historyReads.run(key, async () => {
        const fresh = JSON.stringify((await read()) satisfies GetHistoryResponse)
        await foyer.cache.setText(key, fresh, historyCacheTtlMs)
        return fresh
      }))
    const answer = preparedText(key, [text], onlyPart, jsonContentType)
    early.remember(request, {
      projectId: project.id,
      project,
      checkOrigin: true,
      validUntil: Date.now() + historyCacheTtlMs,
      // A new block indexed is a new key: the answer holds while the states and text are the same.
      isCurrent: () =>
        chains.every(
          (chain, index) => foyer.indexer.indexedState(chain.config.chainId) === states[index],
        ),
      isStored: storedTexts([key], [text]),
      answer,
    })
    return sendAnswer(request, reply, answer)
  })

  /**
   * An address lookup (identity, reverse names) answered from the cache for the identity lifetime
   * of SPEC §9; the route has no forceUpdate, so a new name shows after at most 5 minutes.
   */
  function registerCachedAddressLookup<TResponse>(
    route: typeof routes.getIdentity | typeof routes.getProfileReverse,
    cacheKey: keyof ReturnType<typeof addressLookupCacheKeys>,
    lookup: (parameters: NameLookupParameters & { address: Address }) => Promise<TResponse>,
  ): void {
    app.get(route.path, async (request): Promise<TResponse> => {
      const params = parseInput(route.params, request.params, 'params')
      const query = parseInput(route.query, request.query, 'query')
      await foyer.requireProject(request, query.projectId)
      const address = getAddress(params.address)
      const key = addressLookupCacheKeys(address)[cacheKey]
      const cached = await foyer.cache.get<TResponse>(key)
      if (cached !== undefined) return cached
      const response = await lookup({
        db: foyer.database.db,
        ensChain: ensChain(),
        zone: foyer.nameZone,
        address,
      })
      await foyer.cache.set(key, response, identityCacheTtlMs)
      return response
    })
  }
  registerCachedAddressLookup<GetIdentityResponse>(routes.getIdentity, 'identity', resolveIdentity)
  registerCachedAddressLookup<GetProfileReverseResponse>(
    routes.getProfileReverse,
    'reverse',
    reverseLookup,
  )

  app.get(routes.getProfileAccount.path, async (request): Promise<NameProfile> => {
    const params = parseInput(routes.getProfileAccount.params, request.params, 'params')
    const query = parseInput(routes.getProfileAccount.query, request.query, 'query')
    await foyer.requireProject(request, query.projectId)
    const profile = await lookupName({
      db: foyer.database.db,
      ensChain: ensChain(),
      zone: foyer.nameZone,
      name: params.name,
    })
    if (!profile) throw new NotFoundError(`Name ${params.name} is not registered`)
    return profile
  })
}

/**
 * `{ balances: [...perChain].flat() }` serialised, from each network's stored JSON array: the same
 * text `JSON.stringify` gives for the object.
 */
export function balancesResponse(perChain: readonly string[]): string {
  const items = perChain.filter((text) => text !== '[]').map((text) => text.slice(1, -1))
  return `{"balances":[${items.join(',')}]}`
}

const onlyPart = (parts: readonly string[]) => parts[0]!

function toPrice(quote: { price: number; source: FungiblePrice['priceSource'] }) {
  return { price: quote.price, priceSource: quote.source }
}
