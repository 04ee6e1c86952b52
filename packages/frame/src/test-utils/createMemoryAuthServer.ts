import { base64urlnopad } from '@scure/base'
import { type Hex, verifyMessage } from 'viem'
import type { WalletAddresses } from '../custody/deriveWalletKeys.ts'
import type { EncryptedBlob, WrappedKey } from '../custody/recoveryKey.ts'
import type { SealedBox } from '../custody/sealedBox.ts'
import { openSealedBox, sealToPublicKey } from '../custody/sealedBox.ts'
import { shareSetMessage } from '../custody/shareSetMessage.ts'
import { AuthApiError } from '../errors.ts'
import type { AuthApi } from '../frame/authApi.ts'

/**
 * An in-memory model of the server side of `authApiRoutes`, for tests of the frame until the real
 * routes exist. Each `connect()` is one browser's cookie jar. Codes go to `mailbox`.
 */
export type MemoryAuthServer = {
  connect: () => AuthApi
  mailbox: {
    to: string
    kind: 'otp' | 'device' | 'update' | 'blocked'
    otp?: string
    deviceId?: string
  }[]
  /** Approves on the emailed page every device waiting (after a right code) to log in as `email`. */
  approveDevice: (email: string) => void
  /** "This wasn't me" on the emailed page: the waiting devices of `email` are blocked. */
  denyDevice: (email: string) => void
  /** What the database holds: auth shares, encrypted recovery shares, wrapped recovery keys. */
  database: Map<string, StoredWallet>
  deviceRequests: Map<string, StoredDeviceRequest>
  /** Set false to make every call fail like a stopped server. */
  setReachable: (reachable: boolean) => void
  /**
   * The provider's answer to a started social login (`code` = the identity's subject, or `error`),
   * as the callback URL the popup would post: what CONNECT_SOCIAL takes.
   */
  socialResultUri: (
    state: string,
    answer: { subject: string; name?: string } | { error: string; description?: string },
  ) => string
  /** The Farcaster client approves the open channel as `fid`. */
  approveFarcaster: (channelToken: string, account: { fid: number; username: string }) => void
}

type StoredWallet = {
  addresses: WalletAddresses
  shareSets: {
    shareSetId: string
    deviceId: string
    authShare: Hex
    encryptedRecoveryShare: EncryptedBlob
    operatorSealedRecoveryShare: SealedBox | undefined
    createdAt: string
  }[]
  recoveryMethods: {
    id: string
    kind: 'password' | 'passkey'
    wrappedKey: WrappedKey
    credentialId?: string
    createdAt: string
  }[]
}

type StoredDeviceRequest = {
  requestId: string
  userId: string
  deviceId: string
  publicKey: Hex
  createdAt: string
  expiresAt: string
  sealedKey: SealedBox | undefined
}

export type CreateMemoryAuthServerParameters = {
  /** Operator-recovery mode: the operator's X25519 secret key. Off when absent. */
  operatorRecoverySecretKey?: Hex | undefined
}

export function createMemoryAuthServer(
  parameters: CreateMemoryAuthServerParameters = {},
): MemoryAuthServer {
  const operatorRecovery = parameters.operatorRecoverySecretKey !== undefined
  const deviceRequests = new Map<string, StoredDeviceRequest>()
  const users = new Map<string, { userId: string; email: string; devices: Set<string> }>()
  /** Social and Farcaster accounts by `provider:subject`. */
  const identities = new Map<
    string,
    { userId: string; provider: string; userName: string; devices: Set<string> }
  >()
  const socialFlows = new Map<string, { provider: string; deviceId: string; used: boolean }>()
  const socialNames = new Map<string, string>()
  const farcasterChannels = new Map<
    string,
    { deviceId: string; approved?: { fid: number; username: string } }
  >()
  /** Email-change codes. */
  const otps = new Map<string, string>()
  /** Live login codes per email, oldest first: a new one does not kill the others (at most 3). */
  const loginCodes = new Map<string, string[]>()
  /** Devices that entered a right code and wait for approval, by `email:deviceId`. */
  const approvals = new Map<
    string,
    {
      approvalId: string
      email: string
      deviceId: string
      state: 'open' | 'approved' | 'denied'
      createdAt: string
    }
  >()
  const blocked = new Set<string>()
  const deviceBlocked = () =>
    fail(403, 'device_blocked', 'This login was refused from the email: this device is blocked')
  const database = new Map<string, StoredWallet>()
  /** Passkeys that log in (credential id → user id) and the challenges handed out. */
  const loginPasskeys = new Map<string, string>()
  const challenges = new Map<string, 'register' | 'login'>()
  const newChallenge = (purpose: 'register' | 'login') => {
    const challenge = base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(32)))
    challenges.set(challenge, purpose)
    return challenge
  }
  /** Takes the challenge of a WebAuthn answer once (no signature check in this model). */
  const takeChallenge = (clientDataJSON: string, purpose: 'register' | 'login') => {
    const { challenge } = JSON.parse(
      new TextDecoder().decode(base64urlnopad.decode(clientDataJSON)),
    )
    if (challenges.get(challenge) !== purpose)
      fail(401, 'passkey_refused', 'This passkey request has expired. Try again.')
    challenges.delete(challenge)
  }
  const mailbox: MemoryAuthServer['mailbox'] = []
  let reachable = true
  const answer = (
    approval: typeof approvals extends Map<string, infer value> ? value : never,
    approve: boolean,
  ) => {
    approval.state = approve ? 'approved' : 'denied'
    if (approve) return
    blocked.add(`${approval.email}:${approval.deviceId}`)
    mailbox.push({ to: approval.email, kind: 'blocked', deviceId: approval.deviceId })
  }

  const newOtp = () =>
    String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, '0')
  const fail = (status: number, error: string, message: string): never => {
    throw new AuthApiError(message, { status, details: error })
  }

  const connect = (): AuthApi => {
    let session:
      | {
          userId: string
          email?: string
          userName?: string
          socialProvider?:
            | 'google'
            | 'github'
            | 'apple'
            | 'facebook'
            | 'x'
            | 'discord'
            | 'farcaster'
          deviceId: string
          deviceApproved: boolean
        }
      | undefined
    let pendingUpdate: { newEmail: string; stage: 'primary' | 'secondary' } | undefined
    const guard =
      <args extends unknown[], result>(fn: (...a: args) => Promise<result>) =>
      async (...a: args) => {
        if (!reachable) throw new TypeError('fetch failed')
        return fn(...a)
      }
    const requireSession = () => session ?? fail(401, 'unauthorized', 'Session Expired')
    const requireEmailSession = () => {
      const current = requireSession()
      const { email } = current
      if (!email) return fail(400, 'no_email', 'Not connected to email or social')
      return { ...current, email }
    }
    const requireShareHolder = () => {
      const current = requireSession()
      const wallet = database.get(current.userId)
      if (!wallet?.shareSets.some((set) => set.deviceId === current.deviceId))
        return fail(403, 'device_not_verified', 'Device not verified')
      return { session: current, wallet }
    }
    const loginIdentity = (
      provider: string,
      subject: string,
      userName: string,
      deviceId: string,
    ) => {
      const key = `${provider}:${subject}`
      let identity = identities.get(key)
      if (!identity) {
        identity = { userId: crypto.randomUUID(), provider, userName, devices: new Set() }
        identities.set(key, identity)
      }
      identity.devices.add(deviceId)
      const socialProvider = provider as NonNullable<typeof session>['socialProvider']
      session = {
        userId: identity.userId,
        userName,
        socialProvider,
        deviceId,
        deviceApproved: true,
      }
      return { user: { userId: identity.userId, userName, socialProvider } }
    }
    const api: AuthApi = {
      // Like the server: the same answer and a code for every address and device.
      startEmailLogin: guard(async ({ email }) => {
        const otp = newOtp()
        loginCodes.set(email, [...(loginCodes.get(email) ?? []), otp].slice(-3))
        mailbox.push({ to: email, kind: 'otp', otp })
        return { action: 'VERIFY_OTP' as const }
      }),
      checkDeviceApproval: guard(async ({ email, deviceId }) => {
        const key = `${email}:${deviceId}`
        const approval = approvals.get(key)
        if (blocked.has(key) || approval?.state === 'denied') return deviceBlocked()
        const user = users.get(email)
        if (approval?.state !== 'approved' || !user) return { approved: false }
        approvals.delete(key)
        user.devices.add(deviceId)
        session = { userId: user.userId, email: user.email, deviceId, deviceApproved: true }
        return { approved: true, user: { userId: user.userId, email: user.email } }
      }),
      verifyEmailOtp: guard(async ({ email, otp, deviceId }) => {
        const key = `${email}:${deviceId}`
        if (blocked.has(key)) return deviceBlocked()
        const codes = loginCodes.get(email) ?? []
        if (!codes.includes(otp)) return fail(400, 'invalid_otp', 'Invalid code')
        loginCodes.set(
          email,
          codes.filter((code) => code !== otp),
        )
        let user = users.get(email)
        if (!user) {
          user = { userId: crypto.randomUUID(), email, devices: new Set([deviceId]) }
          users.set(email, user)
        }
        if (!user.devices.has(deviceId)) {
          approvals.set(key, {
            approvalId: crypto.randomUUID(),
            email,
            deviceId,
            state: 'open',
            createdAt: new Date().toISOString(),
          })
          mailbox.push({ to: email, kind: 'device', deviceId })
          return { action: 'VERIFY_DEVICE' as const }
        }
        session = { userId: user.userId, email: user.email, deviceId, deviceApproved: false }
        return { user: { userId: user.userId, email: user.email } }
      }),
      listLoginApprovals: guard(async () => {
        const current = requireSession()
        return {
          approvals: [...approvals.values()]
            .filter(
              (approval) =>
                approval.email === current.email &&
                approval.deviceId !== current.deviceId &&
                approval.state === 'open',
            )
            .map(({ approvalId, createdAt }) => ({
              approvalId,
              browser: 'Chrome 126',
              os: 'Linux',
              createdAt,
              expiresAt: new Date(Date.parse(createdAt) + 1_800_000).toISOString(),
            })),
        }
      }),
      answerLoginApproval: guard(async ({ approvalId, approve }) => {
        const current = requireSession()
        const approval = [...approvals.values()].find(
          (candidate) => candidate.approvalId === approvalId && candidate.email === current.email,
        )
        if (!approval) return fail(404, 'not_found', 'Login request not found')
        if (approval.state !== 'open') return fail(409, 'already_answered', 'Already answered')
        answer(approval, approve)
        return { ok: true as const }
      }),
      startSocialLogin: guard(async ({ provider, deviceId }) => {
        const state = crypto.randomUUID()
        socialFlows.set(state, { provider, deviceId, used: false })
        return { uri: `https://social.test/${provider}/authorize?state=${state}` }
      }),
      completeSocialLogin: guard(async ({ resultUri, deviceId }) => {
        const url = new URL(resultUri)
        const state = url.searchParams.get('state') ?? ''
        const flow = socialFlows.get(state)
        if (!flow || flow.used || flow.deviceId !== deviceId)
          return fail(400, 'login_expired', 'This sign-in has expired or was already used.')
        flow.used = true
        const error = url.searchParams.get('error')
        if (error) return fail(400, error, url.searchParams.get('error_description') ?? error)
        const subject = url.searchParams.get('code') ?? ''
        return loginIdentity(flow.provider, subject, socialNames.get(state) ?? subject, deviceId)
      }),
      startFarcasterLogin: guard(async ({ deviceId }) => {
        const channelToken = crypto.randomUUID()
        farcasterChannels.set(channelToken, { deviceId })
        return {
          url: `https://farcaster.test/~/siwf?channelToken=${channelToken}`,
          channelToken,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        }
      }),
      checkFarcasterLogin: guard(async ({ channelToken, deviceId }) => {
        const channel = farcasterChannels.get(channelToken)
        if (!channel || channel.deviceId !== deviceId)
          return fail(410, 'login_expired', 'Failed to connect to farcaster')
        if (!channel.approved) return { status: 'pending' as const }
        farcasterChannels.delete(channelToken)
        const { user } = loginIdentity(
          'farcaster',
          String(channel.approved.fid),
          channel.approved.username,
          deviceId,
        )
        return { status: 'completed' as const, user }
      }),
      passkeyRegisterOptions: guard(async () => {
        requireShareHolder()
        return {
          options: {
            challenge: newChallenge('register'),
            rpId: 'localhost',
            timeout: 300_000,
            userId: base64urlnopad.encode(crypto.getRandomValues(new Uint8Array(32))),
          },
        }
      }),
      passkeyRegisterVerify: guard(async ({ response }) => {
        const { session: current } = requireShareHolder()
        takeChallenge(response.response.clientDataJSON, 'register')
        loginPasskeys.set(response.id, current.userId)
        return { credentialId: response.id }
      }),
      passkeyLoginOptions: guard(async () => ({
        options: { challenge: newChallenge('login'), rpId: 'localhost', timeout: 300_000 },
      })),
      passkeyLoginVerify: guard(async ({ deviceId, response }) => {
        takeChallenge(response.response.clientDataJSON, 'login')
        const userId = loginPasskeys.get(response.id)
        const user = [...users.values()].find((candidate) => candidate.userId === userId)
        if (!user)
          return fail(
            401,
            'passkey_refused',
            'This passkey does not belong to an account of this app',
          )
        user.devices.add(deviceId)
        session = { userId: user.userId, email: user.email, deviceId, deviceApproved: false }
        return { user: { userId: user.userId, email: user.email } }
      }),
      getSession: guard(async () => ({
        user: session ? { userId: session.userId, email: session.email } : null,
      })),
      getAuthShares: guard(async () => {
        const wallet = database.get(requireSession().userId)
        return {
          wallet: wallet
            ? {
                addresses: wallet.addresses,
                operatorRecovery,
                recoveryMethods: wallet.recoveryMethods.map((method) => ({ ...method })),
                shareSets: wallet.shareSets.map(({ operatorSealedRecoveryShare: _, ...set }) => ({
                  ...set,
                })),
              }
            : null,
        }
      }),
      putAuthShares: guard(async (body) => {
        const { userId } = requireSession()
        const wallet = database.get(userId)
        if (wallet && wallet.addresses.eip155 !== body.addresses.eip155)
          return fail(409, 'address_mismatch', 'The wallet already exists')
        if (operatorRecovery !== (body.operatorSealedRecoveryShare !== undefined))
          return fail(400, 'operator_recovery_off', 'Operator recovery is off')
        const signed = await verifyMessage({
          address: body.addresses.eip155,
          message: shareSetMessage(body),
          signature: body.signature,
        }).catch(() => false)
        if (!signed) return fail(400, 'invalid_signature', "Not signed by the wallet's key")
        const set = {
          shareSetId: body.shareSetId,
          deviceId: body.deviceId,
          authShare: body.authShare,
          encryptedRecoveryShare: body.encryptedRecoveryShare,
          operatorSealedRecoveryShare: body.operatorSealedRecoveryShare,
          createdAt: new Date().toISOString(),
        }
        if (wallet) wallet.shareSets.push(set)
        else
          database.set(userId, {
            addresses: body.addresses,
            shareSets: [set],
            recoveryMethods: [],
          })
        return { ok: true as const }
      }),
      addRecoveryMethod: guard(async (body) => {
        const { wallet } = requireShareHolder()
        if (wallet.recoveryMethods.length >= 10)
          return fail(409, 'too_many_methods', 'Too many recovery methods')
        const method = {
          id: crypto.randomUUID(),
          kind: body.kind,
          wrappedKey: body.wrappedKey,
          ...(body.credentialId ? { credentialId: body.credentialId } : {}),
          createdAt: new Date().toISOString(),
        }
        wallet.recoveryMethods.push(method)
        return { method }
      }),
      createDeviceRequest: guard(async ({ publicKey }) => {
        const { userId, deviceId } = requireSession()
        for (const [id, request] of deviceRequests)
          if (request.userId === userId && request.deviceId === deviceId) deviceRequests.delete(id)
        const request = {
          requestId: crypto.randomUUID(),
          userId,
          deviceId,
          publicKey,
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          sealedKey: undefined,
        }
        deviceRequests.set(request.requestId, request)
        const { userId: _, sealedKey: __, ...shown } = request
        return { request: shown }
      }),
      listDeviceRequests: guard(async () => {
        const { userId, deviceId } = requireSession()
        return {
          requests: [...deviceRequests.values()]
            .filter((r) => r.userId === userId && r.deviceId !== deviceId && !r.sealedKey)
            .map(({ userId: _, sealedKey: __, ...shown }) => shown),
        }
      }),
      approveDeviceRequest: guard(async ({ requestId, sealedKey }) => {
        const { session: current } = requireShareHolder()
        const request = deviceRequests.get(requestId)
        if (!request || request.userId !== current.userId)
          return fail(404, 'not_found', 'Request not found')
        if (request.sealedKey) return fail(409, 'already_approved', 'Already approved')
        request.sealedKey = sealedKey
        return { ok: true as const }
      }),
      getDeviceRequest: guard(async ({ requestId }) => {
        const current = requireSession()
        const request = deviceRequests.get(requestId)
        if (!request || request.userId !== current.userId || request.deviceId !== current.deviceId)
          return fail(404, 'not_found', 'Request not found')
        if (request.sealedKey) return { status: 'approved' as const, sealedKey: request.sealedKey }
        if (Date.parse(request.expiresAt) < Date.now()) return { status: 'expired' as const }
        return { status: 'pending' as const }
      }),
      releaseRecoveryShare: guard(async ({ shareSetId, framePublicKey }) => {
        const current = requireSession()
        if (!parameters.operatorRecoverySecretKey)
          return fail(403, 'operator_recovery_off', 'Operator recovery is off')
        if (!current.deviceApproved) return fail(403, 'device_not_verified', 'Device not verified')
        const set = database.get(current.userId)?.shareSets.find((s) => s.shareSetId === shareSetId)
        if (!set?.operatorSealedRecoveryShare) return fail(404, 'not_found', 'Share set not found')
        const share = await openSealedBox(
          set.operatorSealedRecoveryShare,
          parameters.operatorRecoverySecretKey,
        )
        try {
          return { sealedShare: await sealToPublicKey(share, framePublicKey) }
        } finally {
          share.fill(0)
        }
      }),
      startEmailUpdate: guard(async ({ newEmail }) => {
        const { email } = requireEmailSession()
        pendingUpdate = { newEmail, stage: 'primary' }
        const otp = newOtp()
        otps.set(`update:${email}`, otp)
        mailbox.push({ to: email, kind: 'update', otp })
        return { action: 'VERIFY_PRIMARY_OTP' as const }
      }),
      verifyEmailUpdatePrimary: guard(async ({ otp }) => {
        const { email } = requireEmailSession()
        if (pendingUpdate?.stage !== 'primary' || otps.get(`update:${email}`) !== otp)
          return fail(400, 'invalid_otp', 'Invalid code')
        pendingUpdate.stage = 'secondary'
        const next = newOtp()
        otps.set(`update:${pendingUpdate.newEmail}`, next)
        mailbox.push({ to: pendingUpdate.newEmail, kind: 'update', otp: next })
        return { action: 'VERIFY_SECONDARY_OTP' as const }
      }),
      verifyEmailUpdateSecondary: guard(async ({ otp }) => {
        const current = requireEmailSession()
        if (
          pendingUpdate?.stage !== 'secondary' ||
          otps.get(`update:${pendingUpdate.newEmail}`) !== otp
        )
          return fail(400, 'invalid_otp', 'Invalid code')
        const user = users.get(current.email)!
        users.delete(current.email)
        user.email = pendingUpdate.newEmail
        users.set(user.email, user)
        session = { ...current, email: user.email }
        pendingUpdate = undefined
        return { email: user.email }
      }),
      signOut: guard(async () => {
        session = undefined
        return { ok: true as const }
      }),
    }
    return api
  }

  return {
    connect,
    mailbox,
    socialResultUri(state, answer) {
      const url = new URL('https://frame.test/v1/embedded/social/callback')
      url.searchParams.set('state', state)
      if ('error' in answer) {
        url.searchParams.set('error', answer.error)
        if (answer.description) url.searchParams.set('error_description', answer.description)
      } else {
        url.searchParams.set('code', answer.subject)
        if (answer.name) socialNames.set(state, answer.name)
      }
      return url.href
    },
    approveFarcaster(channelToken, account) {
      const channel = farcasterChannels.get(channelToken)
      if (channel) channel.approved = account
    },
    database,
    deviceRequests,
    approveDevice: (email) => {
      for (const approval of approvals.values())
        if (approval.email === email && approval.state === 'open') answer(approval, true)
    },
    denyDevice: (email) => {
      for (const approval of approvals.values())
        if (approval.email === email && approval.state === 'open') answer(approval, false)
    },
    setReachable: (value) => {
      reachable = value
    },
  }
}
