import { isOriginAllowed } from '@foyer/core'
import type { Hex } from 'viem'
import { shortenAppName } from '../approval/describeApproval.ts'
import type { ApprovalChains } from '../approval/types.ts'
import type { WalletAddresses } from '../custody/deriveWalletKeys.ts'
import type { DeviceShareStore } from '../custody/deviceShareStore.ts'
import { withSigner } from '../custody/withSigner.ts'
import {
  AuthApiError,
  BaseError,
  FrameRequestError,
  UserRejectedError,
  WalletLockedError,
  WrongRecoveryFactorError,
} from '../errors.ts'
import type { LoginApp, LoginApproval, UserRecord } from '../protocol/auth-api.ts'
import {
  type AppMessage,
  FRAME_HIDE_TYPE,
  FRAME_READY_TYPE,
  FRAME_SHOW_TYPE,
  type FrameEventName,
  type FrameRequestPayload,
  type FrameResponsePayload,
  frameErrorType,
  frameSuccessType,
  parseAppMessage,
} from '../protocol/messages.ts'
import { createSmartAccounts } from '../smartAccount/createSmartAccounts.ts'
import type { SmartAccountNetworks } from '../smartAccount/delegator.ts'
import type { SessionRegistry } from '../smartAccount/sessionRegistry.ts'
import type { AuthApi } from './authApi.ts'
import { ensureWallet, loadSignerShares, type ServerWallet } from './ensureWallet.ts'
import { createPublicClients, handleRpcRequest, RpcError } from './handleRpcRequest.ts'
import {
  createPasskeyMethod,
  loginWithPasskey,
  type PasskeyEnvironment,
  recoverWithPasskey,
  verifyPasskey,
} from './passkeyFactor.ts'
import type { FramePrompts } from './prompts.ts'
import {
  addPasswordMethod,
  approveOtherDevice,
  type DeviceRequest,
  deviceRequestCodeOf,
  exportWalletKeys,
  recoverWithPassword,
  requestFromOtherDevice,
  verifyRecoveryPassword,
} from './recoveryFactors.ts'
import { createSignInMessage } from './siwe.ts'

/** The parts of `window` the frame uses, so tests can pass a fake with the same semantics. */
export type FrameHostWindow = {
  addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
  removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => void
  parent: { postMessage: (message: unknown, targetOrigin: string) => void }
}

export type CreateFrameHostParameters = {
  window: FrameHostWindow
  /** Origin patterns of the project's allow-list (SPEC §5 wildcards). */
  allowedOrigins: readonly string[]
  /**
   * The embedding page's origin; defaults to `location.ancestorOrigins[0]`, else the referrer's
   * origin. READY is sent only to it, and only when the allow-list matches it.
   */
  parentOrigin?: string | undefined
  authApi: AuthApi
  deviceShareStore: DeviceShareStore
  /**
   * Operator-recovery mode only: the operator's X25519 public key. New share sets then also seal
   * their recovery share to it (the frame tells the visitor). Absent by default.
   */
  operatorRecoveryPublicKey?: Hex | undefined
  /**
   * Asks the visitor inside the frame: approvals, recovery, key export. Gets `show` / `hide`,
   * which ask the app to show the frame above everything (SHOW / HIDE) and to hide it again.
   */
  createPrompts: (frame: { show: () => void; hide: () => void }) => FramePrompts
  /** How often a signed-in, unlocked frame looks for the visitor's new devices asking to join. Default 5 s; 0 = never. */
  deviceRequestPollMs?: number
  /** JSON-RPC URL per EVM chain id; the first is the default chain. */
  rpcUrls: Readonly<Record<number, string>>
  projectId: string
  /** How often CONNECT_DEVICE asks whether the device was approved. Default 2 s. */
  devicePollIntervalMs?: number
  /** When CONNECT_DEVICE gives up. Default 120 s (the app's request timeout). */
  deviceApprovalTimeoutMs?: number
  /** How often CONNECT_FARCASTER asks whether the Farcaster client approved. Default 1 s. */
  farcasterPollIntervalMs?: number
  smartAccountEnabledNetworks?: readonly number[]
  /**
   * The networks with an ERC-4337 bundler (the server's `smartAccounts`), by chain id: there the
   * visitor's EOA owns a HybridDeleGator (MetaMask Delegation Framework), which `wallet_sendCalls`
   * batches through and smart sessions delegate from. Networks
   * without an RPC URL are ignored.
   */
  smartAccounts?: SmartAccountNetworks | undefined
  /** The server's registry of smart sessions: granted ones are registered, revoked ones marked. */
  sessions?: SessionRegistry | undefined
  /** Each EVM network's native currency and known tokens (`wallet_getAssets` reports them). */
  chains?: ApprovalChains | undefined
  /**
   * Passkeys (WebAuthn with PRF) as a recovery factor, on the frame's own origin
   * (`browserPasskeys()` in the browser). Absent, or not supported there: not offered.
   */
  passkeys?: PasskeyEnvironment | undefined
}

export type CreateFrameHostReturnType = {
  /** Stops listening. */
  destroy: () => void
}

type PendingFarcaster = {
  started: Promise<{ url: string; channelToken: string; expiresAt: string }>
  expiresAt: number
  /** The one wait for the visitor's approval and the login that follows. */
  completion: Promise<UserRecord> | undefined
  /** Logged in with it: the next GET_FARCASTER_URI starts a new request. */
  done: boolean
}

/** CONNECT_FARCASTER waits this long, then answers `pending` (inside the app's 120 s timeout). */
const farcasterWaitMs = 60_000
/** A Farcaster request this close to its expiry is replaced by a new one rather than shown. */
const farcasterRenewMarginMs = 30_000

type FrameState = {
  pendingEmail: string | undefined
  user: UserRecord | undefined
  /** The social login this frame started and waits to complete (its `state`). */
  pendingSocialState: string | undefined
  /**
   * The Farcaster sign-in this frame started: one at a time, shared by every GET_FARCASTER_URI
   * and CONNECT_FARCASTER until it completes or expires (a view mounted twice gets the same one).
   */
  pendingFarcaster: PendingFarcaster | undefined
  addresses: WalletAddresses | undefined
  /** This device cannot sign yet: it holds no share of the wallet. */
  locked: boolean
  wallet: ServerWallet | null
  chainId: number
  themeMode: FrameRequestPayload<'SYNC_THEME'>['themeMode']
  themeVariables: Record<string, string | number>
  dappData: FrameRequestPayload<'SYNC_DAPP_DATA'> | undefined
}

/**
 * The frame page's logic: answers only validated messages from the parent window whose origin the
 * allow-list matches, always to that exact origin.
 */
export function createFrameHost(parameters: CreateFrameHostParameters): CreateFrameHostReturnType {
  const { window: frameWindow, allowedOrigins, authApi, deviceShareStore, rpcUrls } = parameters
  const defaultChainId = Number(Object.keys(rpcUrls)[0] ?? 1)
  const state: FrameState = {
    pendingEmail: undefined,
    user: undefined,
    pendingSocialState: undefined,
    pendingFarcaster: undefined,
    addresses: undefined,
    locked: false,
    wallet: null,
    chainId: defaultChainId,
    themeMode: 'dark',
    themeVariables: {},
    dappData: undefined,
  }
  const getPublicClient = createPublicClients(rpcUrls)
  const smartAccounts = createSmartAccounts({
    networks: parameters.smartAccounts ?? {},
    rpcUrls,
    owner: () => state.addresses?.eip155,
  })
  /** The app window's origin: detected at load, else the first allowed origin that wrote to us. */
  let appOrigin = parameters.parentOrigin ?? detectParentOrigin()
  const postToApp = (type: string) => {
    if (appOrigin && isOriginAllowed(appOrigin, allowedOrigins))
      frameWindow.parent.postMessage({ type }, appOrigin)
  }
  const prompts = parameters.createPrompts({
    show: () => postToApp(FRAME_SHOW_TYPE),
    hide: () => postToApp(FRAME_HIDE_TYPE),
  })

  const requireUser = () => {
    if (!state.user || !state.addresses)
      throw new FrameRequestError('Not connected to email or social')
    return { user: state.user, addresses: state.addresses }
  }

  const custody = (userId: string) => ({
    authApi,
    deviceShareStore,
    userId,
    operatorRecoveryPublicKey: parameters.operatorRecoveryPublicKey,
  })

  let passkeySupport: Promise<boolean> | undefined
  /** Whether this frame offers passkeys (asked once). */
  const passkeysSupported = () => {
    const { passkeys } = parameters
    passkeySupport ??= passkeys
      ? Promise.resolve()
          .then(() => passkeys.isSupported?.() ?? true)
          .catch(() => false)
      : Promise.resolve(false)
    return passkeySupport
  }
  const hasMethod = (kind: 'password' | 'passkey', wallet = state.wallet) =>
    wallet?.recoveryMethods.some((m) => m.kind === kind) ?? false

  const refreshWallet = async () => {
    state.wallet = (await authApi.getAuthShares()).wallet
    return state.wallet
  }

  /** Shows the frame's recovery view while this device cannot sign; true once it can. */
  let unlocking: Promise<boolean> | undefined
  const unlock = (): Promise<boolean> => {
    unlocking ??= (async () => {
      const { user } = requireUser()
      if (!state.locked) return true
      const wallet = state.wallet ?? (await refreshWallet())
      const deviceId = await deviceShareStore.getDeviceId()
      const passkeys = (await passkeysSupported()) ? parameters.passkeys : undefined
      const recovered = await prompts.unlock({
        hasPassword: wallet?.recoveryMethods.some((m) => m.kind === 'password') ?? false,
        hasPasskey: passkeys !== undefined && hasMethod('passkey', wallet),
        passkeyUnavailable: passkeys === undefined && hasMethod('passkey', wallet),
        hasOtherDevices: wallet?.shareSets.some((set) => set.deviceId !== deviceId) ?? false,
        operatorRecovery: wallet?.operatorRecovery ?? false,
        recoverWithPassword: async (password) => {
          await recoverWithPassword({ ...custody(user.userId), password })
        },
        recoverWithPasskey: async () => {
          if (!passkeys) throw new FrameRequestError('Passkeys are not available here')
          // The wallet shown, so the WebAuthn call starts within the visitor's click.
          await recoverWithPasskey({ ...custody(user.userId), passkeys, wallet })
        },
        requestFromOtherDevice: () => requestFromOtherDevice(custody(user.userId)),
      })
      if (recovered) {
        state.locked = false
        await refreshWallet()
        startDeviceRequestPoll()
      }
      return recovered
    })().finally(() => {
      unlocking = undefined
    })
    return unlocking
  }

  /** Shows the request in the frame; 4001 unless the visitor approves it there. */
  const approve = async (request: Parameters<FramePrompts['approve']>[0]) => {
    if (state.locked && !(await unlock())) throw new WalletLockedError()
    const appName = state.dappData?.metadata?.name
    if (!(await prompts.approve(appName ? { ...request, appName } : request)))
      throw new UserRejectedError()
  }

  /**
   * What the server's own login pages (device approval mail and page, social popup) show of the
   * app: its name as the cards show it, and its light or dark mode. The server shows the name
   * beside the app's origin, which the frame tells it as it saw it.
   */
  const loginApp = (): LoginApp => {
    const name = state.dappData?.metadata?.name?.trim()
    return { ...(name ? { name: shortenAppName(name) } : {}), themeMode: state.themeMode }
  }

  const signWith = async <result>(fn: Parameters<typeof withSigner<result>>[1]) => {
    const { user, addresses } = requireUser()
    if (state.locked) throw new WalletLockedError()
    const { shares } = await loadSignerShares({ authApi, deviceShareStore, userId: user.userId })
    try {
      return await withSigner(shares, fn, { expectedAddresses: addresses })
    } finally {
      shares[0].fill(0)
      shares[1].fill(0)
    }
  }

  // One restore at a time: concurrent IS_CONNECTED / GET_USER after a reload must not each make a
  // share set for this device.
  let restoring: Promise<boolean> | undefined
  const restoreSession = (): Promise<boolean> => {
    restoring ??= (async () => {
      const { user } = await authApi.getSession()
      if (!user) {
        state.user = undefined
        state.addresses = undefined
        return false
      }
      const ensured = await ensureWallet(custody(user.userId))
      state.user = user
      state.addresses = ensured.addresses
      state.locked = ensured.locked
      state.wallet = ensured.wallet ?? (await refreshWallet())
      startDeviceRequestPoll()
      return true
    })().finally(() => {
      restoring = undefined
    })
    return restoring
  }

  let devicePoll: { email: string; promise: Promise<void> } | undefined
  /** The pending login whose device approval the server already handed out (logged in). */
  let deviceApprovedFor: string | undefined
  const pollDeviceApproval = async (email: string) => {
    const deviceId = await deviceShareStore.getDeviceId()
    const deadline = Date.now() + (parameters.deviceApprovalTimeoutMs ?? 120_000)
    while (Date.now() < deadline) {
      // 403 `device_blocked` after "This wasn't me" ends the wait with the server's message.
      const { approved, user } = await authApi.checkDeviceApproval({ email, deviceId })
      if (approved && user) {
        deviceApprovedFor = email
        await finishLogin(user)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, parameters.devicePollIntervalMs ?? 2_000))
    }
    throw new FrameRequestError('Failed to connect', { details: 'Device approval timed out' })
  }

  /**
   * After any login: the wallet made or found; on a device that cannot sign yet the visitor
   * recovers it here now (or later, when it must sign); this device then answers new devices.
   */
  const finishLogin = async (user: UserRecord) => {
    const ensured = await ensureWallet(custody(user.userId))
    state.user = user
    state.addresses = ensured.addresses
    state.locked = ensured.locked
    state.wallet = ensured.wallet ?? (await refreshWallet())
    if (state.locked) await unlock()
    startDeviceRequestPoll()
  }

  const handlers: {
    [name in FrameEventName]: (
      payload: FrameRequestPayload<name>,
      origin: string,
    ) => Promise<FrameResponsePayload<name>>
  } = {
    async CONNECT_EMAIL({ email }) {
      deviceApprovedFor = undefined // a new login needs its own approval
      const { action } = await authApi.startEmailLogin({
        email,
        deviceId: await deviceShareStore.getDeviceId(),
        projectId: parameters.projectId,
      })
      state.pendingEmail = email
      return { action }
    },
    async CONNECT_DEVICE() {
      const email = state.pendingEmail
      if (!email)
        throw new FrameRequestError('Failed to connect', { details: 'No email login started' })
      // The server hands out an approval once (and logs in with it); a repeated or concurrent
      // request (a view mounted twice, a retry) must not start a poll that would wait forever.
      if (deviceApprovedFor === email && state.user) return {}
      if (devicePoll?.email !== email) {
        const promise = pollDeviceApproval(email).finally(() => {
          if (devicePoll?.promise === promise) devicePoll = undefined
        })
        devicePoll = { email, promise }
      }
      await devicePoll.promise
      return {}
    },
    async CONNECT_OTP({ otp }, origin) {
      const email = state.pendingEmail
      if (!email)
        throw new FrameRequestError('Failed to connect', { details: 'No email login started' })
      const result = await authApi.verifyEmailOtp({
        email,
        otp,
        deviceId: await deviceShareStore.getDeviceId(),
        appOrigin: origin,
        app: loginApp(),
      })
      // A right code on a device the account never used: its owner approves it first (the
      // emailed page, or a signed-in device); CONNECT_DEVICE waits for that.
      if (!('user' in result)) {
        deviceApprovedFor = undefined
        return { action: 'VERIFY_DEVICE' as const }
      }
      state.pendingEmail = undefined
      await finishLogin(result.user)
      return {}
    },
    async CONNECT_PASSKEY() {
      const passkeys = (await passkeysSupported()) ? parameters.passkeys : undefined
      if (!passkeys)
        throw new FrameRequestError('Failed to connect', {
          details: 'Passkeys are not available here',
        })
      deviceApprovedFor = undefined
      state.pendingEmail = undefined
      let user: UserRecord
      // Shown while the passkey sheet is up: the app pauses its request timeout meanwhile.
      postToApp(FRAME_SHOW_TYPE)
      try {
        // The assertion's PRF output also opens the recovery key: logged in and unlocked at once.
        ;({ user } = await loginWithPasskey({
          authApi,
          deviceShareStore,
          passkeys,
          operatorRecoveryPublicKey: parameters.operatorRecoveryPublicKey,
        }))
      } catch (error) {
        if (error instanceof FrameRequestError && /not used/.test(error.shortMessage))
          throw new FrameRequestError('The passkey was not used', { code: 4001, cause: error })
        if (error instanceof BaseError)
          throw new FrameRequestError('Failed to connect', {
            details: error.shortMessage,
            cause: error,
          })
        throw error
      } finally {
        postToApp(FRAME_HIDE_TYPE)
      }
      // A passkey that does not open this wallet (made before passkey login) asks another factor.
      await finishLogin(user)
      return {}
    },
    async GET_SOCIAL_REDIRECT_URI({ provider }, origin) {
      deviceApprovedFor = undefined
      state.pendingEmail = undefined
      let uri: string
      try {
        ;({ uri } = await authApi.startSocialLogin({
          provider,
          deviceId: await deviceShareStore.getDeviceId(),
          appOrigin: origin,
          app: loginApp(),
        }))
      } catch (error) {
        throw new FrameRequestError('Failed to initiate social connection', {
          details: error instanceof BaseError ? error.shortMessage : undefined,
          cause: error,
        })
      }
      // Only the result of this login completes it (a result of another login is refused).
      state.pendingSocialState = new URL(uri).searchParams.get('state') ?? undefined
      return { uri }
    },
    async CONNECT_SOCIAL({ uri }) {
      const expected = state.pendingSocialState
      let resultState: string | null = null
      try {
        resultState = new URL(uri).searchParams.get('state')
      } catch {}
      if (!expected || resultState !== expected)
        throw new FrameRequestError('Failed to connect', {
          details: 'The sign-in result does not belong to the login started here',
        })
      state.pendingSocialState = undefined
      let user: UserRecord
      try {
        ;({ user } = await authApi.completeSocialLogin({
          resultUri: uri,
          deviceId: await deviceShareStore.getDeviceId(),
        }))
      } catch (error) {
        // The provider's own text for a denied consent; 'Failed to connect' otherwise.
        const denied =
          error instanceof AuthApiError &&
          (error.details === 'access_denied' || error.details === 'provider_error')
        throw new FrameRequestError(denied ? error.shortMessage : 'Failed to connect', {
          details: error instanceof BaseError ? error.shortMessage : undefined,
          cause: error,
        })
      }
      await finishLogin(user)
      return { ...(user.userName ? { userName: user.userName } : {}) }
    },
    async GET_FARCASTER_URI(_payload, origin) {
      deviceApprovedFor = undefined
      state.pendingEmail = undefined
      const current = state.pendingFarcaster
      if (!current || current.done || current.expiresAt <= Date.now() + farcasterRenewMarginMs) {
        const started = (async () =>
          authApi.startFarcasterLogin({
            deviceId: await deviceShareStore.getDeviceId(),
            appOrigin: origin,
          }))()
        const pending: PendingFarcaster = {
          started,
          expiresAt: Number.POSITIVE_INFINITY,
          completion: undefined,
          done: false,
        }
        state.pendingFarcaster = pending
        started.then(
          ({ expiresAt }) => {
            pending.expiresAt = Date.parse(expiresAt)
          },
          () => {
            if (state.pendingFarcaster === pending) state.pendingFarcaster = undefined
          },
        )
      }
      try {
        const { url, expiresAt } = await state.pendingFarcaster!.started
        return { url, expiresAt }
      } catch (error) {
        throw new FrameRequestError('Failed to connect to farcaster', {
          details: error instanceof BaseError ? error.shortMessage : undefined,
          cause: error,
        })
      }
    },
    async CONNECT_FARCASTER() {
      const pending = state.pendingFarcaster
      if (!pending) throw new FrameRequestError('Failed to connect to farcaster')
      const { channelToken } = await pending.started.catch((error: unknown) => {
        throw new FrameRequestError('Failed to connect to farcaster', { cause: error })
      })
      pending.completion ??= (async () => {
        const deviceId = await deviceShareStore.getDeviceId()
        for (;;) {
          if (state.pendingFarcaster !== pending)
            throw new FrameRequestError('Failed to connect to farcaster')
          const status = await authApi.checkFarcasterLogin({ channelToken, deviceId })
          if (status.status === 'completed' && status.user) {
            pending.done = true
            await finishLogin(status.user)
            return status.user
          }
          if (Date.now() >= pending.expiresAt)
            throw new FrameRequestError('Failed to connect to farcaster', { details: 'Expired' })
          await new Promise((resolve) =>
            setTimeout(resolve, parameters.farcasterPollIntervalMs ?? 1_000),
          )
        }
      })().catch((error: unknown) => {
        if (state.pendingFarcaster === pending) state.pendingFarcaster = undefined
        throw error instanceof FrameRequestError
          ? error
          : new FrameRequestError('Failed to connect to farcaster', {
              details: error instanceof BaseError ? error.shortMessage : undefined,
              cause: error,
            })
      })
      // Answers within the app's request timeout: `pending: true` means ask again.
      let timer: number | undefined
      const user = await Promise.race([
        pending.completion,
        new Promise<undefined>((resolve) => {
          timer = globalThis.setTimeout(resolve, farcasterWaitMs) as unknown as number
        }),
      ]).finally(() => globalThis.clearTimeout(timer))
      if (!user) return { pending: true }
      return { ...(user.userName ? { userName: user.userName } : {}) }
    },
    async GET_USER(payload, origin) {
      if (!state.user && !(await restoreSession()))
        throw new FrameRequestError('Not connected to email or social')
      const { user, addresses } = requireUser()
      if (payload.chainId !== undefined) {
        if (!rpcUrls[payload.chainId]) throw new FrameRequestError('Unsupported chain')
        state.chainId = payload.chainId
      }
      const smartAccount = await smartAccounts.describe(state.chainId)
      const signIn = payload.siweMessageData
        ? await (async () => {
            const message = createSignInMessage({
              ...payload.siweMessageData!,
              address: addresses.eip155,
              chainId: state.chainId,
              requestOrigin: origin,
            })
            // A sign-in for the requesting app's own domain: one step, still the visitor's click.
            await approve({
              kind: 'signIn',
              origin,
              chainId: state.chainId,
              address: addresses.eip155,
              message,
            })
            const signature = await signWith(({ eip155 }) => eip155.signMessage({ message }))
            return { message, signature }
          })()
        : {}
      return {
        userId: user.userId,
        ...(user.email ? { email: user.email } : {}),
        ...(user.userName ? { userName: user.userName } : {}),
        ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
        address: addresses.eip155,
        addresses,
        chainId: state.chainId,
        // Both accounts where this network has smart accounts (SPEC §3 `user.accounts`); the app
        // shows the visitor's preferred one (SPEC §6: smartAccount on EVM by default).
        accounts: [
          { address: addresses.eip155, type: 'eoa' as const },
          ...(smartAccount
            ? [{ address: smartAccount.address, type: 'smartAccount' as const }]
            : []),
        ],
        preferredAccountType:
          smartAccount && (payload.preferredAccountType ?? 'smartAccount') === 'smartAccount'
            ? ('smartAccount' as const)
            : ('eoa' as const),
        smartAccountDeployed: smartAccount?.deployed ?? false,
        ...(smartAccount ? { smartAccount } : {}),
        recovery: recoveryStatus(),
        ...signIn,
      }
    },
    async SWITCH_NETWORK({ chainId }) {
      if (!rpcUrls[chainId]) throw new FrameRequestError('Unsupported chain', { code: 4902 })
      state.chainId = chainId
      return { chainId }
    },
    async SIGN_OUT() {
      // Local login data goes first, so sign-out holds even when the server is unreachable.
      state.user = undefined
      state.addresses = undefined
      state.pendingEmail = undefined
      state.pendingSocialState = undefined
      state.pendingFarcaster = undefined
      state.locked = false
      state.wallet = null
      stopDeviceRequestPoll()
      await authApi.signOut({}).catch(() => undefined)
      return {}
    },
    async IS_CONNECTED() {
      if (state.user && state.addresses) return { isConnected: true }
      return { isConnected: await restoreSession() }
    },
    async GET_CHAIN_ID() {
      return { chainId: state.chainId }
    },
    async RPC_REQUEST(payload, origin) {
      const chainId = payload.chainId ?? state.chainId
      // Solana methods only sign (the app sends through its own RPC): no EVM chain needed.
      if (!payload.method.startsWith('solana_') && !rpcUrls[chainId])
        throw new RpcError('Unsupported chain', 4902)
      const result = await handleRpcRequest(
        {
          origin,
          chainId,
          rpcUrls,
          address: state.addresses?.eip155,
          solanaAddress: state.addresses?.solana,
          withSigner: signWith,
          approve,
          switchChain: (next) => {
            state.chainId = next
          },
          getPublicClient,
          smartAccounts: smartAccounts.context,
          sessions: parameters.sessions,
          chains: parameters.chains,
        },
        { method: payload.method, params: payload.params },
      )
      return { result }
    },
    async UPDATE_EMAIL({ email }) {
      requireUser()
      return authApi.startEmailUpdate({ newEmail: email })
    },
    async UPDATE_EMAIL_PRIMARY_OTP({ otp }) {
      requireUser()
      return authApi.verifyEmailUpdatePrimary({ otp })
    },
    async UPDATE_EMAIL_SECONDARY_OTP({ otp }) {
      const { user } = requireUser()
      const { email } = await authApi.verifyEmailUpdateSecondary({ otp })
      state.user = { ...user, email }
      return { email }
    },
    async SYNC_THEME({ themeMode, themeVariables }) {
      state.themeMode = themeMode
      state.themeVariables = themeVariables ?? {}
      // The frame's own views follow the app's light or dark mode; without `data-theme` its
      // styles follow `prefers-color-scheme` ('system'). The app's colours are not applied: the
      // page must not be able to restyle what the visitor approves (a hidden amount, say).
      const root = globalThis.document?.documentElement
      if (themeMode === 'system') root?.removeAttribute('data-theme')
      else root?.setAttribute('data-theme', themeMode)
      return {}
    },
    async SYNC_DAPP_DATA(payload) {
      state.dappData = payload
      return {}
    },
    async GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return {
        smartAccountEnabledNetworks: [
          ...new Set([
            ...(parameters.smartAccountEnabledNetworks ?? []),
            ...smartAccounts.context.chainIds,
          ]),
        ],
      }
    },
    async SET_PREFERRED_ACCOUNT({ type }) {
      const { addresses } = requireUser()
      if (type === 'eoa') return { type, address: addresses.eip155 }
      // SPEC §6: a smart account only where the server lists the network (it has a bundler).
      const smartAccount =
        type === 'smartAccount' ? await smartAccounts.describe(state.chainId) : undefined
      if (!smartAccount)
        throw new FrameRequestError('Smart accounts are not enabled on this network')
      return { type, address: smartAccount.address }
    },
    async RELOAD() {
      await restoreSession()
      return {}
    },
    async SETUP_RECOVERY() {
      const { user } = requireUser()
      if (state.locked && !(await unlock())) throw new WalletLockedError()
      const wallet = state.wallet ?? (await refreshWallet())
      const passkeys = (await passkeysSupported()) ? parameters.passkeys : undefined
      await prompts.setupRecovery({
        operatorRecovery: wallet?.operatorRecovery ?? false,
        hasPassword: wallet?.recoveryMethods.some((m) => m.kind === 'password') ?? false,
        hasPasskey: hasMethod('passkey', wallet),
        addPassword: async (password) => {
          await addPasswordMethod({ ...custody(user.userId), password })
        },
        ...(passkeys
          ? {
              addPasskey: async () => {
                // No await before the WebAuthn call: it needs the visitor's click in the frame.
                await createPasskeyMethod({
                  ...custody(user.userId),
                  passkeys,
                  userName: user.email ?? user.userName ?? 'Wallet',
                  excludeCredentialIds: (state.wallet ?? wallet)?.recoveryMethods.flatMap((m) =>
                    m.kind === 'passkey' && m.credentialId ? [m.credentialId] : [],
                  ),
                })
                await refreshWallet()
              },
            }
          : {}),
      })
      await refreshWallet()
      return { methods: recoveryStatus().methods }
    },
    async UNLOCK_WALLET() {
      requireUser()
      if (state.locked && !(await unlock())) throw new UserRejectedError()
      return {}
    },
    async EXPORT_KEY() {
      const { user } = requireUser()
      if (state.locked && !(await unlock())) throw new WalletLockedError()
      const passkeys = (await passkeysSupported()) ? parameters.passkeys : undefined
      // Export needs re-authentication with a factor only the visitor has: the recovery password
      // or a passkey. A wallet with neither gets one first.
      const canReauthenticate = () =>
        hasMethod('password', state.wallet) ||
        (passkeys !== undefined && hasMethod('passkey', state.wallet))
      if (!canReauthenticate()) await handlers.SETUP_RECOVERY({}, '')
      if (!canReauthenticate())
        throw new FrameRequestError('Set up a recovery method to export your key', { code: 4001 })
      await prompts.exportKey({
        verifyPassword: hasMethod('password', state.wallet)
          ? (password) => verifyRecoveryPassword({ authApi, password })
          : undefined,
        verifyPasskey:
          passkeys && hasMethod('passkey', state.wallet)
            ? () => verifyPasskey({ ...custody(user.userId), passkeys, wallet: state.wallet })
            : undefined,
        reveal: () => exportWalletKeys({ authApi, deviceShareStore, userId: user.userId }),
      })
      return {}
    },
  }

  function recoveryStatus() {
    const methods = [...new Set((state.wallet?.recoveryMethods ?? []).map((m) => m.kind))]
    return {
      methods,
      operatorRecovery: state.wallet?.operatorRecovery ?? false,
      locked: state.locked,
    }
  }

  // An unlocked device approves the visitor's new devices: it looks for their requests while
  // signed in, and asks the visitor (with the code both devices show) before sealing the key.
  let pollTimer: ReturnType<typeof setTimeout> | undefined
  const answeredRequests = new Set<string>()
  const answeredApprovals = new Set<string>()
  function stopDeviceRequestPoll() {
    clearTimeout(pollTimer)
    pollTimer = undefined
  }
  function startDeviceRequestPoll() {
    const interval = parameters.deviceRequestPollMs ?? 5_000
    if (interval <= 0 || pollTimer || state.locked || !state.user) return
    const tick = async () => {
      const user = state.user
      if (!user || state.locked) return
      try {
        const { requests } = await authApi.listDeviceRequests()
        for (const request of requests) {
          if (answeredRequests.has(request.requestId)) continue
          answeredRequests.add(request.requestId)
          await answerDeviceRequest(user.userId, request)
        }
      } catch {
        // Offline or signed out: look again later.
      }
      // Devices of this account waiting to log in (a right code entered there): shown here too.
      if (prompts.approveLogin && user.email)
        try {
          const { approvals } = await authApi.listLoginApprovals()
          for (const approval of approvals) {
            if (answeredApprovals.has(approval.approvalId)) continue
            answeredApprovals.add(approval.approvalId)
            await answerLoginApproval(approval, interval)
          }
        } catch {
          // Offline, signed out, or answered meanwhile on the emailed page.
        }
    }
    const loop = () => {
      pollTimer = setTimeout(async () => {
        await tick()
        if (pollTimer && state.user && !state.locked) loop()
      }, interval)
    }
    loop()
  }
  async function answerLoginApproval(approval: LoginApproval, interval: number) {
    // Answered elsewhere (the emailed page, another device) or expired: the question goes away.
    const gone = new AbortController()
    const watch = setInterval(async () => {
      const open = await authApi.listLoginApprovals().then(
        ({ approvals }) => approvals.some((a) => a.approvalId === approval.approvalId),
        () => true,
      )
      if (!open || Date.parse(approval.expiresAt) <= Date.now()) gone.abort()
    }, interval)
    try {
      const approve = await prompts.approveLogin?.(approval, { signal: gone.signal })
      // Dismissed: the emailed page still answers it.
      if (approve !== undefined && !gone.signal.aborted)
        await authApi.answerLoginApproval({ approvalId: approval.approvalId, approve })
    } finally {
      clearInterval(watch)
    }
  }
  async function answerDeviceRequest(userId: string, request: DeviceRequest) {
    const approved = await prompts.approveDevice({
      code: deviceRequestCodeOf(request),
      createdAt: request.createdAt,
    })
    if (approved) await approveOtherDevice({ ...custody(userId), request })
  }

  const reply = (message: unknown, origin: string) =>
    frameWindow.parent.postMessage(message, origin)

  const onMessage = (event: MessageEvent) => {
    // Only the embedding window, from an allowed origin; anything else gets no answer at all.
    if (event.source !== (frameWindow.parent as unknown)) return
    if (!isOriginAllowed(event.origin, allowedOrigins)) return
    const parsed = parseAppMessage(event.data)
    if (!parsed) return
    appOrigin ??= event.origin
    void answer(parsed.name, parsed.message, event.origin)
  }

  const answer = async (name: FrameEventName, message: AppMessage, origin: string) => {
    const handler = handlers[name] as (payload: unknown, origin: string) => Promise<unknown>
    try {
      const payload = await handler(message.payload, origin)
      reply({ type: frameSuccessType(name), id: message.id, payload }, origin)
    } catch (error) {
      reply({ type: frameErrorType(name), id: message.id, payload: toErrorPayload(error) }, origin)
    }
  }

  frameWindow.addEventListener('message', onMessage)
  if (appOrigin && isOriginAllowed(appOrigin, allowedOrigins))
    reply({ type: FRAME_READY_TYPE }, appOrigin)

  return {
    destroy: () => {
      stopDeviceRequestPoll()
      frameWindow.removeEventListener('message', onMessage)
    },
  }
}

function detectParentOrigin(): string | undefined {
  const location = globalThis.location as
    | (Location & { ancestorOrigins?: DOMStringList })
    | undefined
  const ancestor = location?.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  const referrer = globalThis.document?.referrer
  return referrer ? new URL(referrer).origin : undefined
}

function toErrorPayload(error: unknown): { message: string; code?: number } {
  if (error instanceof UserRejectedError || error instanceof WalletLockedError)
    return { message: error.shortMessage, code: error.code }
  if (error instanceof WrongRecoveryFactorError) return { message: error.shortMessage }
  if (error instanceof RpcError) return { message: error.shortMessage, code: error.code }
  if (error instanceof FrameRequestError)
    return {
      message: error.shortMessage,
      ...(error.code !== undefined ? { code: error.code } : {}),
    }
  if (error instanceof AuthApiError) return { message: error.shortMessage }
  if (error instanceof BaseError) return { message: error.shortMessage }
  // viem errors carry a user-facing shortMessage and an EIP-1193 code.
  if (error instanceof Error && 'shortMessage' in error) {
    const { shortMessage, code } = error as unknown as { shortMessage: unknown; code?: unknown }
    return { message: String(shortMessage), ...(typeof code === 'number' ? { code } : {}) }
  }
  return { message: 'Something went wrong' }
}
