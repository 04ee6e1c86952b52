import {
  type CaipNetwork,
  type CaipNetworkId,
  type Connector,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
} from '@foyer/core'
import { loadViem } from './loadViem.ts'
import type { Eip1193Provider, WalletInfo } from './types.ts'

export type CreateInjectedConnectorParameters = {
  provider: Eip1193Provider
  info: WalletInfo
  /** 'announced' for EIP-6963 wallets, 'injected' for the legacy `window.ethereum`. */
  type: 'announced' | 'injected'
  /** The adapter's networks, so connect can move a wallet off an unsupported chain. */
  networks: readonly CaipNetwork[]
}

const toCaipNetworkId = (chainId: unknown): CaipNetworkId =>
  `eip155:${Number(typeof chainId === 'string' || typeof chainId === 'number' ? chainId : Number.NaN)}`

/** Checksummed accounts; viem is loaded on first use so the page's first load stays small. */
const toAccounts = async (addresses: unknown): Promise<ConnectorAccount[]> => {
  const list = Array.isArray(addresses) ? addresses : []
  if (!list.length) return []
  const { getAddress } = await loadViem()
  return list.map((address) => ({ address: getAddress(String(address)), type: 'eoa' as const }))
}

/** Switching, signing and sending load on first use, like viem (see walletActions.ts). */
const loadWalletActions = () => import('./walletActions.ts')

/** A Foyer connector over one EIP-1193 provider (an extension or the test wallet). */
export function createInjectedConnector(parameters: CreateInjectedConnectorParameters): Connector {
  const { provider, info, type, networks } = parameters
  const emitter = createEmitter<ConnectorEventMap>()
  let listening = false

  const onAccountsChanged = (addresses: string[]) =>
    void toAccounts(addresses).then((accounts) => emitter.emit('accountsChanged', { accounts }))
  const onChainChanged = (chainId: string) =>
    emitter.emit('chainChanged', { caipNetworkId: toCaipNetworkId(chainId) })
  const onDisconnect = async (error?: { code?: number }) => {
    // 1013: MetaMask's "temporarily disconnected" while it reconnects its own backend.
    if (error?.code === 1013) {
      const accounts = await provider.request({ method: 'eth_accounts' }).catch(() => [])
      if (Array.isArray(accounts) && accounts.length) return
    }
    stopListening()
    emitter.emit('disconnect', {})
  }
  function startListening() {
    if (listening) return
    listening = true
    provider.on('accountsChanged', onAccountsChanged)
    provider.on('chainChanged', onChainChanged)
    provider.on('disconnect', onDisconnect)
  }
  function stopListening() {
    if (!listening) return
    listening = false
    provider.removeListener('accountsChanged', onAccountsChanged)
    provider.removeListener('chainChanged', onChainChanged)
    provider.removeListener('disconnect', onDisconnect)
  }

  const switchChain = (network: CaipNetwork) =>
    loadWalletActions().then((actions) => actions.switchChain({ provider, network }))

  const connector: Connector = {
    id: info.rdns,
    name: info.name,
    icon: info.icon,
    type,
    namespace: 'eip155',
    rdns: info.rdns,

    async connect({ network } = {}) {
      const accounts = await toAccounts(await provider.request({ method: 'eth_requestAccounts' }))
      let caipNetworkId = toCaipNetworkId(await provider.request({ method: 'eth_chainId' }))
      startListening()
      const onSupportedChain = networks.some((known) => known.caipNetworkId === caipNetworkId)
      if (network && !onSupportedChain && network.chainNamespace === 'eip155') {
        // Best effort: a wallet that refuses stays where it is and core shows UnsupportedChain.
        try {
          await switchChain(network)
          caipNetworkId = toCaipNetworkId(await provider.request({ method: 'eth_chainId' }))
        } catch {}
      }
      return { accounts, caipNetworkId }
    },

    async disconnect() {
      stopListening()
      // Not every wallet supports revoking (EIP-2255); forgetting the connection locally is enough.
      await provider
        .request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
        .catch(() => undefined)
    },

    async getAccounts() {
      const accounts = await toAccounts(await provider.request({ method: 'eth_accounts' }))
      if (accounts.length) startListening()
      return accounts
    },

    async getCaipNetworkId() {
      return toCaipNetworkId(await provider.request({ method: 'eth_chainId' }))
    },

    async switchNetwork({ network }) {
      await switchChain(network)
    },

    request: (arguments_) => provider.request(arguments_),
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

    signMessage: (parameters) =>
      loadWalletActions().then((actions) => actions.signMessage({ provider, ...parameters })),
    sendTransaction: (parameters) =>
      loadWalletActions().then((actions) => actions.sendTransaction({ provider, ...parameters })),
  }
  return connector
}
