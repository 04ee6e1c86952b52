import type { CaipNetwork } from '@foyer/core'
import type { ApiPromise, WsProvider } from '@polkadot/api'
import { RpcConnectionError } from '../errors.ts'
import { loadApiModule } from '../lazy.ts'
import { getWsUrl } from '../networks.ts'

export type ApiPool = {
  /** One `ApiPromise` per WebSocket URL, connected on first use. */
  get(network: CaipNetwork): Promise<ApiPromise>
  /** Forwards a JSON-RPC call to the network's node. */
  send(network: CaipNetwork, method: string, params: unknown[]): Promise<unknown>
  /** Closes every connection (the adapter's teardown). */
  disconnect(): Promise<void>
}
export type CreateApiPoolParameters = {
  /** Give up connecting after this long. Default 30 s. */
  timeout?: number | undefined
}
export type CreateApiPoolReturnType = ApiPool
export type CreateApiPoolErrorType = RpcConnectionError

type Connection = { api: ApiPromise; provider: WsProvider }

/**
 * `@polkadot/api` connections shared by an adapter's balance reads and its connectors' transfers:
 * creating an `ApiPromise` downloads the runtime metadata, so it is done once per node.
 */
export function createApiPool(parameters: CreateApiPoolParameters = {}): CreateApiPoolReturnType {
  const { timeout = 30_000 } = parameters
  const connections = new Map<string, Promise<Connection>>()

  const connect = async (url: string): Promise<Connection> => {
    const { ApiPromise, WsProvider } = await loadApiModule()
    const provider = new WsProvider(url)
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const api = await Promise.race([
        ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`No answer within ${timeout} ms.`)), timeout)
        }),
      ])
      return { api, provider }
    } catch (cause) {
      // The provider would keep reconnecting in the background: stop it.
      await provider.disconnect().catch(() => {})
      throw new RpcConnectionError({ url, cause })
    } finally {
      clearTimeout(timer)
    }
  }

  const connection = (network: CaipNetwork) => {
    const url = getWsUrl(network)
    let pending = connections.get(url)
    if (!pending) {
      const created = connect(url)
      connections.set(url, created)
      // A failed connection is not kept: the next call tries again.
      created.catch(() => {
        if (connections.get(url) === created) connections.delete(url)
      })
      pending = created
    }
    return pending
  }

  return {
    get: async (network) => (await connection(network)).api,
    async send(network, method, params) {
      const { provider } = await connection(network)
      return provider.send(method, params)
    },
    async disconnect() {
      const pending = [...connections.values()]
      connections.clear()
      await Promise.all(
        pending.map((created) =>
          created.then(({ api }) => api.disconnect()).catch(() => undefined),
        ),
      )
    },
  }
}
