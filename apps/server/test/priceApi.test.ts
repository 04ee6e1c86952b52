import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import type { GetBalanceResponse } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { createPublicClient, formatEther, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'
import { type StartPriceApiReturnType, startPriceApi } from './support/startPriceApi.ts'

// WETH on Ethereum: the server prices Ether as its wrapped token.
const mainnetWeth = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
const apiKey = 'cg-wired-key'

/**
 * A public network (chain 1, served by a local anvil through FOYER_RPC_URLS) has no pools, so its
 * prices come from the price API of FOYER_PRICE_API_URL / FOYER_PRICE_API_KEY.
 */
describe('server with FOYER_PRICE_API_URL', () => {
  let anvil: StartAnvilReturnType
  let api: StartPriceApiReturnType
  let database: FoyerDatabase
  let app: FastifyInstance
  const holder = anvilDevAccounts()[0]!.address

  beforeAll(async () => {
    ;[anvil, api, database] = await Promise.all([
      startAnvil({ chainId: 1, port: 0 }),
      startPriceApi({ apiKey, prices: { ethereum: { [mainnetWeth]: 3120.55 } } }),
      createDatabase({ dataDir: 'memory://' }),
    ])
    const options = readServerOptions({
      FOYER_RPC_URLS: `1=${anvil.rpcUrl}`,
      FOYER_PRICE_API_URL: api.baseUrl,
      FOYER_PRICE_API_KEY: apiKey,
      FOYER_RATE_LIMIT_IP: '0',
    })
    app = await createServer({
      ...options,
      database,
      dev: true,
      logger: false,
      indexer: { enabled: false },
    })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await Promise.allSettled([anvil?.stop(), api?.stop(), database?.destroy()])
  })

  const balance = async () => {
    const response = await app.inject({
      url: `/v1/account/${holder}/balance?${new URLSearchParams({
        projectId: devProjectId,
        chainId: 'eip155:1',
        currency: 'usd',
        forceUpdate: 'true',
      })}`,
    })
    expect(response.statusCode).toBe(200)
    const native = (response.json() as GetBalanceResponse).balances.find((b) => !b.address)
    expect(native).toBeDefined()
    return native!
  }

  it("values the native balance at the price API's price for the wrapped token", async () => {
    const onChain = await createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({
      address: holder,
    })
    const native = await balance()
    expect(native).toMatchObject({
      symbol: 'ETH',
      chainId: 'eip155:1',
      price: 3120.55,
      priceSource: 'provider',
      quantity: { decimals: '18', numeric: formatEther(onChain) },
    })
    expect(native.value).toBeCloseTo(Number(formatEther(onChain)) * 3120.55, 6)
    const request = api.requests.at(-1)!
    expect(request.platform).toBe('ethereum')
    expect(request.contractAddresses).toContain(mainnetWeth)
    expect(request.headers['x-cg-pro-api-key']).toBe(apiKey)
  })

  it('still answers the balance, unpriced at 0, while the price API fails', async () => {
    api.setMode(500)
    try {
      const native = await balance()
      expect(native).toMatchObject({ price: 0, value: 0, priceSource: 'unavailable' })
      expect(Number(native.quantity.numeric)).toBeGreaterThan(0)
    } finally {
      api.setMode('ok')
    }
    expect((await balance()).priceSource).toBe('provider')
  })
})
