import * as v from 'valibot'
import {
  deviceIdSchema,
  emailSchema,
  hexSchema,
  otpSchema,
  sealedBoxSchema,
  walletAddressesSchema,
} from './common.ts'

/**
 * The HTTP contract between the frame page and the Foyer server's embedded-wallet routes.
 * The frame is served from the server's origin, so these are same-origin requests carrying the
 * session cookie (httpOnly, SameSite=Strict, Secure on https). Every request also carries
 * `?projectId=` like the other API calls (SPEC §7). Errors are `authApiErrorSchema` with a 4xx/5xx
 * status; 401 means no or an expired session.
 */

export const embeddedUserRecordSchema = v.object({ userId: v.string(), email: v.string() })

export const authApiErrorSchema = v.object({
  /** Stable code: rate_limited, invalid_otp, otp_expired, device_not_verified, unauthorized, … */
  error: v.string(),
  /** Text for the user, e.g. 'Please try again after 12 seconds' (SPEC §5). */
  message: v.string(),
  retryAfterSeconds: v.optional(v.number()),
})

/** One 2-of-3 split of the wallet entropy, made on one device. */
export const authShareSetSchema = v.object({
  shareSetId: v.string(),
  deviceId: deviceIdSchema,
  /** Shamir share (hex). Stored encrypted at rest by the server. */
  authShare: hexSchema,
  createdAt: v.string(),
})

export const authApiRoutes = {
  /**
   * Starts email login. Rate limit: once per 30 s per email ('Please try again after {n} seconds',
   * 429). A device the account never used gets an approval link by email (VERIFY_DEVICE);
   * a known device gets a 6-digit code (VERIFY_OTP). New accounts get VERIFY_OTP.
   */
  startEmailLogin: {
    method: 'POST',
    path: '/v1/embedded/email/start',
    body: v.object({ email: emailSchema, deviceId: deviceIdSchema, projectId: v.string() }),
    response: v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  },
  /**
   * Polled by the frame while the user follows the approval link. Once approved the server sends
   * the one-time code and answers `approved: true`.
   */
  checkDeviceApproval: {
    method: 'POST',
    path: '/v1/embedded/email/device',
    body: v.object({ email: emailSchema, deviceId: deviceIdSchema }),
    response: v.object({ approved: v.boolean() }),
  },
  /**
   * Checks the code (valid 10 min, 5 attempts, single use, hashed, constant-time compare) and on
   * success sets the session cookie (signed with `jose`, rotated on refresh).
   */
  verifyEmailOtp: {
    method: 'POST',
    path: '/v1/embedded/email/verify',
    body: v.object({ email: emailSchema, otp: otpSchema, deviceId: deviceIdSchema }),
    response: v.object({ user: embeddedUserRecordSchema }),
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
        v.object({ addresses: walletAddressesSchema, shareSets: v.array(authShareSetSchema) }),
      ),
    }),
  },
  /**
   * Stores a new share set. The first one creates the wallet; later ones (new devices) must carry
   * the same addresses, else 409. `sealedRecoveryShare` is sealed to the recovery public key.
   */
  putAuthShares: {
    method: 'POST',
    path: '/v1/embedded/shares/auth',
    body: v.object({
      shareSetId: v.string(),
      deviceId: deviceIdSchema,
      authShare: hexSchema,
      sealedRecoveryShare: sealedBoxSchema,
      addresses: walletAddressesSchema,
    }),
    response: v.object({ ok: v.literal(true) }),
  },
  /**
   * For a new device whose approval link was followed in this session: the holder of the recovery
   * private key opens the sealed recovery share and seals it again to the frame's one-time X25519
   * key. 403 when the session's device is not verified.
   */
  releaseRecoveryShare: {
    method: 'POST',
    path: '/v1/embedded/shares/recovery',
    body: v.object({ shareSetId: v.string(), framePublicKey: hexSchema }),
    response: v.object({ sealedShare: sealedBoxSchema }),
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
