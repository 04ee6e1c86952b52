import {
  type CaipNetwork,
  ConnectionClosedError,
  getErrorCode,
  PAIRING_EXPIRY_MARGIN_MS,
  UserRejectedRequestError,
  type WalletLinkStatus,
} from '@foyer/core'
// Type-only: erased at build time, so the SDK is never part of this module's graph.
import type UniversalProvider from '@walletconnect/universal-provider'
import { WalletConnectInitError } from './errors.ts'
import { getPairingUriRefreshDelay, type PairingUri } from './pairingUri.ts'

/** An approved WalletConnect session, as the SDK stores it. */
export type WalletConnectSessionStruct = NonNullable<UniversalProvider['session']>

/** What the dialog's WalletConnect views read from the connector: the URI to show, live. */
export type PairingUriSource = {
  /** The URI a wallet can pair with right now, if a pairing is in progress. */
  getPairingUri(): PairingUri | undefined
  /** Calls `listener` with each new URI (a replacement after expiry too) and `undefined` when pairing ends. */
  watchPairingUri(listener: (pairingUri: PairingUri | undefined) => void): () => void
  /** Stops offering URIs (the visitor left the QR view); a pending `connect` rejects with 'Modal closed'. */
  cancelPairing(): void
}

export type WalletConnectMetadata = {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

export type CreateWalletConnectSessionParameters = {
  /** Every network the session may cover: eip155, solana, bip122, polkadot and cosmos ones are proposed. */
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
}

/**
 * One WalletConnect session shared by the connectors of every namespace it covers: the SDK
 * provider (loaded once, on first use), the pairing URIs offered while no wallet approved, and the
 * end of the session.
 */
export type WalletConnectSession = PairingUriSource & {
  /** Loads (once) and returns the SDK provider. */
  getProvider(): Promise<UniversalProvider>
  /** Whether the SDK was asked for already; nothing loaded means no session to end. */
  isLoaded(): boolean
  /** The approved session, pairing a wallet first when there is none. */
  getOrPair(): Promise<WalletConnectSessionStruct>
  /** Calls `listener` once with the provider when it is loaded (at once if it is). */
  onProvider(listener: (provider: UniversalProvider) => void): void
  /** Calls `listener` when the wallet ends the session or it expires. */
  onEnd(listener: () => void): void
  /**
   * Calls `listener` when the relay socket of an approved session drops ('reconnecting') and when
   * it is back ('connected'). The SDK reconnects by itself; requests wait for it (up to a minute).
   */
  onLinkChange(listener: (status: WalletLinkStatus) => void): void
  /** Ends the session in the wallet, if there is one; never loads the SDK for it. */
  disconnect(): Promise<void>
  /** Closes the SDK's relay socket and timers if it was loaded; the session stays stored. */
  destroy(): Promise<void>
}

/** Methods Foyer asks eip155 wallets for; chain switching goes through the session too. */
export const EIP155_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  // EIP-5792 batches, ERC-7715 sessions, EIP-7811 assets: offered, approved by wallets that have them.
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
] as const
/** Methods a wallet may leave out of its session: asking one it left out fails with code 4200. */
export const OPTIONAL_EIP155_METHODS: readonly string[] = EIP155_METHODS.slice(5)
export const EIP155_EVENTS = ['chainChanged', 'accountsChanged'] as const

/** WalletConnect's Solana methods Foyer uses (WalletConnect Solana RPC reference). */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/** WalletConnect's Bitcoin methods (WalletConnect Bitcoin RPC reference). */
export const BIP122_METHODS = [
  'getAccountAddresses',
  'signMessage',
  'signPsbt',
  'sendTransfer',
] as const
export const BIP122_EVENTS = ['bip122_addressesChanged'] as const

/** WalletConnect's Polkadot methods (WalletConnect Polkadot RPC reference). */
export const POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const

/** WalletConnect's Cosmos methods (WalletConnect Cosmos RPC reference). */
export const COSMOS_METHODS = [
  'cosmos_getAccounts',
  'cosmos_signDirect',
  'cosmos_signAmino',
] as const

/** WalletConnect's "user rejected" family (5000–5003) and EIP-1193's 4001. */
export function isRejection(error: unknown) {
  const code = getErrorCode(error)
  return code === 4001 || (code !== undefined && code >= 5000 && code <= 5003)
}

/** The `optionalNamespaces` of a proposal: every configured network of a namespace Foyer speaks. */
export function buildOptionalNamespaces(networks: readonly CaipNetwork[]) {
  const namespaces: Record<
    string,
    { chains: string[]; methods: string[]; events: string[]; rpcMap: Record<string, string> }
  > = {}
  const add = (namespace: string, methods: readonly string[], events: readonly string[]) => {
    const list = networks.filter((network) => network.chainNamespace === namespace)
    if (list.length)
      namespaces[namespace] = {
        chains: list.map((network) => network.caipNetworkId),
        methods: [...methods],
        events: [...events],
        rpcMap: Object.fromEntries(
          list.map((network) => [String(network.id), network.rpcUrls.default.http[0] ?? '']),
        ),
      }
  }
  add('eip155', EIP155_METHODS, EIP155_EVENTS)
  add('solana', SOLANA_METHODS, [])
  add('bip122', BIP122_METHODS, BIP122_EVENTS)
  add('polkadot', POLKADOT_METHODS, [])
  add('cosmos', COSMOS_METHODS, [])
  return namespaces
}

export function createWalletConnectSession(
  parameters: CreateWalletConnectSessionParameters,
): WalletConnectSession {
  const { pairingLifetimeMs } = parameters
  if (!(pairingLifetimeMs > PAIRING_EXPIRY_MARGIN_MS))
    throw new RangeError(
      `pairingLifetimeMs must exceed ${PAIRING_EXPIRY_MARGIN_MS} ms (the expiry margin); got ${pairingLifetimeMs}.`,
    )
  const uriListeners = new Set<(pairingUri: PairingUri | undefined) => void>()
  const providerListeners: Array<(provider: UniversalProvider) => void> = []
  const endListeners: Array<() => void> = []
  const linkListeners: Array<(status: WalletLinkStatus) => void> = []
  let linkStatus: WalletLinkStatus = 'connected'
  let destroyed = false
  let pairingUri: PairingUri | undefined
  let providerPromise: Promise<UniversalProvider> | undefined
  let loadedProvider: UniversalProvider | undefined
  /** Ends the pairing attempt in progress (rejecting its `connect`), if any. */
  let cancelAttempt: ((error: Error) => void) | undefined

  const setPairingUri = (next: PairingUri | undefined) => {
    pairingUri = next
    for (const listener of [...uriListeners]) listener(next)
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
      const end = () => {
        for (const listener of endListeners) listener()
      }
      // Wallet-side disconnect, or the session expired.
      provider.on('session_delete', end)
      provider.client.on(
        'session_expire',
        ({ topic }) => topic === provider.session?.topic && end(),
      )
      // The relay socket: the SDK emits these on every drop and reconnection (RELAYER_EVENTS).
      const setLink = (status: WalletLinkStatus) => {
        // A drop without a session (pairing, or the session just ended) cuts off no wallet.
        if (destroyed || status === linkStatus || (status === 'reconnecting' && !provider.session))
          return
        linkStatus = status
        for (const listener of linkListeners) listener(status)
      }
      provider.client.core.relayer.on('relayer_disconnect', () => setLink('reconnecting'))
      provider.client.core.relayer.on('relayer_connect', () => setLink('connected'))
      for (const listener of providerListeners) listener(provider)
      return provider
    })().catch((error: unknown) => {
      providerPromise = undefined // the next attempt (Retry) loads again
      throw new WalletConnectInitError({ cause: error })
    })
    return providerPromise
  }

  /**
   * Offers pairing URIs until a wallet approves: each URI is replaced by a fresh pairing when it
   * has 10 s or less left. Only the latest URI's outcome counts.
   */
  function pair(provider: UniversalProvider): Promise<WalletConnectSessionStruct> {
    cancelAttempt?.(new ConnectionClosedError({ details: 'A newer pairing replaced this one.' }))
    return new Promise<WalletConnectSessionStruct>((resolve, reject) => {
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
        provider.connect({ optionalNamespaces: buildOptionalNamespaces(parameters.networks) }).then(
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

  const session: WalletConnectSession = {
    getProvider,
    isLoaded: () => providerPromise !== undefined,
    async getOrPair() {
      const provider = await getProvider()
      return provider.session ?? (await pair(provider))
    },
    onEnd: (listener) => endListeners.push(listener),
    onLinkChange: (listener) => linkListeners.push(listener),
    onProvider(listener) {
      providerListeners.push(listener)
      if (loadedProvider) listener(loadedProvider)
    },
    getPairingUri: () => pairingUri,
    watchPairingUri(listener) {
      uriListeners.add(listener)
      return () => uriListeners.delete(listener)
    },
    cancelPairing() {
      cancelAttempt?.(new ConnectionClosedError({ details: 'Pairing cancelled.' }))
    },
    async disconnect() {
      session.cancelPairing()
      // Nothing loaded means nothing to end: never download the SDK just to disconnect.
      if (!providerPromise) return
      const provider = await getProvider()
      if (provider.session) await provider.disconnect()
    },
    async destroy() {
      destroyed = true
      session.cancelPairing()
      const provider = loadedProvider
      if (!provider) return
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose()
    },
  }
  return session
}
