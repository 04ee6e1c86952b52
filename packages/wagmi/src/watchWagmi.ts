import { connect, type Foyer, getActiveConnection } from '@foyer/core'
import { type Config, switchAccount } from '@wagmi/core'
import { WagmiAdapterNotFoundError } from './errors.ts'
import { foyer as foyerConnector } from './foyer.ts'
import {
  BRIDGED_CONNECTOR_PREFIX,
  getFoyerEvmConnection,
  toAddresses,
} from './internal/foyerEvmConnection.ts'
import { type WagmiAdapter, wagmiAdapterKey } from './wagmiAdapter.ts'

export type WatchWagmiParameters = {
  /** A Foyer instance created with `wagmiAdapter()` among its adapters. */
  foyer: Foyer
  /** The app's wagmi config (`createConfig`), usually with the `foyer({ foyer })` connector. */
  config: Config
}
/** Stops watching. */
export type WatchWagmiReturnType = () => void
export type WatchWagmiErrorType = WagmiAdapterNotFoundError

/**
 * Shows the wallet wagmi is connected with in Foyer's dialog: whenever wagmi's current connection
 * is one it made itself (not through the `foyer()` connector, whose connection is Foyer's own),
 * Foyer connects it through `wagmiAdapter()` without prompting, and follows its account, chain and
 * disconnect; disconnecting it in the dialog disconnects it in wagmi. Browser only (call it in an
 * effect); returns the function that stops it.
 */
export function watchWagmi(parameters: WatchWagmiParameters): WatchWagmiReturnType {
  const { foyer, config } = parameters
  const adapter = foyer.config.adapters.find(
    (candidate): candidate is WagmiAdapter => wagmiAdapterKey in candidate,
  )
  if (!adapter) throw new WagmiAdapterNotFoundError()
  const stopBridge = adapter[wagmiAdapterKey](config)

  let syncing = false
  let stopped = false
  async function sync() {
    if (syncing || stopped) return
    const wagmiState = config.state
    if (wagmiState.status !== 'connected' || foyer.getState().status === 'connecting') return
    const current = wagmiState.current && wagmiState.connections.get(wagmiState.current)
    if (!current || current.connector.type === foyerConnector.type) return
    // The wallet Foyer just connected, picked up by one of wagmi's own connectors too (a wallet's
    // `accountsChanged` reads to wagmi's `injected()` as "connected in the wallet"): the `foyer()`
    // connection stays wagmi's current one, whichever of the two wagmi heard of last.
    const own = getFoyerEvmConnection(foyer.getState())
    const foyerConnection = [...wagmiState.connections.values()].find(
      (connection) => connection.connector.type === foyerConnector.type,
    )
    if (own && foyerConnection && current.accounts[0] === toAddresses(own)[0]) {
      await switchAccount(config, { connector: foyerConnection.connector })
      return
    }
    const connectorId = `${BRIDGED_CONNECTOR_PREFIX}${current.connector.id}`
    const active = getActiveConnection(foyer.getState(), 'eip155')
    if (active?.connectorId === connectorId || !foyer.getConnector(connectorId)) return
    syncing = true
    try {
      await connect(foyer, { connectorId })
    } catch {
      // The connection left wagmi meanwhile; the next change syncs again.
    } finally {
      syncing = false
    }
  }

  const unsubscribeWagmi = config.subscribe(
    (state) => state,
    () => void sync(),
  )
  const unsubscribeFoyer = foyer.subscribe((state, previous) => {
    if (state.status !== previous.status || state.connectors !== previous.connectors) void sync()
  })
  void sync()
  return () => {
    stopped = true
    unsubscribeWagmi()
    unsubscribeFoyer()
    stopBridge()
  }
}
