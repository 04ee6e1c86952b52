import {
  type Adapter,
  type CaipNetworkId,
  type Connector,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  type Emitter,
} from '@foyer/core'
import {
  type Config,
  type Connection,
  disconnect,
  getConnectorClient,
  switchChain,
} from '@wagmi/core'
import { WagmiConnectionNotFoundError } from './errors.ts'
import { foyer } from './foyer.ts'
import { BRIDGED_CONNECTOR_PREFIX } from './internal/foyerEvmConnection.ts'

/** Marks the adapter `watchWagmi` hands the wagmi config to. */
export const wagmiAdapterKey = Symbol.for('@foyer/wagmi/adapter')

export type WagmiAdapter = Adapter & {
  /** Lists wagmi's connections (other than Foyer's own) as Foyer connectors; returns the stop. */
  readonly [wagmiAdapterKey]: (config: Config) => () => void
}
export type WagmiAdapterReturnType = WagmiAdapter

type Bridged = {
  connector: Connector
  emit: Emitter<ConnectorEventMap>['emit']
  /** wagmi's connection as last seen, to tell what changed. */
  connection: Connection
}

const toAccounts = (connection: Connection): ConnectorAccount[] =>
  connection.accounts.map((address) => ({ address, type: 'eoa' }))
const toCaipNetworkId = (chainId: number): CaipNetworkId => `eip155:${chainId}`

/**
 * A Foyer adapter for the connections an app makes with wagmi itself (`connect({ connector:
 * injected() })`): each one is listed as a Foyer connector of the EVM namespace, so `watchWagmi`
 * can show it in Foyer's dialog (Account view, balance, send, disconnect). It lists nothing until
 * `watchWagmi` gives it the wagmi config, and never lists the `foyer()` connector's connection,
 * which is Foyer's own.
 */
export function wagmiAdapter(): WagmiAdapterReturnType {
  let publish: ((connectors: readonly Connector[]) => void) | undefined
  const bridged = new Map<string, Bridged>()
  const connectors = () => [...bridged.values()].map((entry) => entry.connector)

  function bridge(config: Config, connection: Connection): Bridged {
    const wagmiConnector = connection.connector
    const emitter = createEmitter<ConnectorEventMap>()
    const current = () => {
      const entry = bridged.get(wagmiConnector.uid)
      if (!entry) throw new WagmiConnectionNotFoundError({ connectorId: wagmiConnector.id })
      return entry.connection
    }
    const connector: Connector = {
      id: `${BRIDGED_CONNECTOR_PREFIX}${wagmiConnector.id}`,
      name: wagmiConnector.name,
      icon: wagmiConnector.icon,
      type: 'external',
      namespace: 'eip155',
      rdns: typeof wagmiConnector.rdns === 'string' ? wagmiConnector.rdns : undefined,
      // wagmi already connected it: Foyer records what wagmi has, without prompting again.
      async connect() {
        const connection = current()
        return {
          accounts: toAccounts(connection),
          caipNetworkId: toCaipNetworkId(connection.chainId),
        }
      },
      async disconnect() {
        await disconnect(config, { connector: wagmiConnector })
      },
      async getAccounts() {
        return bridged.has(wagmiConnector.uid) ? toAccounts(current()) : []
      },
      async getCaipNetworkId() {
        return toCaipNetworkId(current().chainId)
      },
      async switchNetwork({ network }) {
        await switchChain(config, { chainId: Number(network.id), connector: wagmiConnector })
      },
      async request(arguments_) {
        const client = await getConnectorClient(config, { connector: wagmiConnector })
        return client.request(arguments_ as never)
      },
      on: (event, listener) => emitter.on(event, listener),
      off: (event, listener) => emitter.off(event, listener),
    }
    return { connector, emit: emitter.emit, connection }
  }

  function sync(config: Config) {
    const connections = [...config.state.connections.values()].filter(
      (connection) => connection.connector.type !== foyer.type,
    )
    const uids = new Set(connections.map((connection) => connection.connector.uid))
    let changed = false
    for (const [uid, entry] of bridged) {
      if (uids.has(uid)) continue
      bridged.delete(uid)
      changed = true
      // Foyer forgets the connection before its connector leaves the list.
      entry.emit('disconnect', {})
    }
    for (const connection of connections) {
      const entry = bridged.get(connection.connector.uid)
      if (!entry) {
        bridged.set(connection.connector.uid, bridge(config, connection))
        changed = true
        continue
      }
      const previous = entry.connection
      entry.connection = connection
      if (connection.accounts.join() !== previous.accounts.join())
        entry.emit('accountsChanged', { accounts: toAccounts(connection) })
      if (connection.chainId !== previous.chainId)
        entry.emit('chainChanged', { caipNetworkId: toCaipNetworkId(connection.chainId) })
    }
    if (changed) publish?.(connectors())
  }

  return {
    namespace: 'eip155',
    setup({ onConnectorsChange }) {
      publish = onConnectorsChange
      return () => {
        publish = undefined
      }
    },
    getConnectors: connectors,
    [wagmiAdapterKey](config) {
      sync(config)
      const unsubscribe = config.subscribe(
        (state) => state.connections,
        () => sync(config),
      )
      return () => {
        unsubscribe()
        bridged.clear()
        publish?.([])
      }
    },
  }
}
