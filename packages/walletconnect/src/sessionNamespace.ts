// What the lazily loaded connectors of the bip122, polkadot and cosmos namespaces share: the
// session's accounts and chains of their namespace, the selected network, and requests to the wallet.
import {
  type CaipNetwork,
  type CaipNetworkId,
  type ChainNamespace,
  ConnectionFailedError,
  type ConnectorAccount,
  UnsupportedChainError,
  UserRejectedRequestError,
} from '@foyer/core'
import type { SessionNamespaceContext } from './createLazySessionConnector.ts'
import { isRejection, type WalletConnectSessionStruct } from './createWalletConnectSession.ts'
import { SessionNotFoundError } from './errors.ts'

export type CreateSessionNamespaceParameters = SessionNamespaceContext & {
  namespace: ChainNamespace
  /** Shown when the wallet approved nothing of the namespace, e.g. 'Bitcoin'. */
  chainName: string
  /** The connector's accounts from the session's addresses on `network`. */
  toAccounts(addresses: readonly string[], network: CaipNetwork): Promise<ConnectorAccount[]>
}

/** `<namespace>:<reference>:<address>` → the address (Polkadot and Bitcoin addresses have no colon). */
const addressOf = (caipAccount: string) => caipAccount.split(':').slice(2).join(':')
const chainOf = (caipAccount: string) => caipAccount.split(':').slice(0, 2).join(':')

export function createSessionNamespace(parameters: CreateSessionNamespaceParameters) {
  const { session, emitter, networks, namespace, chainName, toAccounts } = parameters
  let selected: CaipNetworkId | undefined

  const caipAccountsOf = (approved: WalletConnectSessionStruct | undefined) =>
    approved?.namespaces[namespace]?.accounts ?? []

  /** The CAIP-2 chains the session approved (`chains`, or the accounts' prefixes). */
  const approvedChainsOf = (approved: WalletConnectSessionStruct | undefined) => [
    ...new Set([
      ...(approved?.namespaces[namespace]?.chains ?? []),
      ...caipAccountsOf(approved).map(chainOf),
    ]),
  ]

  /** The selected network, else the first configured one the wallet approved. */
  function currentNetwork(approved: WalletConnectSessionStruct | undefined): CaipNetwork {
    const chains = approvedChainsOf(approved)
    const network =
      networks.find((candidate) => candidate.caipNetworkId === selected) ??
      networks.find((candidate) => chains.includes(candidate.caipNetworkId))
    if (!network)
      throw new UnsupportedChainError({
        details: `The wallet approved none of the configured ${chainName} networks.`,
      })
    return network
  }

  /** The session's addresses on `network` (on any chain when it lists none there). */
  function addressesOf(approved: WalletConnectSessionStruct | undefined, network: CaipNetwork) {
    const caipAccounts = caipAccountsOf(approved)
    const onChain = caipAccounts.filter((account) =>
      account.startsWith(`${network.caipNetworkId}:`),
    )
    return [...new Set((onChain.length ? onChain : caipAccounts).map(addressOf))]
  }

  async function accountsOf(approved: WalletConnectSessionStruct | undefined) {
    if (!caipAccountsOf(approved).length) return []
    const network = currentNetwork(approved)
    return toAccounts(addressesOf(approved, network), network)
  }

  async function requireSession() {
    const provider = await session.getProvider()
    const approved = provider.session
    if (!approved?.namespaces[namespace]) throw new SessionNotFoundError()
    return { provider, approved, network: currentNetwork(approved) }
  }

  /** A request of the namespace, sent on the session for the current network. */
  async function ask<result>(method: string, params: unknown): Promise<result> {
    const { provider, approved, network } = await requireSession()
    try {
      // Straight to the sign client: the provider's own `request` routes by its default namespace.
      return await provider.client.request<result>({
        topic: approved.topic,
        chainId: network.caipNetworkId,
        request: { method, params },
      })
    } catch (error) {
      throw isRejection(error) ? new UserRejectedRequestError({ cause: error }) : error
    }
  }

  session.onProvider((provider) => {
    provider.on('session_update', async () => {
      if (!caipAccountsOf(provider.session).length) return
      const accounts = await accountsOf(provider.session).catch(() => [])
      if (accounts.length) emitter.emit('accountsChanged', { accounts })
    })
    provider.on(
      'session_event',
      ({ params }: { params: { chainId: string; event: { name: string } } }) => {
        if (params.event.name !== 'chainChanged') return
        const network = networks.find((known) => known.caipNetworkId === params.chainId)
        if (!network) return
        selected = network.caipNetworkId
        emitter.emit('chainChanged', { caipNetworkId: selected })
      },
    )
  })
  // The session ended: the next one starts on its own first network.
  session.onEnd(() => {
    selected = undefined
  })

  return {
    currentNetwork,
    requireSession,
    addressesOf,
    ask,
    /** The methods the wallet approved for the namespace. */
    methodsOf: (approved: WalletConnectSessionStruct) =>
      approved.namespaces[namespace]?.methods ?? [],

    async connect({ network }: { network?: CaipNetwork | undefined } = {}) {
      const approved = await session.getOrPair()
      if (!caipAccountsOf(approved).length)
        throw new ConnectionFailedError({ details: `The wallet approved no ${chainName} account.` })
      if (network && approvedChainsOf(approved).includes(network.caipNetworkId))
        selected = network.caipNetworkId
      selected = currentNetwork(approved).caipNetworkId
      return { accounts: await accountsOf(approved), caipNetworkId: selected }
    },

    async getAccounts() {
      return accountsOf((await session.getProvider()).session)
    },

    async getCaipNetworkId() {
      return currentNetwork((await session.getProvider()).session).caipNetworkId
    },

    /** Within the chains the wallet approved: never a prompt. */
    async switchNetwork({ network }: { network: CaipNetwork }) {
      const { approved } = await requireSession()
      if (
        !networks.some((known) => known.caipNetworkId === network.caipNetworkId) ||
        !approvedChainsOf(approved).includes(network.caipNetworkId)
      )
        throw new UnsupportedChainError({
          details: `The wallet did not approve ${network.caipNetworkId} in this session.`,
        })
      selected = network.caipNetworkId
      emitter.emit('chainChanged', { caipNetworkId: network.caipNetworkId })
      const accounts = await accountsOf(approved)
      if (accounts.length) emitter.emit('accountsChanged', { accounts })
    },
  }
}

export type SessionNamespace = ReturnType<typeof createSessionNamespace>
