import { type IWalletKit, WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { getSdkError } from '@walletconnect/utils'
import { type Address, formatEther, type Hex, isAddressEqual } from 'viem'
import { userRejectedRequest, WalletRequestError } from '../errors.ts'
import { answerSessionRequest } from './answerSessionRequest.ts'
import { isLoopbackHost } from './blockNonLoopbackFetch.ts'
import { buildSessionNamespaces, getProposalChainIds } from './buildSessionNamespaces.ts'
import { describeSessionRequest } from './describeSessionRequest.ts'
import type {
  MobileWalletAccount,
  MobileWalletChain,
  MobileWalletSolana,
  MobileWalletSolanaAccount,
} from './types.ts'

export type CreateMobileWalletParameters = {
  chains: readonly MobileWalletChain[]
  accounts: readonly MobileWalletAccount[]
  relayUrl: string
  projectId: string
  /** Index into `accounts` of the account new sessions get. Default 0. */
  accountIndex?: number | undefined
  /** Approve every proposal and request as it arrives (for tests). Default false. */
  autoApprove?: boolean | undefined
  /** The local Solana cluster and its dev accounts: sessions then cover solana too. */
  solana?: MobileWalletSolana | undefined
}

export type DappInfo = { name: string; url: string; icon: string | undefined; description: string }

export type PendingProposal = {
  id: number
  dapp: DappInfo
  /** eip155 chain ids the dapp asks for, required first. */
  chainIds: number[]
  methods: string[]
  events: string[]
  /** The SDK's verify result; `UNKNOWN` here, since verify lookups are cut off offline. */
  validation: string
  params: WalletKitTypes.SessionProposal['params']
}

export type PendingRequest = {
  id: number
  topic: string
  /** CAIP-2 chain the request is for. */
  chainId: string
  method: string
  params: unknown
  dapp: DappInfo
}

export type ActiveSession = {
  topic: string
  dapp: DappInfo
  /** The eip155 account (`0x` in a Solana-only session). */
  address: Address
  /** The Solana account, when the session covers solana. */
  solanaAddress: string | undefined
  chainIds: number[]
  /** The chain the wallet last told the dapp about. */
  activeChainId: number
  /** Unix seconds. */
  expiry: number
}

export type MobileWalletState = {
  /** The relay socket; the SDK opens it only while it has something to listen to. */
  relay: 'connected' | 'disconnected'
  accountIndex: number
  autoApprove: boolean
  proposals: PendingProposal[]
  requests: PendingRequest[]
  sessions: ActiveSession[]
  /** What the wallet did, oldest first. */
  activity: string[]
  /** The last failure, for the person to read. */
  error: string | undefined
  /** Non-loopback URLs something in the page tried to fetch (see blockNonLoopbackFetch). */
  blockedRequests: string[]
}

export type MobileWallet = {
  getState(): MobileWalletState
  /** Calls `listener` after every state change; returns the unsubscribe function. */
  subscribe(listener: (state: MobileWalletState) => void): () => void
  /** Pairs with a dapp's `wc:` URI; its proposal then arrives in `proposals`. */
  pair(uri: string): Promise<void>
  approveProposal(id: number): Promise<void>
  rejectProposal(id: number): Promise<void>
  approveRequest(id: number): Promise<void>
  rejectRequest(id: number): Promise<void>
  /** Moves a session to another devnet chain and tells the dapp (`chainChanged`). */
  switchChain(topic: string, chainId: number): Promise<void>
  /** Ends a session from the wallet side; the dapp gets `session_delete`. */
  disconnect(topic: string): Promise<void>
  setAccountIndex(index: number): void
  setAutoApprove(enabled: boolean): void
  recordBlockedRequest(url: string): void
  /** Closes the relay socket and stops the SDK's timers. */
  close(): Promise<void>
}

export type CreateMobileWalletErrorType = Error

const activityLimit = 50

/**
 * The mobile test wallet without its page: a WalletKit wallet holding the devnet accounts, with
 * proposals and requests queued for a person (or auto-approve) to answer.
 */
export async function createMobileWallet(
  parameters: CreateMobileWalletParameters,
): Promise<MobileWallet> {
  const { chains, accounts, relayUrl, projectId, solana } = parameters
  /** The local cluster's CAIP-2 id: `solana:` and the genesis hash's first 32 characters. */
  const solanaChainId = solana ? `solana:${solana.genesisHash.slice(0, 32)}` : undefined
  let state: MobileWalletState = {
    relay: 'disconnected',
    accountIndex: parameters.accountIndex ?? 0,
    autoApprove: parameters.autoApprove ?? false,
    proposals: [],
    requests: [],
    sessions: [],
    activity: [],
    error: undefined,
    blockedRequests: [],
  }
  const listeners = new Set<(state: MobileWalletState) => void>()
  const update = (change: Partial<MobileWalletState>) => {
    state = { ...state, ...change }
    for (const listener of listeners) listener(state)
  }
  const log = (line: string) =>
    update({ activity: [...state.activity, line].slice(-activityLimit), error: undefined })
  const fail = (what: string, error: unknown) => {
    const message = `${what}: ${error instanceof Error ? error.message : String(error)}`
    update({ activity: [...state.activity, message].slice(-activityLimit), error: message })
  }
  /** Chains the wallet told each session about, by topic (the SDK keeps no "current chain"). */
  const activeChainIds = new Map<string, number>()

  const core = new Core({ relayUrl, projectId, telemetryEnabled: false, logger: 'error' })
  // Offline there is no verify server: every origin is "UNKNOWN", as the SDK reports when the
  // lookup fails, but without the lookup (a request to verify.walletconnect.org).
  // (The SDK's own implementation resolves undefined too when it finds nothing; its type says not.)
  core.verify.resolve = (async () => undefined) as unknown as typeof core.verify.resolve
  core.verify.register = async () => ''
  // WalletKit posts an INIT telemetry event even with telemetry disabled.
  core.eventClient.init = async () => {}
  core.relayer.on('relayer_connect', () => update({ relay: 'connected' }))
  core.relayer.on('relayer_disconnect', () => update({ relay: 'disconnected' }))

  const walletKit: IWalletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Foyer mobile test wallet',
      description: 'A WalletConnect wallet on the local devnet, for development and tests only.',
      url: typeof location === 'undefined' ? 'http://127.0.0.1:4403' : location.origin,
      icons: [],
    },
    // The queue waits about a second between back-to-back requests; a test wallet needs no pacing.
    signConfig: { disableRequestQueue: true },
  })
  if (core.relayer.connected) update({ relay: 'connected' })

  const toDapp = (metadata: WalletKitTypes.Metadata | undefined): DappInfo => ({
    name: metadata?.name || 'Unnamed dapp',
    url: metadata?.url ?? '',
    // Only icons that load without leaving loopback (a data: URL or a local dapp).
    icon: metadata?.icons?.find(isLocalIcon),
    description: metadata?.description ?? '',
  })

  const toProposal = (
    params: WalletKitTypes.SessionProposal['params'],
    validation = 'UNKNOWN',
  ): PendingProposal => {
    const namespaces = Object.values({
      ...params.requiredNamespaces,
      ...(params.optionalNamespaces ?? {}),
    })
    return {
      id: params.id,
      dapp: toDapp(params.proposer.metadata),
      chainIds: getProposalChainIds(params),
      methods: [...new Set(namespaces.flatMap((namespace) => namespace.methods))],
      events: [...new Set(namespaces.flatMap((namespace) => namespace.events))],
      validation,
      params,
    }
  }

  const readSessions = (): ActiveSession[] =>
    Object.values(walletKit.getActiveSessions()).map((session) => {
      const eip155 = session.namespaces.eip155
      const chainIds = (eip155?.chains ?? []).map((chain) => Number(chain.split(':')[1]))
      const address = (eip155?.accounts[0]?.split(':')[2] ?? '0x') as Address
      const activeChainId = activeChainIds.get(session.topic) ?? chainIds[0] ?? 0
      return {
        topic: session.topic,
        dapp: toDapp(session.peer.metadata),
        address,
        solanaAddress: session.namespaces.solana?.accounts[0]?.split(':')[2],
        chainIds,
        activeChainId,
        expiry: session.expiry,
      }
    })
  const refreshSessions = () => update({ sessions: readSessions() })

  const findSessionAccount = (topic: string): MobileWalletAccount => {
    const address = readSessions().find((session) => session.topic === topic)?.address
    const account = accounts.find(
      (candidate) => address && isAddressEqual(candidate.address, address),
    )
    if (!account) throw new Error(`No devnet account for session ${topic.slice(0, 8)}…`)
    return account
  }

  /** The session's Solana dev account and the cluster's RPC, for `solana_*` requests. */
  const findSessionSolana = (
    topic: string,
  ): { account: MobileWalletSolanaAccount; rpcUrl: string } | undefined => {
    const address = readSessions().find((session) => session.topic === topic)?.solanaAddress
    const account = solana?.accounts.find((candidate) => candidate.address === address)
    return solana && account ? { account, rpcUrl: solana.rpcUrl } : undefined
  }

  const respond = (topic: string, id: number, outcome: { result: unknown } | WalletRequestError) =>
    walletKit.respondSessionRequest({
      topic,
      response:
        outcome instanceof WalletRequestError
          ? { id, jsonrpc: '2.0', error: { code: outcome.code, message: outcome.shortMessage } }
          : { id, jsonrpc: '2.0', result: outcome.result },
    })

  const switchChain = async (topic: string, chainId: number) => {
    const session = walletKit.getActiveSessions()[topic]
    if (!session) throw new Error(`No session ${topic.slice(0, 8)}…`)
    const chain = `eip155:${chainId}`
    const eip155 = session.namespaces.eip155
    if (!eip155) throw new Error('The session has no eip155 namespace.')
    if (!eip155.chains?.includes(chain)) {
      const address = eip155.accounts[0]?.split(':')[2]
      // Not awaiting `acknowledged`: the dapp may be offline, the relay keeps the update for it.
      await walletKit.updateSession({
        topic,
        namespaces: {
          ...session.namespaces,
          eip155: {
            ...eip155,
            chains: [...(eip155.chains ?? []), chain],
            accounts: [...eip155.accounts, `${chain}:${address}`],
          },
        },
      })
    }
    activeChainIds.set(topic, chainId)
    if (eip155.events.includes('chainChanged')) {
      await walletKit.emitSessionEvent({
        topic,
        event: { name: 'chainChanged', data: chainId },
        chainId: chain,
      })
    }
    refreshSessions()
    const name = chains.find((known) => known.chainId === chainId)?.name ?? chain
    log(`Switched ${toDapp(session.peer.metadata).name} to ${name} (${chainId}).`)
  }

  const approveProposal = async (id: number) => {
    const proposal = state.proposals.find((candidate) => candidate.id === id)
    if (!proposal) return
    const account = accounts[state.accountIndex]
    // The Solana dev account with the same index (the first one if there are fewer).
    const solanaAccount = solana?.accounts[state.accountIndex] ?? solana?.accounts[0]
    try {
      if (!account) throw new Error(`No devnet account ${state.accountIndex}.`)
      const namespaces = buildSessionNamespaces({
        proposal: proposal.params,
        chains,
        address: account.address,
        solana:
          solanaChainId && solanaAccount
            ? { caipNetworkId: solanaChainId, address: solanaAccount.address }
            : undefined,
      })
      update({ proposals: state.proposals.filter((candidate) => candidate.id !== id) })
      const session = await walletKit.approveSession({ id, namespaces })
      const approvedChainIds = (namespaces.eip155?.chains ?? []).map((chain) =>
        Number(chain.split(':')[1]),
      )
      const firstChainId =
        proposal.chainIds.find((chainId) => approvedChainIds.includes(chainId)) ??
        approvedChainIds[0]
      if (firstChainId !== undefined) activeChainIds.set(session.topic, firstChainId)
      refreshSessions()
      const solanaShared = namespaces.solana ? ` and ${solanaAccount?.address} on Solana` : ''
      log(`Connected ${proposal.dapp.name} with ${account.address}${solanaShared}.`)
    } catch (error) {
      update({ proposals: state.proposals.filter((candidate) => candidate.id !== id) })
      fail(`Could not approve ${proposal.dapp.name}`, error)
      // Tell the dapp instead of leaving it waiting for an answer that never comes.
      await walletKit
        .rejectSession({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        .catch(() => {})
    }
  }

  const rejectProposal = async (id: number) => {
    const proposal = state.proposals.find((candidate) => candidate.id === id)
    update({ proposals: state.proposals.filter((candidate) => candidate.id !== id) })
    try {
      await walletKit.rejectSession({ id, reason: getSdkError('USER_REJECTED') })
      log(`Rejected the connection from ${proposal?.dapp.name ?? 'a dapp'}.`)
    } catch (error) {
      fail('Could not reject the proposal', error)
    }
  }

  const approveRequest = async (id: number) => {
    const request = state.requests.find((candidate) => candidate.id === id)
    if (!request) return
    update({ requests: state.requests.filter((candidate) => candidate.id !== id) })
    let outcome: { result: unknown } | WalletRequestError
    try {
      const result = await answerSessionRequest({
        method: request.method,
        params: request.params,
        chainId: request.chainId,
        account: request.method.startsWith('solana_')
          ? undefined
          : findSessionAccount(request.topic),
        chains,
        switchChain: (chainId) => switchChain(request.topic, chainId),
        solana: findSessionSolana(request.topic),
      })
      outcome = { result }
    } catch (error) {
      outcome =
        error instanceof WalletRequestError
          ? error
          : new WalletRequestError({
              code: -32603,
              message: error instanceof Error ? error.message : String(error),
            })
    }
    try {
      await respond(request.topic, id, outcome)
      if (outcome instanceof WalletRequestError) {
        fail(`${request.method} for ${request.dapp.name} failed`, outcome.shortMessage)
      } else {
        log(describeOutcome(request, outcome.result, chains))
      }
    } catch (error) {
      fail(`Could not answer ${request.method}`, error)
    }
  }

  const rejectRequest = async (id: number) => {
    const request = state.requests.find((candidate) => candidate.id === id)
    if (!request) return
    update({ requests: state.requests.filter((candidate) => candidate.id !== id) })
    try {
      await respond(request.topic, id, userRejectedRequest())
      log(`Rejected ${request.method} from ${request.dapp.name}.`)
    } catch (error) {
      fail(`Could not reject ${request.method}`, error)
    }
  }

  const addRequest = (event: WalletKitTypes.SessionRequest) => {
    if (state.requests.some((request) => request.id === event.id)) return
    const session = walletKit.getActiveSessions()[event.topic]
    update({
      requests: [
        ...state.requests,
        {
          id: event.id,
          topic: event.topic,
          chainId: event.params.chainId,
          method: event.params.request.method,
          params: event.params.request.params,
          dapp: toDapp(session?.peer.metadata),
        },
      ],
    })
    if (state.autoApprove) void approveRequest(event.id)
  }

  walletKit.on('session_proposal', (event) => {
    if (state.proposals.some((proposal) => proposal.id === event.id)) return
    update({
      proposals: [
        ...state.proposals,
        toProposal(event.params, event.verifyContext.verified.validation),
      ],
    })
    if (state.autoApprove) void approveProposal(event.id)
  })
  walletKit.on('session_request', addRequest)
  walletKit.on('session_delete', ({ topic }) => {
    const dapp = state.sessions.find((session) => session.topic === topic)?.dapp.name
    activeChainIds.delete(topic)
    update({ requests: state.requests.filter((request) => request.topic !== topic) })
    refreshSessions()
    log(`${dapp ?? 'The dapp'} disconnected.`)
  })
  walletKit.on('proposal_expire', ({ id }) => {
    update({ proposals: state.proposals.filter((proposal) => proposal.id !== id) })
  })
  walletKit.on('session_request_expire', ({ id }) => {
    update({ requests: state.requests.filter((request) => request.id !== id) })
  })

  // What a previous visit left unanswered (the SDK keeps it in the page's IndexedDB).
  update({
    sessions: readSessions(),
    proposals: Object.values(walletKit.getPendingSessionProposals()).map((params) =>
      toProposal(params),
    ),
  })
  for (const pending of walletKit.getPendingSessionRequests()) {
    addRequest({
      id: pending.id,
      topic: pending.topic,
      params: pending.params,
      verifyContext: pending.verifyContext,
    })
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async pair(uri) {
      try {
        await walletKit.pair({ uri: uri.trim() })
        log('Paired; waiting for the session proposal…')
      } catch (error) {
        fail('Could not pair', error)
      }
    },
    approveProposal,
    rejectProposal,
    approveRequest,
    rejectRequest,
    async switchChain(topic, chainId) {
      try {
        await switchChain(topic, chainId)
      } catch (error) {
        fail('Could not switch chain', error)
      }
    },
    async disconnect(topic) {
      const dapp = state.sessions.find((session) => session.topic === topic)?.dapp.name
      try {
        await walletKit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
        activeChainIds.delete(topic)
        update({ requests: state.requests.filter((request) => request.topic !== topic) })
        refreshSessions()
        log(`Disconnected ${dapp ?? 'the dapp'}.`)
      } catch (error) {
        fail('Could not disconnect', error)
      }
    },
    setAccountIndex(index) {
      if (accounts[index]) update({ accountIndex: index })
    },
    setAutoApprove(enabled) {
      update({ autoApprove: enabled })
    },
    recordBlockedRequest(url) {
      update({ blockedRequests: [...state.blockedRequests, url] })
    },
    async close() {
      core.heartbeat.stop()
      await core.relayer.transportClose()
    },
  }
}

function describeOutcome(
  request: PendingRequest,
  result: unknown,
  chains: readonly MobileWalletChain[],
): string {
  const { title } = describeSessionRequest(request)
  if (request.method === 'eth_sendTransaction') {
    const chainId = Number(request.chainId.split(':')[1])
    const chain = chains.find((known) => known.chainId === chainId)?.name ?? request.chainId
    const value = (request.params as [{ value?: Hex }])[0]?.value
    return `Sent transaction ${String(result)} on ${chain}${value ? ` (${formatEther(BigInt(value))} ETH)` : ''} for ${request.dapp.name}.`
  }
  return `${title}: done for ${request.dapp.name}.`
}

function isLocalIcon(icon: string): boolean {
  if (icon.startsWith('data:image/')) return true
  try {
    const url = new URL(icon)
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname)
  } catch {
    return false
  }
}
