import {
  type CaipNetwork,
  type CaipNetworkId,
  ConnectionFailedError,
  type Connector,
  type ConnectorAccount,
  getErrorCode,
  UNRECOGNIZED_CHAIN_ID_CODE,
} from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import {
  type CreateWalletConnectSessionParameters,
  createWalletConnectSession,
  OPTIONAL_EIP155_METHODS,
  type PairingUriSource,
  type WalletConnectSession,
  type WalletConnectSessionStruct,
} from './createWalletConnectSession.ts'
import { MethodNotApprovedError, SessionNotFoundError } from './errors.ts'
import { type SessionConnectorIdentity, sessionConnectorBase } from './sessionConnectorBase.ts'

type Session = WalletConnectSessionStruct

export type WalletConnectConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    /** Loads (once) and returns the SDK provider, for integrators that need more of it. */
    getProvider(): Promise<UniversalProvider>
    /** Closes the SDK's relay socket and timers if it was loaded; the session stays stored. */
    destroy(): Promise<void>
  }

export type CreateWalletConnectConnectorParameters = SessionConnectorIdentity &
  (
    | (CreateWalletConnectSessionParameters & { session?: undefined })
    | {
        /** A session shared with the connectors of other namespaces (`walletConnectAdapter` does this). */
        session: WalletConnectSession
        networks: readonly CaipNetwork[]
      }
  )

/** `eip155:<n>` from a number, decimal or hex chain id; undefined for anything else (a solana chain). */
function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  const text = String(chainId).replace(/^eip155:/, '')
  const id = /^0x[0-9a-f]+$/i.test(text) ? Number.parseInt(text, 16) : Number(text)
  return text !== '' && Number.isSafeInteger(id) ? `eip155:${id}` : undefined
}

function accountsOf(session: Session | undefined, caipNetworkId: CaipNetworkId | undefined) {
  const caipAccounts = session?.namespaces.eip155?.accounts ?? []
  const onChain = caipAccounts.filter((account) => account.startsWith(`${caipNetworkId}:`))
  const addresses = (onChain.length ? onChain : caipAccounts).map((account) =>
    account.split(':').slice(2).join(':'),
  )
  return [...new Set(addresses)].map((address): ConnectorAccount => ({ address, type: 'eoa' }))
}

function toHex(text: string) {
  if (/^0x[0-9a-fA-F]*$/.test(text)) return text
  let hex = '0x'
  for (const byte of new TextEncoder().encode(text)) hex += byte.toString(16).padStart(2, '0')
  return hex
}

/**
 * A WalletConnect v2 connector for eip155 over the official UniversalProvider, which is downloaded
 * with `import()` on first use (connect, or a silent reconnect of a stored session) and never before.
 * Its session may cover solana too (`createWalletConnectSolanaConnector` on the same `session`).
 */
export function createWalletConnectConnector(
  parameters: CreateWalletConnectConnectorParameters,
): WalletConnectConnector {
  const session = parameters.session ?? createWalletConnectSession(parameters)
  const { emitter, base } = sessionConnectorBase(session, parameters, 'eip155')
  const getProvider = session.getProvider

  session.onProvider((provider) => {
    provider.on('accountsChanged', (addresses: string[]) => {
      if (!provider.session?.namespaces.eip155) return
      const evm = addresses.filter((address) => address.startsWith('0x'))
      if (!evm.length) return
      emitter.emit('accountsChanged', {
        accounts: evm.map((address) => ({ address, type: 'eoa' as const })),
      })
    })
    provider.on('chainChanged', (chainId: unknown) => {
      // The SDK reports every namespace's chain changes here; a solana one is not a number.
      const caipNetworkId = toCaipNetworkId(chainId)
      if (provider.session && caipNetworkId) emitter.emit('chainChanged', { caipNetworkId })
    })
    // The wallet changed what it shares (accounts added or removed).
    provider.on('session_update', () => {
      if (!provider.session) return
      const caipNetworkId = currentCaipNetworkId(provider)
      emitter.emit('accountsChanged', { accounts: accountsOf(provider.session, caipNetworkId) })
    })
  })

  /** The session's eip155 chain (the SDK's eip155 provider tracks it), whatever namespace it lists first. */
  function currentCaipNetworkId(provider: UniversalProvider): CaipNetworkId | undefined {
    if (!provider.session?.namespaces.eip155) return undefined
    return toCaipNetworkId(provider.rpcProviders.eip155?.getDefaultChain())
  }
  function requireCaipNetworkId(provider: UniversalProvider): CaipNetworkId {
    const caipNetworkId = currentCaipNetworkId(provider)
    if (!caipNetworkId)
      throw new SessionNotFoundError({ details: 'The WalletConnect session has no eip155 chain.' })
    return caipNetworkId
  }

  async function switchChain(provider: UniversalProvider, network: CaipNetwork) {
    const session = provider.session
    if (!session) throw new SessionNotFoundError()
    const from = requireCaipNetworkId(provider)
    const chainId = `0x${Number(network.id).toString(16)}`
    const walletMethods = session.namespaces.eip155?.methods ?? []
    const ask = (method: string, params: unknown[]) =>
      provider.client.request({ topic: session.topic, chainId: from, request: { method, params } })
    if (walletMethods.includes('wallet_switchEthereumChain')) {
      try {
        await ask('wallet_switchEthereumChain', [{ chainId }])
      } catch (error) {
        if (getErrorCode(error) !== UNRECOGNIZED_CHAIN_ID_CODE) throw error
        await ask('wallet_addEthereumChain', [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
          },
        ])
        await ask('wallet_switchEthereumChain', [{ chainId }])
      }
    } else if (
      !session.namespaces.eip155?.accounts.some((a) => a.startsWith(`${network.caipNetworkId}:`))
    ) {
      throw new Error(
        `The wallet did not approve ${network.caipNetworkId} and cannot switch chains.`,
      )
    }
    // Requests now target the new chain; this also emits chainChanged to core.
    provider.setDefaultChain(network.caipNetworkId, network.rpcUrls.default.http[0])
  }

  const connector: WalletConnectConnector = {
    ...base,
    destroy: session.destroy,

    async connect({ network } = {}) {
      const approved = await session.getOrPair()
      const provider = await getProvider()
      const accounts = approved.namespaces.eip155?.accounts ?? []
      if (network && accounts.some((account) => account.startsWith(`${network.caipNetworkId}:`)))
        provider.setDefaultChain(network.caipNetworkId, network.rpcUrls.default.http[0])
      const caipNetworkId = currentCaipNetworkId(provider)
      // A session without eip155 (the wallet approved solana only) has no account here.
      if (!caipNetworkId)
        throw new ConnectionFailedError({ details: 'The wallet approved no eip155 chain.' })
      return { accounts: accountsOf(approved, caipNetworkId), caipNetworkId }
    },

    async getAccounts() {
      const provider = await getProvider()
      const caipNetworkId = currentCaipNetworkId(provider)
      if (!provider.session || !caipNetworkId) return []
      return accountsOf(provider.session, caipNetworkId)
    },

    async getCaipNetworkId() {
      return requireCaipNetworkId(await getProvider())
    },

    async switchNetwork({ network }) {
      await switchChain(await getProvider(), network)
    },

    async request(arguments_) {
      const provider = await getProvider()
      if (!provider.session) throw new SessionNotFoundError()
      // A wallet answers only the methods it approved for the session (EIP-5792's among them).
      const approved = provider.session.namespaces.eip155?.methods
      if (
        OPTIONAL_EIP155_METHODS.includes(arguments_.method) &&
        approved &&
        !approved.includes(arguments_.method)
      )
        throw new MethodNotApprovedError({ method: arguments_.method })
      return provider.request(
        { method: arguments_.method, params: arguments_.params as unknown[] },
        requireCaipNetworkId(provider),
      )
    },
    async signMessage({ message, address }) {
      return String(
        await connector.request({ method: 'personal_sign', params: [toHex(message), address] }),
      )
    },

    async sendTransaction({ from, to, value, data }) {
      const transaction = {
        from,
        to,
        data,
        value: value === undefined ? undefined : `0x${value.toString(16)}`,
      }
      return String(
        await connector.request({ method: 'eth_sendTransaction', params: [transaction] }),
      )
    },
  }

  return connector
}
