import {
  type CaipNetwork,
  type CaipNetworkId,
  ConnectionFailedError,
  type Connector,
  type ConnectorAccount,
  type ConnectorTransferParameters,
  UnsupportedChainError,
} from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import type {
  PairingUriSource,
  WalletConnectSession,
  WalletConnectSessionStruct,
} from './createWalletConnectSession.ts'
import { SessionNotFoundError } from './errors.ts'
import { loadSolanaTools, type SolanaTools } from './loadSolanaTools.ts'
import { type SessionConnectorIdentity, sessionConnectorBase } from './sessionConnectorBase.ts'

export type WalletConnectSolanaConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    namespace: 'solana'
    /** Loads (once) and returns the SDK provider the session runs on. */
    getProvider(): Promise<UniversalProvider>
    /** Sends SOL: `value` in lamports (`data` is ignored); resolves with the confirmed signature. */
    sendTransaction(parameters: {
      from: string
      to: string
      value?: bigint | undefined
    }): Promise<string>
    /** Sends SOL or an SPL token; resolves with the base58 signature. */
    sendTransfer(parameters: ConnectorTransferParameters): Promise<string>
    signMessage(parameters: { message: string; address: string }): Promise<string>
  }

export type CreateWalletConnectSolanaConnectorParameters = SessionConnectorIdentity & {
  /** The session the eip155 connector runs on: one pairing, one approval for both. */
  session: WalletConnectSession
  /** The app's solana networks (others are ignored). */
  networks: readonly CaipNetwork[]
}

const solanaAccountsOf = (session: WalletConnectSessionStruct | undefined) =>
  session?.namespaces.solana?.accounts ?? []

/** The CAIP-2 chains the session approved for solana (`chains`, or the accounts' prefixes). */
function approvedChainsOf(session: WalletConnectSessionStruct | undefined): string[] {
  const namespace = session?.namespaces.solana
  const fromAccounts = (namespace?.accounts ?? []).map((account) =>
    account.split(':').slice(0, 2).join(':'),
  )
  return [...new Set([...(namespace?.chains ?? []), ...fromAccounts])]
}

/**
 * The solana side of a WalletConnect session (WalletConnect's Solana RPC: `solana_signMessage`,
 * `solana_signTransaction`, `solana_signAndSendTransaction`). Connecting pairs through the same
 * session as the eip155 connector; switching clusters stays within the chains the wallet approved
 * and never prompts. `@solana/kit` and `@foyer/solana` are fetched with `import()` on first use.
 */
export function createWalletConnectSolanaConnector(
  parameters: CreateWalletConnectSolanaConnectorParameters,
): WalletConnectSolanaConnector {
  const { session } = parameters
  const networks = parameters.networks.filter((network) => network.chainNamespace === 'solana')
  const { emitter, base } = sessionConnectorBase(session, parameters, 'solana')
  let selected: CaipNetworkId | undefined
  let tools: Promise<SolanaTools> | undefined
  const loadTools = () => {
    tools ??= loadSolanaTools().catch((error: unknown) => {
      tools = undefined
      throw error
    })
    return tools
  }

  session.onProvider((provider) => {
    provider.on('session_update', () => {
      if (!solanaAccountsOf(provider.session).length) return
      emitter.emit('accountsChanged', { accounts: accountsOf(provider.session) })
    })
    provider.on(
      'session_event',
      ({ params }: { params: { chainId: string; event: { name: string } } }) => {
        if (params.event.name !== 'chainChanged' || !params.chainId.startsWith('solana:')) return
        if (!networks.some((network) => network.caipNetworkId === params.chainId)) return
        selected = params.chainId as CaipNetworkId
        emitter.emit('chainChanged', { caipNetworkId: selected })
      },
    )
  })
  // The session ended: the next one starts on its own first cluster.
  session.onEnd(() => {
    selected = undefined
  })

  /** The selected cluster, else the first configured one the wallet approved. */
  function currentNetwork(approved: WalletConnectSessionStruct | undefined): CaipNetwork {
    const chains = approvedChainsOf(approved)
    const network =
      networks.find((candidate) => candidate.caipNetworkId === selected) ??
      networks.find((candidate) => chains.includes(candidate.caipNetworkId))
    if (!network)
      throw new UnsupportedChainError({
        details: 'The wallet approved none of the configured Solana networks.',
      })
    return network
  }

  function accountsOf(approved: WalletConnectSessionStruct | undefined): ConnectorAccount[] {
    const caipAccounts = solanaAccountsOf(approved)
    const network = networks.find((candidate) => candidate.caipNetworkId === selected)
    const onChain = network
      ? caipAccounts.filter((account) => account.startsWith(`${network.caipNetworkId}:`))
      : []
    const addresses = (onChain.length ? onChain : caipAccounts).map((account) =>
      account.split(':').slice(2).join(':'),
    )
    return [...new Set(addresses)].map((address) => ({ address, type: 'eoa' }))
  }

  async function requireSession() {
    const provider = await session.getProvider()
    const approved = provider.session
    if (!approved?.namespaces.solana) throw new SessionNotFoundError()
    return { provider, approved }
  }

  /** A WalletConnect Solana request, sent on the session for the current cluster. */
  async function ask<result>(method: string, params: Record<string, unknown>): Promise<result> {
    const { provider, approved } = await requireSession()
    // Straight to the sign client: the provider's own `request` routes by its default namespace.
    return provider.client.request<result>({
      topic: approved.topic,
      chainId: currentNetwork(approved).caipNetworkId,
      request: { method, params },
    })
  }

  const connector: WalletConnectSolanaConnector = {
    ...base,

    async connect({ network } = {}) {
      const approved = await session.getOrPair()
      if (!solanaAccountsOf(approved).length)
        throw new ConnectionFailedError({ details: 'The wallet approved no Solana account.' })
      if (network && approvedChainsOf(approved).includes(network.caipNetworkId))
        selected = network.caipNetworkId
      selected = currentNetwork(approved).caipNetworkId
      return { accounts: accountsOf(approved), caipNetworkId: selected }
    },

    async getAccounts() {
      const provider = await session.getProvider()
      if (!solanaAccountsOf(provider.session).length) return []
      return accountsOf(provider.session)
    },

    async getCaipNetworkId() {
      const provider = await session.getProvider()
      return currentNetwork(provider.session).caipNetworkId
    },

    async switchNetwork({ network }) {
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
    },

    async request({ method, params }) {
      if (method.startsWith('solana_'))
        return ask(method, (params ?? {}) as Record<string, unknown>)
      // Everything else is a cluster read (getBalance, getAccountInfo, …) for the current cluster.
      const { approved } = await requireSession()
      return (await loadTools()).requestCluster(currentNetwork(approved), { method, params })
    },

    async signMessage({ message, address }) {
      const { encodeMessage } = await loadTools()
      const { signature } = await ask<{ signature: string }>('solana_signMessage', {
        message: encodeMessage(message),
        pubkey: address,
      })
      // Base58, as @foyer/solana's wallet-standard connector returns it.
      return signature
    },

    async sendTransaction({ from, to, value = 0n }) {
      return connector.sendTransfer({ from, to, amount: value })
    },

    async sendTransfer(transfer) {
      const { approved } = await requireSession()
      const { sendSolanaTransfer } = await loadTools()
      return sendSolanaTransfer({
        ...transfer,
        network: currentNetwork(approved),
        methods: approved.namespaces.solana?.methods ?? [],
        ask,
      })
    },
  }
  return connector
}
