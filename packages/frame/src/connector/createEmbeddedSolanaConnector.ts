import {
  type CaipNetwork,
  type ConnectorAccount,
  type ConnectorEventMap,
  type ConnectorTransferParameters,
  createEmitter,
  type EmbeddedAuthConnector,
  type RequestArguments,
  type SignMessageParameters,
  UnsupportedChainError,
} from '@foyer/core'
import { requestCluster } from '@foyer/solana'
import { AccountNotConnectedError } from '../errors.ts'
import type { EmbeddedSession, EmbeddedUser } from './embeddedWalletAdapter.ts'

export const EMBEDDED_SOLANA_CONNECTOR_ID = 'embedded:solana'

/** The embedded wallet's ed25519 account: the auth connector contract plus Solana abilities. */
export type EmbeddedSolanaConnector = EmbeddedAuthConnector & {
  namespace: 'solana'
  /** Signs the UTF-8 message with the ed25519 key (in the frame); the base58 signature. */
  signMessage(parameters: SignMessageParameters): Promise<string>
  /** Signs a wire transaction in the frame (only for the user's own key); the signed wire bytes. */
  signTransaction(parameters: { transaction: Uint8Array; address: string }): Promise<Uint8Array>
  sendTransfer(parameters: ConnectorTransferParameters): Promise<string>
  /** The fee (lamports) of the transfer `sendTransfer` would send, priced by the network's RPC. */
  estimateTransferFee(
    parameters: ConnectorTransferParameters,
  ): Promise<{ fee: bigint; signatures: number }>
  /** The app's Solana networks (the adapter's setup passes them). */
  setNetworks(networks: readonly CaipNetwork[]): void
  getNetworks(): readonly CaipNetwork[]
}

export type CreateEmbeddedSolanaConnectorParameters = {
  session: EmbeddedSession
  name: string
  icon?: string | undefined
  group: string
}

const loadSolana = () => import('./solanaTransactions.ts')

/**
 * The Solana side of the embedded wallet. It never has a login of its own: the eip155 connector's
 * email login logs the frame in, and this connector reads the same user's Solana address. Key
 * material stays in the frame: messages and transactions go there to be signed; transfers are
 * built and sent here, through the network's RPC.
 */
export function createEmbeddedSolanaConnector(
  parameters: CreateEmbeddedSolanaConnectorParameters,
): EmbeddedSolanaConnector {
  const { session } = parameters
  const emitter = createEmitter<ConnectorEventMap>()
  let networks: readonly CaipNetwork[] = []
  let network: CaipNetwork | undefined

  const activeNetwork = () => {
    if (!network) throw new UnsupportedChainError({ details: 'No Solana network is configured.' })
    return network
  }
  const accountsOf = (user: EmbeddedUser): readonly ConnectorAccount[] => [
    // SPEC §6: the default account type on Solana is eoa.
    { address: user.addresses.solana, type: 'eoa' },
  ]
  /** The logged-in user's Solana address; `address`, when given, must be it. */
  const ownAddress = (address?: string) => {
    const user = session.getUser()
    if (!user) throw new AccountNotConnectedError()
    if (address !== undefined && address !== user.addresses.solana)
      throw new AccountNotConnectedError({ address })
    return user.addresses.solana
  }
  // After the frame reloaded its session: logged out elsewhere, this account is gone here too.
  session.watchReload(({ before, after }) => {
    if (!before) return
    if (!after) emitter.emit('disconnect', {})
    else if (after.addresses.solana !== before.addresses.solana)
      emitter.emit('accountsChanged', { accounts: accountsOf(after) })
  })

  const frameRpc = async (method: string, params: Record<string, unknown>) => {
    const frame = await session.getClient()
    const { result } = await frame.request('RPC_REQUEST', { method, params })
    return result as Record<string, unknown>
  }

  const signTransaction: EmbeddedSolanaConnector['signTransaction'] = async ({
    transaction,
    address,
  }) => {
    ownAddress(address)
    const { base64 } = await loadSolana()
    const result = await frameRpc('solana_signTransaction', {
      transaction: base64.encode(transaction),
    })
    return base64.decode(String(result.transaction))
  }

  const connector: EmbeddedSolanaConnector = {
    id: EMBEDDED_SOLANA_CONNECTOR_ID,
    name: parameters.name,
    icon: parameters.icon,
    type: 'auth',
    namespace: 'solana',
    group: parameters.group,
    ...session.emailMethods,

    setNetworks(next) {
      networks = next
      if (!network || !next.some((known) => known.caipNetworkId === network!.caipNetworkId))
        network = next[0]
    },
    getNetworks: () => networks,

    /** Finishes a login whose code was verified: never prompts, rejects when not logged in. */
    async connect({ network: requested } = {}) {
      if (
        requested?.chainNamespace === 'solana' &&
        networks.some((known) => known.caipNetworkId === requested.caipNetworkId)
      )
        network = requested
      const target = activeNetwork()
      const user = session.getUser() ?? (await session.loadUser())
      return { accounts: accountsOf(user), caipNetworkId: target.caipNetworkId }
    },
    disconnect: () => session.signOut(),
    async getAccounts() {
      const user = await session.restoreUser()
      return user ? accountsOf(user) : []
    },
    async getCaipNetworkId() {
      return activeNetwork().caipNetworkId
    },
    // A Solana cluster is the app's choice; the frame only signs, so nothing to ask it.
    async switchNetwork({ network: next }) {
      const known = networks.find((candidate) => candidate.caipNetworkId === next.caipNetworkId)
      if (!known)
        throw new UnsupportedChainError({
          details: `${next.caipNetworkId} is not a configured Solana network.`,
        })
      network = known
      emitter.emit('chainChanged', { caipNetworkId: known.caipNetworkId })
    },

    async request({ method, params }: RequestArguments) {
      if (method.startsWith('solana_'))
        // Signing happens in the frame, which checks the params itself.
        return frameRpc(method, (Array.isArray(params) ? params[0] : params) ?? {})
      // Everything else is a read (getBalance, getAccountInfo, …) for the active cluster.
      return requestCluster(activeNetwork(), { method, params })
    },

    async signMessage({ message, address }) {
      const pubkey = ownAddress(address)
      const { base58 } = await loadSolana()
      const result = await frameRpc('solana_signMessage', {
        message: base58.encode(new TextEncoder().encode(message)),
        pubkey,
      })
      return String(result.signature)
    },
    signTransaction,

    async sendTransaction({ from, to, value = 0n }) {
      return connector.sendTransfer({ from, to, amount: value })
    },
    async sendTransfer({ from, to, amount, mint, confirm = true }) {
      ownAddress(from)
      const { sendSignedTransfer } = await loadSolana()
      return sendSignedTransfer(
        { network: activeNetwork(), from, to, amount, mint, confirm },
        (transaction) => signTransaction({ transaction, address: from }),
      )
    },
    async estimateTransferFee({ from, to, amount, mint }) {
      const { priceTransfer } = await loadSolana()
      return priceTransfer({ network: activeNetwork(), from, to, amount, mint })
    },

    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
  }
  return connector
}
