import {
  type Adapter,
  type AdapterAppContext,
  type CaipNetwork,
  type CaipNetworkId,
  type ConnectorAccount,
  type ConnectorEventMap,
  createEmitter,
  type EmbeddedAuthConnector,
  type RequestArguments,
  SDK_VERSION,
  type ThemeMode,
} from '@foyer/core'
import type {
  CreateFrameClientParameters,
  FrameClient,
  FrameClientWindow,
} from '../client/createFrameClient.ts'
import { EmailLoginImportError } from '../errors.ts'
import type { FrameResponsePayload } from '../protocol/messages.ts'
import {
  createEmbeddedSolanaConnector,
  type EmbeddedSolanaConnector,
} from './createEmbeddedSolanaConnector.ts'

export const EMBEDDED_CONNECTOR_ID = 'embedded'
/** The session group of the embedded wallet's connectors (one login, both namespaces). */
export const EMBEDDED_CONNECTOR_GROUP = 'embedded'

export type EmbeddedWalletAdapterParameters = {
  /** The frame page on the server's own origin, e.g. `http://127.0.0.1:4401/embedded/frame`. */
  frameUrl: string
  projectId: string
  /** Shown in the dialog's email section and account view. */
  name?: string | undefined
  icon?: string | undefined
  /** The app window; defaults to `globalThis.window`. Tests pass a model with the same semantics. */
  window?: FrameClientWindow | undefined
  timeouts?: CreateFrameClientParameters['timeouts']
  /**
   * Offer "Continue with a passkey" (CONNECT_PASSKEY). Set it when the frame runs on a domain
   * name (WebAuthn refuses IP addresses), e.g. `new URL(frameUrl).hostname === 'localhost'`.
   * Default false.
   */
  passkeys?: boolean | undefined
}

export type EmbeddedWalletAdapter = Adapter & {
  /** The eip155 connector (`id: 'embedded'`, `type: 'auth'`); email login goes through it. */
  connector: EmbeddedAuthConnector
  /**
   * The same wallet's ed25519 account (`id: 'embedded:solana'`), listed when the app has Solana
   * networks. It shares the login: core connects it with the eip155 one (`group: 'embedded'`).
   */
  solanaConnector: EmbeddedSolanaConnector
}

export type EmbeddedUser = FrameResponsePayload<'GET_USER'>

/** What the adapter's connectors share: one frame, one logged-in user. */
export type EmbeddedSession = {
  getClient: () => Promise<FrameClient>
  /** GET_USER (switching the frame's EVM chain when `chainId` is given); caches the user. */
  loadUser: (chainId?: number) => Promise<EmbeddedUser>
  /** The cached user, if the frame said who is logged in. */
  getUser: () => EmbeddedUser | undefined
  setUser: (user: EmbeddedUser | undefined) => void
  /** IS_CONNECTED, then GET_USER: undefined when nobody is logged in (never prompts). */
  restoreUser: () => Promise<EmbeddedUser | undefined>
  /** Signs out in the frame (within 3 s, SPEC §4) and forgets the user. */
  signOut: () => Promise<void>
  /**
   * Told after `reload` who is logged in now (`after`) and who was (`before`), so each
   * namespace's connector tells core: a sign-out in another tab disconnects here too.
   */
  watchReload: (listener: (change: EmbeddedReload) => void) => () => void
  /** The email login and email update steps, the same for every namespace's connector. */
  emailMethods: Pick<
    EmbeddedAuthConnector,
    | 'connectEmail'
    | 'connectDevice'
    | 'connectOtp'
    | 'isPasskeyLoginAvailable'
    | 'connectPasskey'
    | 'secureOrigin'
    | 'getSocialRedirectUri'
    | 'connectSocial'
    | 'getFarcasterUri'
    | 'connectFarcaster'
    | 'getLoginIdentity'
    | 'updateEmail'
    | 'updateEmailPrimaryOtp'
    | 'updateEmailSecondaryOtp'
    | 'getEmail'
    | 'getRecoveryStatus'
    | 'setupRecovery'
    | 'unlockWallet'
    | 'exportKey'
    | 'reload'
  >
}

export type EmbeddedReload = { before: EmbeddedUser | undefined; after: EmbeddedUser | undefined }

const caipNetworkId = (chainId: number): CaipNetworkId => `eip155:${chainId}`

/** Requests that can send the smart account's first operation (which deploys it). */
const deployingMethods = new Set([
  'wallet_sendCalls',
  'eth_sendTransaction',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
])

/**
 * The embedded wallet (email login) as a chain adapter for eip155 and, when the app has Solana
 * networks, solana (the wallet's ed25519 account). The frame client (and its hidden iframe) is
 * loaded with `import()` on the first call, so a page that never uses email login never loads the
 * frame.
 */
export function embeddedWalletAdapter(
  parameters: EmbeddedWalletAdapterParameters,
): EmbeddedWalletAdapter {
  let client: Promise<FrameClient> | undefined
  let user: EmbeddedUser | undefined
  const emitter = createEmitter<ConnectorEventMap>()
  const reloadListeners = new Set<(change: EmbeddedReload) => void>()
  let hasEip155Networks = true
  let app: AdapterAppContext | undefined

  /**
   * Tells the frame who the app is and its theme mode. Best effort: a frame that cannot load
   * fails the visitor's own request with the SPEC §8 alert, not this one.
   */
  const syncTheme = (frame: FrameClient, themeMode: ThemeMode) =>
    frame.request('SYNC_THEME', { themeMode }).catch(() => {})
  const syncApp = (frame: FrameClient) => {
    if (!app) return
    const { metadata } = app
    void frame
      .request('SYNC_DAPP_DATA', {
        projectId: parameters.projectId,
        sdkVersion: SDK_VERSION,
        ...(metadata
          ? {
              metadata: {
                name: metadata.name,
                ...(metadata.description ? { description: metadata.description } : {}),
                ...(metadata.url ? { url: metadata.url } : {}),
                ...(metadata.icons ? { icons: [...metadata.icons] } : {}),
              },
            }
          : {}),
      })
      .catch(() => {})
    void syncTheme(frame, app.getThemeMode())
  }

  const getClient = () => {
    client ??= import('../client/createFrameClient.ts').then(
      ({ createFrameClient }) => {
        const frame = createFrameClient({
          frameUrl: parameters.frameUrl,
          projectId: parameters.projectId,
          ...(parameters.window ? { window: parameters.window } : {}),
          ...(parameters.timeouts ? { timeouts: parameters.timeouts } : {}),
        })
        syncApp(frame)
        return frame
      },
      (error: unknown) => {
        // The next try loads it again (the network may be back).
        client = undefined
        throw new EmailLoginImportError({ cause: error })
      },
    )
    return client
  }

  const accountsOf = (current: EmbeddedUser): readonly ConnectorAccount[] =>
    current.accounts.map(({ address, type }) =>
      type === 'smartAccount'
        ? { address, type, deployed: current.smartAccountDeployed }
        : { address, type },
    )

  /**
   * Reads the user again and tells core when the accounts changed: the smart account exists on
   * chain after its first operation, and each network has its own (or none).
   */
  const refreshAccounts = async () => {
    const before = user && JSON.stringify(accountsOf(user))
    const current = await loadUser().catch(() => undefined)
    if (current && JSON.stringify(accountsOf(current)) !== before)
      emitter.emit('accountsChanged', { accounts: accountsOf(current) })
  }

  const loadUser = async (chainId?: number): Promise<EmbeddedUser> => {
    const frame = await getClient()
    user = await frame.request('GET_USER', chainId === undefined ? {} : { chainId })
    return user
  }

  const session: EmbeddedSession = {
    getClient,
    loadUser,
    getUser: () => user,
    setUser: (next) => {
      user = next
    },
    async restoreUser() {
      const frame = await getClient()
      const { isConnected } = await frame.request('IS_CONNECTED', {})
      if (!isConnected) {
        user = undefined
        return undefined
      }
      return loadUser()
    },
    async signOut() {
      user = undefined
      if (!client) return
      const frame = await client
      // Resolves within 3 s even when the frame or server is unreachable (SPEC §4).
      await frame.signOut()
    },
    watchReload(listener) {
      reloadListeners.add(listener)
      return () => reloadListeners.delete(listener)
    },
    emailMethods: {
      async connectEmail({ email }) {
        const frame = await getClient()
        return frame.request('CONNECT_EMAIL', { email })
      },
      async connectDevice() {
        const frame = await getClient()
        await frame.request('CONNECT_DEVICE', {})
      },
      async connectOtp({ otp }) {
        const frame = await getClient()
        return frame.request('CONNECT_OTP', { otp })
      },
      isPasskeyLoginAvailable: () => parameters.passkeys === true,
      async connectPasskey() {
        const frame = await getClient()
        await frame.request('CONNECT_PASSKEY', {})
      },
      secureOrigin: new URL(parameters.frameUrl).origin,
      async getSocialRedirectUri({ provider }) {
        const frame = await getClient()
        return frame.request('GET_SOCIAL_REDIRECT_URI', { provider })
      },
      async connectSocial({ uri }) {
        const frame = await getClient()
        return frame.request('CONNECT_SOCIAL', { uri })
      },
      async getFarcasterUri() {
        const frame = await getClient()
        return frame.request('GET_FARCASTER_URI', {})
      },
      async connectFarcaster() {
        const frame = await getClient()
        // The frame answers `pending` about every minute (inside the request timeout): ask again
        // until the visitor approves or the request expires there.
        for (;;) {
          const { pending, userName } = await frame.request('CONNECT_FARCASTER', {})
          if (!pending) return { userName }
        }
      },
      getLoginIdentity: () =>
        user && {
          email: user.email,
          socialProvider: user.socialProvider,
          userName: user.userName,
        },
      async updateEmail({ email }) {
        const frame = await getClient()
        return frame.request('UPDATE_EMAIL', { email })
      },
      async updateEmailPrimaryOtp({ otp }) {
        const frame = await getClient()
        return frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
      },
      async updateEmailSecondaryOtp({ otp }) {
        const frame = await getClient()
        const result = await frame.request('UPDATE_EMAIL_SECONDARY_OTP', { otp })
        if (user) user = { ...user, email: result.email }
        return result
      },
      getEmail: () => user?.email,
      getRecoveryStatus: () => user?.recovery,
      async setupRecovery() {
        const frame = await getClient()
        await frame.request('SETUP_RECOVERY', {})
        return (await loadUser()).recovery
      },
      async unlockWallet() {
        const frame = await getClient()
        await frame.request('UNLOCK_WALLET', {})
        return (await loadUser()).recovery
      },
      async exportKey() {
        const frame = await getClient()
        await frame.request('EXPORT_KEY', {})
      },
      async reload() {
        // No frame yet: nothing was loaded that could be stale (and none is made for this).
        if (!client) return { isConnected: false }
        const frame = await client
        const before = user
        // The frame reads its session from the server again (signed out or in elsewhere).
        await frame.request('RELOAD', {})
        const after = await session.restoreUser()
        for (const listener of reloadListeners) listener({ before, after })
        return { isConnected: after !== undefined }
      },
    },
  }
  const solanaConnector = createEmbeddedSolanaConnector({
    session,
    name: parameters.name ?? 'Email',
    icon: parameters.icon,
    group: EMBEDDED_CONNECTOR_GROUP,
  })

  // After a reload: logged out elsewhere disconnects here; another account replaces the accounts.
  session.watchReload(({ before, after }) => {
    if (!before) return
    if (!after) emitter.emit('disconnect', {})
    else if (JSON.stringify(accountsOf(after)) !== JSON.stringify(accountsOf(before)))
      emitter.emit('accountsChanged', { accounts: accountsOf(after) })
  })

  const connector: EmbeddedAuthConnector = {
    id: EMBEDDED_CONNECTOR_ID,
    name: parameters.name ?? 'Email',
    icon: parameters.icon,
    type: 'auth',
    namespace: 'eip155',
    group: EMBEDDED_CONNECTOR_GROUP,
    ...session.emailMethods,

    /** Finishes a login whose code was verified: never prompts, rejects when not logged in. */
    async connect({ network }: { network?: CaipNetwork | undefined } = {}) {
      const wanted = network?.chainNamespace === 'eip155' ? Number(network.id) : undefined
      let current: EmbeddedUser
      try {
        current = await loadUser(wanted)
      } catch (error) {
        // A network the frame has no RPC for: connect on the frame's default network instead.
        if (wanted === undefined || (error as Error).message !== 'Unsupported chain') throw error
        current = await loadUser()
      }
      return { accounts: accountsOf(current), caipNetworkId: caipNetworkId(current.chainId) }
    },
    disconnect: session.signOut,
    async getAccounts() {
      const current = await session.restoreUser()
      return current ? accountsOf(current) : []
    },
    async getCaipNetworkId() {
      if (user) return caipNetworkId(user.chainId)
      const frame = await getClient()
      return caipNetworkId((await frame.request('GET_CHAIN_ID', {})).chainId)
    },
    async switchNetwork({ network }) {
      const frame = await getClient()
      const { chainId } = await frame.request('SWITCH_NETWORK', { chainId: Number(network.id) })
      if (user) user = { ...user, chainId }
      emitter.emit('chainChanged', { caipNetworkId: caipNetworkId(chainId) })
      if (user) await refreshAccounts()
    },
    async request({ method, params }: RequestArguments) {
      const frame = await getClient()
      const { result } = await frame.request('RPC_REQUEST', {
        method,
        ...(params === undefined ? {} : { params: params as never }),
        ...(user ? { chainId: user.chainId } : {}),
      })
      if (method === 'wallet_switchEthereumChain' && user) {
        // The frame switched; keep our copy and core in step.
        const { chainId } = await frame.request('GET_CHAIN_ID', {})
        user = { ...user, chainId }
        emitter.emit('chainChanged', { caipNetworkId: caipNetworkId(chainId) })
        await refreshAccounts()
      }
      // The smart account's first operation deploys it (SPEC §3 `smartAccountDeployed`).
      if (user?.smartAccount && !user.smartAccountDeployed && deployingMethods.has(method))
        await refreshAccounts()
      return result
    },
    async signMessage({ message, address }) {
      const hex = `0x${[...new TextEncoder().encode(message)]
        .map((byte) => byte.toString(16).padStart(2, '0'))
        .join('')}`
      return (await connector.request({
        method: 'personal_sign',
        params: [hex, address],
      })) as string
    },
    async sendTransaction({ to, value, data, from }) {
      return (await connector.request({
        method: 'eth_sendTransaction',
        params: [
          {
            from,
            to,
            ...(value === undefined ? {} : { value: `0x${value.toString(16)}` }),
            ...(data === undefined ? {} : { data }),
          },
        ],
      })) as string
    },
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
  }

  return {
    namespace: 'eip155',
    namespaces: ['eip155', 'solana'],
    connector,
    solanaConnector,
    setup({ networks, app: appContext }) {
      hasEip155Networks =
        networks.length === 0 || networks.some((network) => network.chainNamespace === 'eip155')
      solanaConnector.setNetworks(networks.filter((network) => network.chainNamespace === 'solana'))
      app = appContext
      // A theme change reaches a frame already made; none is made for it (no frame at page load).
      const unwatchTheme = appContext?.watchThemeMode((themeMode) => {
        void client?.then((frame) => syncTheme(frame, themeMode))
      })
      return () => {
        unwatchTheme?.()
        void client?.then((frame) => frame.destroy())
        client = undefined
      }
    },
    // The ed25519 account only when the app has Solana networks; the eip155 one unless the app
    // has Solana networks only.
    getConnectors: () => [
      ...(hasEip155Networks ? [connector] : []),
      ...(solanaConnector.getNetworks().length ? [solanaConnector] : []),
    ],
  }
}
