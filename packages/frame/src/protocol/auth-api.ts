import * as v from 'valibot'
import {
  deviceIdSchema,
  emailSchema,
  encryptedBlobSchema,
  hexSchema,
  loginProviderSchema,
  originSchema,
  otpSchema,
  recoveryMethodKindSchema,
  recoveryMethodSchema,
  sealedBoxSchema,
  socialProviderSchema,
  walletAddressesSchema,
  wrappedKeySchema,
} from './common.ts'
import { themeModeSchema } from './messages.ts'

/**
 * The HTTP contract between the frame page and the Foyer server's embedded-wallet routes.
 * The frame is served from the server's origin, so these are same-origin requests carrying the
 * session cookie (httpOnly, SameSite=Strict, Secure on https). Every request also carries
 * `?projectId=` like the other API calls (SPEC §7); a session belongs to the project it was started
 * under and every authenticated route refuses it under another project (403 `project_mismatch`).
 * Errors are `authApiErrorSchema` with a 4xx/5xx
 * status; 401 means no or an expired session.
 */

export const embeddedUserRecordSchema = v.object({
  userId: v.string(),
  /** Absent for a social or Farcaster account that gave no email. */
  email: v.optional(v.string()),
  /** The login that made the account when not email: google, …, farcaster. */
  socialProvider: v.optional(loginProviderSchema),
  /** The provider's display name. */
  userName: v.optional(v.string()),
})

export type UserRecord = v.InferOutput<typeof embeddedUserRecordSchema>

export const authApiErrorSchema = v.object({
  /**
   * Stable code: rate_limited, invalid_otp, otp_expired, device_not_verified, unauthorized, …;
   * database_unavailable (503, with `retryAfterSeconds`) while the server's database is down.
   */
  error: v.string(),
  /** Text for the user, e.g. 'Please try again after 12 seconds' (SPEC §5). */
  message: v.string(),
  retryAfterSeconds: v.optional(v.number()),
  /**
   * With `proof_required` (429): many email logins were started from the client's network; the
   * start is accepted again with `proof` solving this challenge (`solveProofOfWork`).
   */
  proofOfWork: v.optional(
    v.object({ challenge: v.pipe(v.string(), v.maxLength(256)), difficulty: v.number() }),
  ),
})

/** One 2-of-3 split of the wallet entropy, made on one device. */
export const authShareSetSchema = v.object({
  shareSetId: v.string(),
  deviceId: deviceIdSchema,
  /** Shamir share (hex). Stored encrypted at rest by the server. */
  authShare: hexSchema,
  /**
   * The set's recovery share, AES-256-GCM under the wallet's recovery key, which only the
   * visitor's factors (and devices) hold: the server stores it and cannot open it.
   */
  encryptedRecoveryShare: encryptedBlobSchema,
  createdAt: v.string(),
})

const requestIdSchema = v.pipe(v.string(), v.minLength(8), v.maxLength(128))

export const deviceRequestSchema = v.object({
  requestId: requestIdSchema,
  deviceId: deviceIdSchema,
  /** The new device's one-time X25519 public key; both devices show a code derived from it. */
  publicKey: hexSchema,
  createdAt: v.string(),
  expiresAt: v.string(),
})

const base64urlSchema = v.pipe(v.string(), v.maxLength(16_384), v.regex(/^[A-Za-z0-9_-]*$/))

/** A device waiting for the account's approval after a right code, as signed-in devices see it. */
export const loginApprovalSchema = v.object({
  approvalId: requestIdSchema,
  /** Parsed from the asking request's User-Agent, e.g. `Chrome 126` and `Windows`. */
  browser: v.string(),
  os: v.string(),
  /** Approximate place of the asking IP, when the operator configured a lookup. */
  place: v.optional(v.string()),
  createdAt: v.string(),
  expiresAt: v.string(),
})

export type LoginApproval = v.InferOutput<typeof loginApprovalSchema>

/** What `navigator.credentials.create`/`get` need besides the frame's own choices (PRF, algorithms). */
export const passkeyOptionsSchema = v.object({
  /** base64url, single use, valid 5 minutes. */
  challenge: base64urlSchema,
  /** The frame's hostname (the request's origin). */
  rpId: v.string(),
  timeout: v.number(),
})

/** A WebAuthn registration response, JSON-encoded (binary fields base64url). */
export const passkeyRegistrationSchema = v.object({
  id: base64urlSchema,
  rawId: base64urlSchema,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64urlSchema,
    attestationObject: base64urlSchema,
    transports: v.optional(v.array(v.pipe(v.string(), v.maxLength(32)))),
  }),
  clientExtensionResults: v.optional(v.object({})),
})

/** A WebAuthn assertion, JSON-encoded (binary fields base64url). */
export const passkeyAssertionSchema = v.object({
  id: base64urlSchema,
  rawId: base64urlSchema,
  type: v.literal('public-key'),
  response: v.object({
    clientDataJSON: base64urlSchema,
    authenticatorData: base64urlSchema,
    signature: base64urlSchema,
    userHandle: v.optional(base64urlSchema),
  }),
  clientExtensionResults: v.optional(v.object({})),
})

/**
 * What the server's own pages of a login (the emailed device approval and its mail, the social
 * popup's last page) show of the app the visitor logs in to, as the frame knows it (SYNC_DAPP_DATA,
 * SYNC_THEME). The name is what the app calls itself, so anything: the server shows it as text
 * only, shortened, and always beside the app's origin.
 */
export const loginAppSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.maxLength(200))),
  themeMode: v.optional(themeModeSchema),
})

export type LoginApp = v.InferOutput<typeof loginAppSchema>

export const authApiRoutes = {
  /**
   * Starts email login: mails a 6-digit code. The answer is `VERIFY_OTP` for every address and
   * device (whether an account exists is told only to whoever holds the code); `VERIFY_DEVICE`
   * is kept for older servers. Once per 30 s per email ('Please try again after {n} seconds',
   * 429). Beyond a few starts from one network the server asks for a proof of work (429
   * `proof_required` with `proofOfWork`): send it again with `proof`.
   */
  startEmailLogin: {
    method: 'POST',
    path: '/v1/embedded/email/start',
    body: v.object({
      email: emailSchema,
      deviceId: deviceIdSchema,
      projectId: v.string(),
      proof: v.optional(
        v.object({
          challenge: v.pipe(v.string(), v.maxLength(256)),
          nonce: v.pipe(v.string(), v.regex(/^\d{1,16}$/)),
        }),
      ),
    }),
    response: v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  },
  /**
   * Polled by the frame after `verifyEmailOtp` answered `VERIFY_DEVICE`, until the account's
   * owner approved the device (the emailed page, or a signed-in device): then the session cookie
   * is set and `user` answered. Only the browser that entered the code (its `foyer_login`
   * cookie) is let in. 403 `device_blocked` after "This wasn't me".
   */
  checkDeviceApproval: {
    method: 'POST',
    path: '/v1/embedded/email/device',
    body: v.object({ email: emailSchema, deviceId: deviceIdSchema }),
    response: v.object({ approved: v.boolean(), user: v.optional(embeddedUserRecordSchema) }),
  },
  /**
   * Checks the code (valid 10 min, 5 attempts per code, up to 3 codes valid at once, single use,
   * hashed, constant-time compare; 20 failed checks per address a day, then 429 `login_locked`).
   * A right code logs in (session cookie, signed with `jose`, rotated on refresh) a new account or
   * a device the account used before; another device gets `VERIFY_DEVICE`: the account's owner
   * approves it from the emailed page or a signed-in device (`checkDeviceApproval`).
   */
  verifyEmailOtp: {
    method: 'POST',
    path: '/v1/embedded/email/verify',
    body: v.object({
      email: emailSchema,
      otp: otpSchema,
      deviceId: deviceIdSchema,
      /**
       * The app's origin as the frame saw it (allowed by the project, else 403) and what it says
       * of itself: the approval mail and page of a new device name them.
       */
      appOrigin: v.optional(originSchema),
      app: v.optional(loginAppSchema),
    }),
    response: v.union([
      v.object({ user: embeddedUserRecordSchema }),
      v.object({ action: v.literal('VERIFY_DEVICE') }),
    ]),
  },
  /** Devices waiting for this account's approval (after a right code), for its signed-in devices. */
  listLoginApprovals: {
    method: 'GET',
    path: '/v1/embedded/login-approvals',
    response: v.object({ approvals: v.array(loginApprovalSchema) }),
  },
  /**
   * A signed-in device approves a waiting one, or blocks it (`approve: false`, "This wasn't me":
   * its poll fails and the address is told by mail). 404 for another account's, 409 once answered.
   */
  answerLoginApproval: {
    method: 'POST',
    path: '/v1/embedded/login-approvals/answer',
    body: v.object({ approvalId: requestIdSchema, approve: v.boolean() }),
    response: v.object({ ok: v.literal(true) }),
  },
  /**
   * Starts a social login for this device: the provider's authorization URL (PKCE, `state`,
   * `nonce`, the frame origin's exact callback). The provider returns to
   * `/v1/embedded/social/callback` on the frame's origin, whose page posts the result URI to
   * `appOrigin` only (it must be allowed by the project). 404 `provider_not_configured`.
   */
  startSocialLogin: {
    method: 'POST',
    path: '/v1/embedded/social/start',
    body: v.object({
      provider: socialProviderSchema,
      deviceId: deviceIdSchema,
      appOrigin: originSchema,
      /** Named (beside `appOrigin`) on the popup's last page, in the app's light or dark mode. */
      app: v.optional(loginAppSchema),
    }),
    response: v.object({ uri: v.string() }),
  },
  /**
   * Completes the social login started by this device from the popup's result URI: single use,
   * checks `state`, PKCE and the id token's `nonce`, then starts a session like `verifyEmailOtp`.
   * A denied consent answers 400 `access_denied` with the provider's text and stores nothing.
   */
  completeSocialLogin: {
    method: 'POST',
    path: '/v1/embedded/social/complete',
    body: v.object({
      resultUri: v.pipe(v.string(), v.maxLength(8192)),
      deviceId: deviceIdSchema,
    }),
    response: v.object({ user: embeddedUserRecordSchema }),
  },
  /**
   * Starts a Sign In With Farcaster request on the configured auth relay: `url` is the QR code /
   * deep link; the channel token names it in `checkFarcasterLogin`. 404 when not configured.
   */
  startFarcasterLogin: {
    method: 'POST',
    path: '/v1/embedded/farcaster/start',
    body: v.object({ deviceId: deviceIdSchema, appOrigin: originSchema }),
    response: v.object({
      url: v.string(),
      channelToken: v.pipe(v.string(), v.maxLength(512)),
      expiresAt: v.string(),
    }),
  },
  /**
   * Polled by the frame (about every second): `pending` until the visitor approved in their
   * Farcaster client; then the server verifies the signed message against the Farcaster ID
   * registry (custody or auth address of the fid) and starts a session. 410 once expired.
   */
  checkFarcasterLogin: {
    method: 'POST',
    path: '/v1/embedded/farcaster/status',
    body: v.object({
      channelToken: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
      deviceId: deviceIdSchema,
    }),
    response: v.object({
      status: v.picklist(['pending', 'completed']),
      user: v.optional(embeddedUserRecordSchema),
    }),
  },
  getSession: {
    method: 'GET',
    path: '/v1/embedded/session',
    response: v.object({ user: v.nullable(embeddedUserRecordSchema) }),
  },
  /**
   * The signed-in user's wallet: its addresses and the auth share of every share set. The frame
   * uses the set whose deviceId is its own; a new device uses any set plus the recovery share.
   * 401 without a session.
   */
  getAuthShares: {
    method: 'GET',
    path: '/v1/embedded/shares/auth',
    response: v.object({
      wallet: v.nullable(
        v.object({
          addresses: walletAddressesSchema,
          /** The server runs in operator-recovery mode (the operator can recover this wallet). */
          operatorRecovery: v.boolean(),
          recoveryMethods: v.array(recoveryMethodSchema),
          shareSets: v.array(authShareSetSchema),
        }),
      ),
    }),
  },
  /**
   * Stores a new share set. The first one creates the wallet; later ones (new devices) must carry
   * the same addresses, else 409. `operatorSealedRecoveryShare` (the recovery share sealed to the
   * operator's recovery public key) is required in operator-recovery mode and refused (400
   * `operator_recovery_off`) otherwise, so nothing the operator can open is ever stored by default.
   */
  putAuthShares: {
    method: 'POST',
    path: '/v1/embedded/shares/auth',
    body: v.object({
      shareSetId: v.pipe(v.string(), v.minLength(8), v.maxLength(128)),
      deviceId: deviceIdSchema,
      authShare: hexSchema,
      encryptedRecoveryShare: encryptedBlobSchema,
      operatorSealedRecoveryShare: v.optional(sealedBoxSchema),
      addresses: walletAddressesSchema,
      /**
       * EIP-191 signature by the wallet's eip155 key over `shareSetMessage(…)`: only a holder of
       * the key adds a share set (400 `invalid_signature` otherwise).
       */
      signature: hexSchema,
    }),
    response: v.object({ ok: v.literal(true) }),
  },
  /**
   * Adds a recovery method: the wallet's recovery key wrapped by a password or a passkey's PRF
   * output (in the frame). Only a session whose device holds a share set of the wallet may add one
   * (403 `device_not_verified`); at most 10 methods per wallet (409 `too_many_methods`).
   */
  addRecoveryMethod: {
    method: 'POST',
    path: '/v1/embedded/recovery-methods',
    body: v.object({
      kind: recoveryMethodKindSchema,
      wrappedKey: wrappedKeySchema,
      credentialId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(1024))),
    }),
    response: v.object({ method: recoveryMethodSchema }),
  },
  /**
   * Passkey login, step 0: options for making a passkey the session's user can log in with
   * (challenge single use, 5 minutes; relying party = the frame's hostname). Same rule as
   * `addRecoveryMethod`: the session's device holds a share set.
   */
  passkeyRegisterOptions: {
    method: 'POST',
    path: '/v1/embedded/passkeys/register/options',
    body: v.object({}),
    response: v.object({
      options: v.object({
        ...passkeyOptionsSchema.entries,
        /** The passkey's user handle (base64url, random, not the account id). */
        userId: base64urlSchema,
      }),
    }),
  },
  /**
   * Checks the new passkey's attestation (challenge, origin, RP ID, user verification) and keeps
   * its public key and counter, so the passkey can log in (`passkeyLoginVerify`).
   */
  passkeyRegisterVerify: {
    method: 'POST',
    path: '/v1/embedded/passkeys/register/verify',
    body: v.object({ response: passkeyRegistrationSchema }),
    response: v.object({ credentialId: v.string() }),
  },
  /** No session: a challenge for a discoverable-credential assertion (single use, 5 minutes). */
  passkeyLoginOptions: {
    method: 'POST',
    path: '/v1/embedded/passkeys/login/options',
    body: v.object({}),
    response: v.object({ options: passkeyOptionsSchema }),
  },
  /**
   * Checks the assertion against a passkey registered in this project (signature, challenge,
   * origin, RP ID, counter) and starts a session, like `verifyEmailOtp`.
   */
  passkeyLoginVerify: {
    method: 'POST',
    path: '/v1/embedded/passkeys/login/verify',
    body: v.object({ deviceId: deviceIdSchema, response: passkeyAssertionSchema }),
    response: v.object({ user: embeddedUserRecordSchema }),
  },
  /**
   * Operator-recovery mode only (403 `operator_recovery_off` otherwise): for a new device whose
   * approval link was followed in this session, the holder of the recovery private key opens the
   * operator-sealed recovery share and seals it again to the frame's one-time X25519 key.
   * 403 `device_not_verified` when the session's device is not verified.
   */
  releaseRecoveryShare: {
    method: 'POST',
    path: '/v1/embedded/shares/recovery',
    body: v.object({ shareSetId: v.string(), framePublicKey: hexSchema }),
    response: v.object({ sealedShare: sealedBoxSchema }),
  },
  /**
   * A new device asks the visitor's other devices for the recovery key (approval from an existing
   * device). The server only relays: it stores the new device's public key and, once approved, the
   * key sealed to it. One pending request per device; expires after 10 minutes.
   */
  createDeviceRequest: {
    method: 'POST',
    path: '/v1/embedded/device-requests',
    body: v.object({ publicKey: hexSchema }),
    response: v.object({ request: deviceRequestSchema }),
  },
  /** Pending requests of the session's wallet from other devices (what an existing device approves). */
  listDeviceRequests: {
    method: 'GET',
    path: '/v1/embedded/device-requests',
    response: v.object({ requests: v.array(deviceRequestSchema) }),
  },
  /**
   * An existing device approves: `sealedKey` is the recovery key sealed to the request's public
   * key. Only a session whose device holds a share set of the wallet (403), once (409).
   */
  approveDeviceRequest: {
    method: 'POST',
    path: '/v1/embedded/device-requests/approve',
    body: v.object({ requestId: requestIdSchema, sealedKey: sealedBoxSchema }),
    response: v.object({ ok: v.literal(true) }),
  },
  /** Polled by the new device (its own requests only, 404 otherwise). */
  getDeviceRequest: {
    method: 'POST',
    path: '/v1/embedded/device-requests/status',
    body: v.object({ requestId: requestIdSchema }),
    response: v.object({
      status: v.picklist(['pending', 'approved', 'expired']),
      sealedKey: v.optional(sealedBoxSchema),
    }),
  },
  /** UpdateEmailWallet step 1: sends a code to the current email. */
  startEmailUpdate: {
    method: 'POST',
    path: '/v1/embedded/email/update',
    body: v.object({ newEmail: emailSchema }),
    response: v.object({ action: v.literal('VERIFY_PRIMARY_OTP') }),
  },
  /** Step 2: the current email's code; the server then sends a code to the new email. */
  verifyEmailUpdatePrimary: {
    method: 'POST',
    path: '/v1/embedded/email/update/primary',
    body: v.object({ otp: otpSchema }),
    response: v.object({ action: v.literal('VERIFY_SECONDARY_OTP') }),
  },
  /** Step 3: the new email's code; the email is stored and the last-login time cleared. */
  verifyEmailUpdateSecondary: {
    method: 'POST',
    path: '/v1/embedded/email/update/secondary',
    body: v.object({ otp: otpSchema }),
    response: v.object({ email: v.string() }),
  },
  /** Revokes the session (and its refresh token) and clears the cookie. */
  signOut: {
    method: 'POST',
    path: '/v1/embedded/signout',
    body: v.object({}),
    response: v.object({ ok: v.literal(true) }),
  },
} as const

export type AuthApiRouteName = keyof typeof authApiRoutes
type Route<name extends AuthApiRouteName> = (typeof authApiRoutes)[name]
export type AuthApiBody<name extends AuthApiRouteName> =
  Route<name> extends {
    body: infer body extends v.GenericSchema
  }
    ? v.InferOutput<body>
    : undefined
export type AuthApiResponse<name extends AuthApiRouteName> = v.InferOutput<Route<name>['response']>
