import { anvilDevAccounts, type StartAnvilReturnType, startAnvil } from '@foyer/devnet'
import type { GetHistoryResponse } from '@foyer/protocol'
import type { FastifyInstance } from 'fastify'
import { createWalletClient, http, parseEther, publicActions } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readServerOptions } from '../src/config.ts'
import { createDatabase, type FoyerDatabase } from '../src/db/createDatabase.ts'
import { ConfigError } from '../src/errors.ts'
import { createServer, devProjectId } from '../src/http/createServer.ts'

/** Base's chain id: viem knows it as a public network, so FOYER_RPC_URLS does not index it. */
const chainId = 8453

/**
 * A public network configured by URL (an anvil standing in for Base) is indexed only when
 * FOYER_INDEX_CHAINS lists it.
 */
describe('history of public networks (FOYER_INDEX_CHAINS)', () => {
  let anvil: StartAnvilReturnType
  const servers: { app: FastifyInstance; database: FoyerDatabase }[] = []

  async function server(env: Record<string, string>) {
    const database = await createDatabase({ dataDir: 'memory://' })
    try {
      const app = await createServer({
        ...readServerOptions({
          FOYER_RPC_URLS: `${chainId}=${anvil.rpcUrl}`,
          FOYER_RATE_LIMIT_IP: '0',
          ...env,
        }),
        database,
        dev: true,
        logger: false,
        // Synced by hand below, so the test decides when blocks are read.
        indexer: { enabled: false },
      })
      servers.push({ app, database })
      return app
    } catch (error) {
      await database.destroy()
      throw error
    }
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
  })
  afterAll(async () => {
    for (const { app, database } of servers) {
      await app.close()
      await database.destroy()
    }
    await anvil?.stop()
  })

  const history = async (app: FastifyInstance, account: string) => {
    const response = await app.inject({
      url: `/v1/account/${account}/history?${new URLSearchParams({
        projectId: devProjectId,
        chainId: `eip155:${chainId}`,
      })}`,
    })
    expect(response.statusCode).toBe(200)
    return response.json() as GetHistoryResponse
  }

  it('indexes a listed public network from the block that was latest at its first start', async () => {
    const indexed = await server({ FOYER_INDEX_CHAINS: `${chainId}` })
    const unlisted = await server({})
    // The first sync only places the cursor at the current head.
    await indexed.foyer.indexer.sync()
    await unlisted.foyer.indexer.sync()

    const sender = createWalletClient({
      account: privateKeyToAccount(anvilDevAccounts()[0]!.privateKey),
      transport: http(anvil.rpcUrl),
      pollingInterval: 50,
    }).extend(publicActions)
    const receiver = privateKeyToAccount(`0x${'4'.repeat(64)}`).address
    const hash = await sender.sendTransaction({
      to: receiver,
      value: parseEther('0.5'),
      chain: null,
    })
    expect((await sender.waitForTransactionReceipt({ hash })).status).toBe('success')
    await indexed.foyer.indexer.sync()
    await unlisted.foyer.indexer.sync()

    const listed = await history(indexed, receiver)
    expect(listed.data.map((tx) => tx.metadata.hash)).toEqual([hash])
    expect(listed.data[0]).toMatchObject({
      metadata: { chain: `eip155:${chainId}`, operationType: 'receive' },
      transfers: [{ direction: 'in', quantity: { numeric: '0.5' } }],
    })

    expect(await history(unlisted, receiver)).toEqual({ data: [], next: null })
    const { database } = servers[1]!
    expect(await database.db.selectFrom('chain_cursors').selectAll().execute()).toEqual([])
  })

  it('reads FOYER_INDEX_CHAINS as a comma list of chain ids', () => {
    expect(readServerOptions({ FOYER_INDEX_CHAINS: '1, 8453,' }).indexChains).toEqual([1, 8453])
    expect(readServerOptions({}).indexChains).toBeUndefined()
    for (const value of ['base', '1;8453', '0', '-1', '1.5']) {
      expect(() => readServerOptions({ FOYER_INDEX_CHAINS: value })).toThrow(ConfigError)
    }
  })

  it('refuses to index a chain no configured network serves', async () => {
    const options = readServerOptions({
      FOYER_RPC_URLS: `${chainId}=${anvil.rpcUrl}`,
      FOYER_INDEX_CHAINS: `${chainId},10`,
    })
    await expect(createServer({ ...options, dataDir: 'memory://', logger: false })).rejects.toThrow(
      /Chain 10 is listed for indexing \(FOYER_INDEX_CHAINS\) but no configured network serves it/,
    )
  })
})
