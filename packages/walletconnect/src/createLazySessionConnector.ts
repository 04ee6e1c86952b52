import type { CaipNetwork, ChainNamespace, ConnectorEventMap, Emitter } from '@foyer/core'
import type { WalletConnectSession } from './createWalletConnectSession.ts'
import { type SessionConnectorIdentity, sessionConnectorBase } from './sessionConnectorBase.ts'

/** What a namespace's implementation module gets when it is loaded. */
export type SessionNamespaceContext = {
  session: WalletConnectSession
  /** The connector's emitter: `accountsChanged` and `chainChanged` go out through it. */
  emitter: Emitter<ConnectorEventMap>
  /** The app's networks of this namespace. */
  networks: readonly CaipNetwork[]
}

/** A namespace's connector methods, from its lazily loaded module. */
// biome-ignore lint/suspicious/noExplicitAny: each namespace types its own methods on the connector.
export type SessionNamespaceMethods = Record<string, (...parameters: any[]) => Promise<unknown>>

export type CreateLazySessionConnectorParameters = SessionConnectorIdentity & {
  session: WalletConnectSession
  namespace: ChainNamespace
  networks: readonly CaipNetwork[]
  /** The namespace's methods beyond the ones every connector has. */
  methods: readonly string[]
  load: () => Promise<{ create(context: SessionNamespaceContext): SessionNamespaceMethods }>
}

const connectorMethods = ['connect', 'getAccounts', 'getCaipNetworkId', 'switchNetwork', 'request']

/**
 * A connector of one namespace of the WalletConnect session whose code (and its chain's
 * libraries) is fetched with `import()` the first time one of its methods runs: an app that lists
 * WalletConnect pays only for the identity, the pairing URIs and the session's end up front.
 */
export function createLazySessionConnector(parameters: CreateLazySessionConnectorParameters) {
  const { session, namespace, load } = parameters
  const networks = parameters.networks.filter((network) => network.chainNamespace === namespace)
  const { emitter, base } = sessionConnectorBase(session, parameters, namespace)
  let loaded: Promise<SessionNamespaceMethods> | undefined
  const implementation = () => {
    loaded ??= load()
      .then((module) => module.create({ session, emitter, networks }))
      .catch((error: unknown) => {
        loaded = undefined // the next call loads again
        throw error
      })
    return loaded
  }
  const methods: SessionNamespaceMethods = {}
  for (const name of [...connectorMethods, ...parameters.methods])
    methods[name] = async (...args) => (await implementation())[name]!(...args)
  return { ...base, ...methods }
}
