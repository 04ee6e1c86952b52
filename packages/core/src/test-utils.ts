import { type OpenParameters, open } from './actions/open.ts'
import { startAnalytics } from './analytics/startAnalytics.ts'
import { createFoyer, type Foyer } from './createFoyer.ts'
import { createEmitter } from './emitter.ts'
import { anvil, anvilB } from './networks.ts'
import { createMemoryStorage, createStorage } from './storage/createStorage.ts'
import type { FoyerConfig } from './types/config.ts'
import type {
  Adapter,
  Connector,
  ConnectorAccount,
  ConnectorEventMap,
  ConnectorTransferParameters,
  RequestArguments,
} from './types/connector.ts'
import type { CaipNetwork, CaipNetworkId } from './types/network.ts'

/** A Foyer with in-memory storage and the local anvil network, for unit tests. */
export function createTestFoyer(config: Partial<FoyerConfig> = {}) {
  return createFoyer({
    networks: [anvil, anvilB],
    storage: createStorage({ storage: createMemoryStorage() }),
    ...config,
  })
}

/** What the dialog does when it opens: `open`, then its first render starts analytics. */
export function openDialog(foyer: Foyer, parameters?: OpenParameters) {
  open(foyer, parameters)
  startAnalytics(foyer)
}

export type MemoryWalletParameters = {
  namespace: 'eip155' | 'solana' | 'bip122'
  address: string
  /** Every account the wallet gives, typed (e.g. Bitcoin payment and ordinal); default one eoa. */
  accounts?: readonly ConnectorAccount[] | undefined
  /** Connector id; default `{namespace}-wallet`. */
  id?: string | undefined
  /** Session group: wallets of one group connect together (one approval, several namespaces). */
  group?: string | undefined
  /** Connector name; default `{namespace} wallet`. */
  name?: string | undefined
  /**
   * The authorisation, shared by the memory wallets of one session across namespaces (as a
   * WalletConnect session is): connecting one authorises them all.
   */
  session?: { authorized: boolean } | undefined
  /** Answers the wallet's RPC requests (EIP-1193 `request`); default: answers undefined. */
  request?: ((arguments_: RequestArguments) => Promise<unknown>) | undefined
}

export type MemoryWallet = ReturnType<typeof createMemoryWallet>

/**
 * An in-memory wallet for tests of core's state rules. The wallet outlives page loads (its
 * authorisation persists), and `adapter()` gives each Foyer instance a fresh connector, as an
 * extension behaves across reloads. On eip155 the wallet has a chain of its own (it persists too)
 * and `switchNetwork` is a prompt the wallet answers by `behaviour`; on solana the cluster is the
 * connector's, starting on the first configured one after every load, as `@foyer/solana`'s
 * wallet-standard connector does.
 */
export function createMemoryWallet(parameters: MemoryWalletParameters) {
  const {
    namespace,
    address,
    id = `${namespace}-wallet`,
    name = `${namespace} wallet`,
  } = parameters
  const accounts: readonly ConnectorAccount[] = parameters.accounts ?? [{ address, type: 'eoa' }]
  const session = parameters.session ?? { authorized: false }
  const wallet = {
    get authorized() {
      return session.authorized
    },
    set authorized(authorized: boolean) {
      session.authorized = authorized
    },
    /** The eip155 wallet's own chain (undefined until it first connects). */
    chain: undefined as CaipNetworkId | undefined,
    behaviour: {
      switchNetwork: 'approve' as 'approve' | 'reject',
      signMessage: 'approve' as 'approve' | 'reject',
    },
    /** Every message the wallet signed, in order. */
    signedMessages: [] as string[],
    /** Every RPC request the wallet received, in order. */
    requests: [] as RequestArguments[],
    /** Every network a connector asked the wallet to switch to, in order. */
    switchRequests: [] as CaipNetworkId[],
    /** While set, `switchNetwork` waits for it before answering. */
    hold: undefined as Promise<void> | undefined,
    /** Every transfer a non-EVM connector was asked to build and send, in order. */
    transfers: [] as ConnectorTransferParameters[],
    /** The connector of the latest `adapter()`'s Foyer instance. */
    connector: undefined as Connector | undefined,
    /** The wallet reports new accounts (EIP-1193 `accountsChanged`), e.g. a smart account deployed. */
    changeAccounts(next: readonly ConnectorAccount[]) {
      emitAccounts?.(next)
    },
    adapter(): Adapter {
      let connectors: Connector[] = []
      return {
        namespace,
        setup({ networks, onConnectorsChange }) {
          connectors = [createConnector(networks)]
          onConnectorsChange(connectors)
          return () => {}
        },
        getConnectors: () => connectors,
      }
    },
  }

  let emitAccounts: ((next: readonly ConnectorAccount[]) => void) | undefined

  function createConnector(networks: readonly CaipNetwork[]): Connector {
    const emitter = createEmitter<ConnectorEventMap>()
    emitAccounts = (next) => emitter.emit('accountsChanged', { accounts: next })
    let cluster = networks[0]!.caipNetworkId
    const current = () => {
      if (namespace !== 'eip155') return cluster
      wallet.chain ??= cluster
      return wallet.chain
    }
    const connector: Connector = {
      id,
      name,
      type: 'announced',
      namespace,
      ...(parameters.group ? { group: parameters.group } : {}),
      async connect({ network } = {}) {
        wallet.authorized = true
        if (namespace !== 'eip155' && network) cluster = network.caipNetworkId
        return { accounts, caipNetworkId: current() }
      },
      async disconnect() {
        wallet.authorized = false
      },
      getAccounts: async () => (wallet.authorized ? accounts : []),
      getCaipNetworkId: async () => current(),
      async switchNetwork({ network }) {
        wallet.switchRequests.push(network.caipNetworkId)
        await wallet.hold
        if (wallet.behaviour.switchNetwork === 'reject')
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        if (namespace === 'eip155') wallet.chain = network.caipNetworkId
        else cluster = network.caipNetworkId
        emitter.emit('chainChanged', { caipNetworkId: network.caipNetworkId })
      },
      async request(arguments_) {
        wallet.requests.push(arguments_)
        return parameters.request?.(arguments_)
      },
      async signMessage({ message }) {
        if (wallet.behaviour.signMessage === 'reject')
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        wallet.signedMessages.push(message)
        return `signed:${message.length}`
      },
      ...(namespace === 'eip155'
        ? {}
        : {
            async sendTransfer(transfer: ConnectorTransferParameters) {
              wallet.transfers.push(transfer)
              return `transfer-${wallet.transfers.length}`
            },
          }),
      on: (event, listener) => emitter.on(event, listener),
      off: (event, listener) => emitter.off(event, listener),
    }
    wallet.connector = connector
    return connector
  }
  return wallet
}
