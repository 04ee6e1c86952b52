import {
  type CaipNetwork,
  type CaipNetworkId,
  ConnectionClosedError,
  type Connector,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  getErrorCode,
  PAIRING_EXPIRY_MARGIN_MS,
  UNRECOGNIZED_CHAIN_ID_CODE,
  UserRejectedRequestError,
} from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { SessionNotFoundError, WalletConnectInitError } from './errors.ts'
import { getPairingUriRefreshDelay, type PairingUri } from './pairingUri.ts'

type Session = NonNullable<UniversalProvider['session']>

/** What the dialog's WalletConnect views read from the connector: the URI to show, live. */
export type PairingUriSource = {
  /** The URI a wallet can pair with right now, if a pairing is in progress. */
  getPairingUri(): PairingUri | undefined
  /** Calls `listener` with each new URI (a replacement after expiry too) and `undefined` when pairing ends. */
  watchPairingUri(listener: (pairingUri: PairingUri | undefined) => void): () => void
  /** Stops offering URIs (the visitor left the QR view); a pending `connect` rejects with 'Modal closed'. */
  cancelPairing(): void
}

export type WalletConnectConnector = Connector &
  PairingUriSource & {
    type: 'walletConnect'
    /** Loads (once) and returns the SDK provider, for integrators that need more of it. */
    getProvider(): Promise<UniversalProvider>
    /** Closes the SDK's relay socket and timers if it was loaded; the session stays stored. */
    destroy(): Promise<void>
  }

export type WalletConnectMetadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

export type CreateWalletConnectConnectorParameters = {
  networks: readonly CaipNetwork[]
  relayUrl: string
  projectId: string
  metadata: WalletConnectMetadata
  pairingLifetimeMs: number
  storagePrefix: string | undefined
  /** Passed to the SDK's key-value storage (Node: `{ database: '/path/to/file' }`). */
  storageOptions: Record<string, unknown> | undefined
  logger: string
  /** Whether the SDK may call WalletConnect's hosted Verify service. */
  verify: boolean
  loadProvider: () => Promise<typeof UniversalProvider>
  id: string
  name: string
  icon: string | undefined
}

/** Methods Foyer asks eip155 wallets for; chain switching goes through the session too. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** WalletConnect's "user rejected" family (5000–5003) and EIP-1193's 4001. */
function isRejection(error: unknown) {
  const code = getErrorCode(error)
  return code === 4001 || (code !== undefined && code >= 5000 && code <= 5003)
}

function toCaipNetworkId(chainId: unknown): CaipNetworkId {
  const text = String(chainId)
  return `eip155:${text.startsWith('0x') ? Number.parseInt(text, 16) : Number(text)}`
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
 */
export function createWalletConnectConnector(
  parameters: CreateWalletConnectConnectorParameters,
): WalletConnectConnector {
  const { networks, pairingLifetimeMs } = parameters
  if (!(pairingLifetimeMs > PAIRING_EXPIRY_MARGIN_MS))
    throw new RangeError(
      `pairingLifetimeMs must exceed ${PAIRING_EXPIRY_MARGIN_MS} ms (the expiry margin); got ${pairingLifetimeMs}.`,
    )
  const emitter = createEmitter<ConnectorEventMap>()
  const uriListeners = new Set<(pairingUri: PairingUri | undefined) => void>()
  let pairingUri: PairingUri | undefined
  let providerPromise: Promise<UniversalProvider> | undefined
  let loadedProvider: UniversalProvider | undefined
  /** Ends the pairing attempt in progress (rejecting its `connect`), if any. */
  let cancelAttempt: ((error: Error) => void) | undefined

  const setPairingUri = (next: PairingUri | undefined) => {
    pairingUri = next
    for (const listener of [...uriListeners]) listener(next)
  }

  function listen(provider: UniversalProvider) {
    provider.on('accountsChanged', (addresses: string[]) => {
      if (!provider.session) return
      emitter.emit('accountsChanged', {
        accounts: addresses.map((address) => ({ address, type: 'eoa' as const })),
      })
    })
    provider.on('chainChanged', (chainId: unknown) => {
      if (provider.session)
        emitter.emit('chainChanged', { caipNetworkId: toCaipNetworkId(chainId) })
    })
    // The wallet changed what it shares (accounts added or removed).
    provider.on('session_update', async () => {
      if (!provider.session) return
      const caipNetworkId = await currentCaipNetworkId(provider)
      emitter.emit('accountsChanged', { accounts: accountsOf(provider.session, caipNetworkId) })
    })
    // Wallet-side disconnect, or the session expired.
    provider.on('session_delete', () => emitter.emit('disconnect', {}))
    provider.client.on('session_expire', ({ topic }) => {
      if (topic === provider.session?.topic) emitter.emit('disconnect', {})
    })
  }

  function getProvider(): Promise<UniversalProvider> {
    providerPromise ??= (async () => {
      const UniversalProviderClass = await parameters.loadProvider()
      const provider = await UniversalProviderClass.init({
        relayUrl: parameters.relayUrl,
        projectId: parameters.projectId,
        metadata: { ...parameters.metadata, icons: [...parameters.metadata.icons] },
        customStoragePrefix: parameters.storagePrefix,
        storageOptions: parameters.storageOptions,
        // Requests other than signing go to the app's own RPC URLs (rpcMap), never pinged.
        disableProviderPing: true,
        logger: parameters.logger,
        telemetryEnabled: false,
      })
      if (!parameters.verify) {
        // The SDK has no switch for its Verify lookups (an attestation iframe and fetches to
        // verify.walletconnect.org); without them wallets see the dapp as "unverified".
        const { verify } = provider.client.core
        // Both answer as the SDK's own disabled path does (an empty string).
        verify.register = async () => ''
        verify.resolve = async () => '' as unknown as Awaited<ReturnType<typeof verify.resolve>>
      }
      loadedProvider = provider
      listen(provider)
      return provider
    })().catch((error: unknown) => {
      providerPromise = undefined // the next attempt (Retry) loads again
      throw new WalletConnectInitError({ cause: error })
    })
    return providerPromise
  }

  async function currentCaipNetworkId(provider: UniversalProvider): Promise<CaipNetworkId> {
    return toCaipNetworkId(await provider.request({ method: 'eth_chainId' }))
  }

  function optionalNamespaces() {
    const eip155 = networks.filter((network) => network.chainNamespace === 'eip155')
    return {
      eip155: {
        chains: eip155.map((network) => network.caipNetworkId),
        methods: [...EIP155_METHODS],
        events: [...EIP155_EVENTS],
        rpcMap: Object.fromEntries(
          eip155.map((network) => [String(network.id), network.rpcUrls.default.http[0] ?? '']),
        ),
      },
    }
  }

  /**
   * Offers pairing URIs until a wallet approves: each URI is replaced by a fresh pairing when it
   * has 10 s or less left. Only the latest URI's outcome counts.
   */
  function pair(provider: UniversalProvider): Promise<Session> {
    cancelAttempt?.(new ConnectionClosedError({ details: 'A newer pairing replaced this one.' }))
    return new Promise<Session>((resolve, reject) => {
      let finished = false
      let generation = 0
      let timer: ReturnType<typeof setTimeout> | undefined
      const finish = () => {
        finished = true
        clearTimeout(timer)
        provider.off('display_uri', onDisplayUri)
        if (cancelAttempt === cancel) cancelAttempt = undefined
        setPairingUri(undefined)
      }
      const cancel = (error: Error) => {
        if (finished) return
        finish()
        reject(error)
      }
      function onDisplayUri(uri: string) {
        if (finished) return
        const next = { uri, expiresAt: Date.now() + pairingLifetimeMs }
        setPairingUri(next)
        clearTimeout(timer)
        timer = setTimeout(launch, getPairingUriRefreshDelay({ pairingUri: next }))
      }
      function launch() {
        const current = ++generation
        provider.connect({ optionalNamespaces: optionalNamespaces() }).then(
          (session) => {
            if (finished) return
            finish()
            if (session) resolve(session)
            else reject(new WalletConnectInitError({ details: 'The wallet returned no session.' }))
          },
          (error: unknown) => {
            // A replaced URI's proposal expiring later is expected; only the latest one counts.
            if (finished || current !== generation) return
            finish()
            reject(
              isRejection(error)
                ? new UserRejectedRequestError({ cause: error })
                : error instanceof Error
                  ? error
                  : new WalletConnectInitError({ cause: error }),
            )
          },
        )
      }
      cancelAttempt = cancel
      provider.on('display_uri', onDisplayUri)
      launch()
    })
  }

  async function switchChain(provider: UniversalProvider, network: CaipNetwork) {
    const session = provider.session
    if (!session) throw new SessionNotFoundError()
    const from = await currentCaipNetworkId(provider)
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
    id: parameters.id,
    name: parameters.name,
    icon: parameters.icon,
    type: 'walletConnect',
    namespace: 'eip155',

    getProvider,
    getPairingUri: () => pairingUri,
    watchPairingUri(listener) {
      uriListeners.add(listener)
      return () => uriListeners.delete(listener)
    },
    cancelPairing() {
      cancelAttempt?.(new ConnectionClosedError({ details: 'Pairing cancelled.' }))
    },
    async destroy() {
      connector.cancelPairing()
      const provider = loadedProvider
      if (!provider) return
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose()
    },

    async connect({ network } = {}) {
      const provider = await getProvider()
      const session = provider.session ?? (await pair(provider))
      const approved = session.namespaces.eip155?.accounts ?? []
      if (network && approved.some((account) => account.startsWith(`${network.caipNetworkId}:`)))
        provider.setDefaultChain(network.caipNetworkId, network.rpcUrls.default.http[0])
      const caipNetworkId = await currentCaipNetworkId(provider)
      return { accounts: accountsOf(session, caipNetworkId), caipNetworkId }
    },

    async disconnect() {
      connector.cancelPairing()
      // Nothing loaded means nothing to end: never download the SDK just to disconnect.
      if (!providerPromise) return
      const provider = await getProvider()
      if (provider.session) await provider.disconnect()
    },

    async getAccounts() {
      const provider = await getProvider()
      if (!provider.session) return []
      return accountsOf(provider.session, await currentCaipNetworkId(provider))
    },

    async getCaipNetworkId() {
      return currentCaipNetworkId(await getProvider())
    },

    async switchNetwork({ network }) {
      await switchChain(await getProvider(), network)
    },

    async request(arguments_) {
      const provider = await getProvider()
      if (!provider.session) throw new SessionNotFoundError()
      return provider.request(
        { method: arguments_.method, params: arguments_.params as unknown[] },
        await currentCaipNetworkId(provider),
      )
    },
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),

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
