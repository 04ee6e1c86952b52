import * as v from 'valibot'
import {
  emailSchema,
  evmAddressSchema,
  loginProviderSchema,
  otpSchema,
  recoveryMethodKindSchema,
  socialProviderSchema,
  walletAddressesSchema,
} from './common.ts'

export { socialProviderSchema }

/**
 * App ↔ frame messages (SPEC §7). Every request is `{ type: '@foyer-app/NAME', id, payload }`;
 * the frame answers with the same `id` and `@foyer-frame/NAME_SUCCESS` or `@foyer-frame/NAME_ERROR`.
 * The frame also sends one unsolicited `@foyer-frame/READY` when it has loaded.
 */
export const APP_MESSAGE_PREFIX = '@foyer-app/'
export const FRAME_MESSAGE_PREFIX = '@foyer-frame/'
export const FRAME_READY_TYPE = '@foyer-frame/READY'
/**
 * Unsolicited: the frame needs the visitor (an approval, recovery, key export). The app shows the
 * iframe above everything, full size, until HIDE. Only a click inside the frame's origin acts.
 */
export const FRAME_SHOW_TYPE = '@foyer-frame/SHOW'
export const FRAME_HIDE_TYPE = '@foyer-frame/HIDE'

const empty = v.object({})

/**
 * Posted by the social login popup (a page of the frame's origin, after the provider's redirect)
 * to its opener, the app, at the app origin the login was started for: `{ type, resultUri }`. The
 * app hands `resultUri` to the frame with CONNECT_SOCIAL; nothing in it logs anyone in by itself.
 */
export const FRAME_SOCIAL_RESULT_TYPE = '@foyer-frame/SOCIAL_RESULT'
export const accountTypeSchema = v.picklist(['eoa', 'smartAccount'])
/** 'system': the frame follows the visitor's `prefers-color-scheme`, as the app's dialog does. */
export const themeModeSchema = v.picklist(['light', 'dark', 'system'])
const chainIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1))

/** Fields of an EIP-4361 message the app chooses; the frame fills address and chain id. */
export const siweMessageDataSchema = v.object({
  domain: v.string(),
  uri: v.string(),
  version: v.optional(v.literal('1'), '1'),
  nonce: v.pipe(v.string(), v.regex(/^[a-zA-Z0-9]{8,}$/)),
  statement: v.optional(v.string()),
  resources: v.optional(v.array(v.string())),
  requestId: v.optional(v.string()),
  issuedAt: v.optional(v.string()),
  expirationTime: v.optional(v.string()),
  notBefore: v.optional(v.string()),
})

export const embeddedUserSchema = v.object({
  userId: v.string(),
  email: v.optional(v.string()),
  address: evmAddressSchema,
  addresses: walletAddressesSchema,
  chainId: chainIdSchema,
  accounts: v.array(v.object({ address: v.string(), type: accountTypeSchema })),
  /** The provider's display name (social and Farcaster accounts). */
  userName: v.optional(v.string()),
  /** How the account logs in when not by email: google, …, farcaster. */
  socialProvider: v.optional(loginProviderSchema),
  preferredAccountType: accountTypeSchema,
  smartAccountDeployed: v.boolean(),
  /**
   * The visitor's smart account on `chainId` when that network has a bundler: a HybridDeleGator
   * owned by `address` (counterfactual, so known before its first operation).
   */
  smartAccount: v.optional(v.object({ address: evmAddressSchema, deployed: v.boolean() })),
  /**
   * How the wallet can be recovered: the visitor's methods, whether the operator can recover it,
   * and whether this device cannot sign yet (a new device that has not recovered the wallet).
   */
  recovery: v.optional(
    v.object({
      methods: v.array(recoveryMethodKindSchema),
      operatorRecovery: v.boolean(),
      locked: v.boolean(),
    }),
  ),
  /** The EIP-4361 message and its signature when GET_USER asked for one. */
  message: v.optional(v.string()),
  signature: v.optional(v.string()),
})

/** Request and success payload of each event; the error payload is always `frameErrorPayloadSchema`. */
export const frameEvents = {
  CONNECT_EMAIL: {
    request: v.object({ email: emailSchema }),
    response: v.object({ action: v.picklist(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  },
  /**
   * After CONNECT_OTP answered `VERIFY_DEVICE`: waits (polling the server) until the account's
   * owner approved this device (the emailed page or a signed-in device); logged in then.
   */
  CONNECT_DEVICE: { request: empty, response: empty },
  /**
   * Checks the emailed code: logged in, or `action: 'VERIFY_DEVICE'` when the account never used
   * this device (CONNECT_DEVICE waits for its approval).
   */
  CONNECT_OTP: {
    request: v.object({ otp: otpSchema }),
    response: v.object({ action: v.optional(v.literal('VERIFY_DEVICE')) }),
  },
  /**
   * Logs in with a passkey of the frame's origin (one WebAuthn assertion, discoverable, with PRF)
   * and, on a device without the wallet, recovers it with the same passkey.
   */
  CONNECT_PASSKEY: { request: empty, response: empty },
  GET_SOCIAL_REDIRECT_URI: {
    request: v.object({ provider: socialProviderSchema }),
    response: v.object({ uri: v.string() }),
  },
  /** `uri` is the resultUri the social popup received from the secure site origin. */
  CONNECT_SOCIAL: {
    request: v.object({ uri: v.string() }),
    response: v.object({ userName: v.optional(v.string()) }),
  },
  /** The Sign In With Farcaster request (QR code and deep link) and when it expires. */
  GET_FARCASTER_URI: {
    request: empty,
    response: v.object({ url: v.string(), expiresAt: v.string() }),
  },
  /**
   * Waits (up to about a minute) for the visitor's approval in their Farcaster client and logs in;
   * `pending: true` when it is still open after that wait (ask again until it expires).
   */
  CONNECT_FARCASTER: {
    request: empty,
    response: v.object({ userName: v.optional(v.string()), pending: v.optional(v.boolean()) }),
  },
  GET_USER: {
    request: v.object({
      chainId: v.optional(chainIdSchema),
      preferredAccountType: v.optional(accountTypeSchema),
      siweMessageData: v.optional(siweMessageDataSchema),
    }),
    response: embeddedUserSchema,
  },
  SWITCH_NETWORK: {
    request: v.object({ chainId: chainIdSchema }),
    response: v.object({ chainId: chainIdSchema }),
  },
  SIGN_OUT: { request: empty, response: empty },
  IS_CONNECTED: { request: empty, response: v.object({ isConnected: v.boolean() }) },
  GET_CHAIN_ID: { request: empty, response: v.object({ chainId: chainIdSchema }) },
  RPC_REQUEST: {
    request: v.object({
      method: v.pipe(v.string(), v.minLength(1)),
      params: v.optional(v.union([v.array(v.unknown()), v.record(v.string(), v.unknown())])),
      chainId: v.optional(chainIdSchema),
    }),
    response: v.object({ result: v.unknown() }),
  },
  UPDATE_EMAIL: {
    request: v.object({ email: emailSchema }),
    response: v.object({ action: v.literal('VERIFY_PRIMARY_OTP') }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    request: v.object({ otp: otpSchema }),
    response: v.object({ action: v.literal('VERIFY_SECONDARY_OTP') }),
  },
  UPDATE_EMAIL_SECONDARY_OTP: {
    request: v.object({ otp: otpSchema }),
    response: v.object({ email: v.string() }),
  },
  SYNC_THEME: {
    request: v.object({
      themeMode: themeModeSchema,
      themeVariables: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
    }),
    response: empty,
  },
  SYNC_DAPP_DATA: {
    request: v.object({
      projectId: v.string(),
      sdkVersion: v.string(),
      metadata: v.optional(
        v.object({
          name: v.string(),
          description: v.optional(v.string()),
          url: v.optional(v.string()),
          icons: v.optional(v.array(v.string())),
        }),
      ),
    }),
    response: empty,
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: empty,
    response: v.object({ smartAccountEnabledNetworks: v.array(chainIdSchema) }),
  },
  SET_PREFERRED_ACCOUNT: {
    request: v.object({ type: accountTypeSchema }),
    response: v.object({ type: accountTypeSchema, address: v.string() }),
  },
  RELOAD: { request: empty, response: empty },
  /** Shows the frame's own view to add a recovery method (passkey or password). */
  SETUP_RECOVERY: {
    request: empty,
    response: v.object({ methods: v.array(recoveryMethodKindSchema) }),
  },
  /** On a device that cannot sign yet: shows the frame's recovery view (passkey, password, other device). */
  UNLOCK_WALLET: { request: empty, response: empty },
  /** Shows the frame's key export view (after re-authentication, inside the frame only). */
  EXPORT_KEY: { request: empty, response: empty },
} as const

export type FrameEventName = keyof typeof frameEvents
export type FrameRequestPayload<name extends FrameEventName> = v.InferOutput<
  (typeof frameEvents)[name]['request']
>
export type FrameResponsePayload<name extends FrameEventName> = v.InferOutput<
  (typeof frameEvents)[name]['response']
>

export const messageIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(64))

export const frameErrorPayloadSchema = v.object({
  message: v.string(),
  /** EIP-1193 / JSON-RPC code when the error came from a wallet RPC call. */
  code: v.optional(v.number()),
})
export type FrameErrorPayload = v.InferOutput<typeof frameErrorPayloadSchema>

export type AppMessage = {
  [name in FrameEventName]: {
    type: `${typeof APP_MESSAGE_PREFIX}${name}`
    id: string
    payload: FrameRequestPayload<name>
  }
}[FrameEventName]

export type FrameReplyMessage = {
  [name in FrameEventName]:
    | {
        type: `${typeof FRAME_MESSAGE_PREFIX}${name}_SUCCESS`
        id: string
        payload: FrameResponsePayload<name>
      }
    | {
        type: `${typeof FRAME_MESSAGE_PREFIX}${name}_ERROR`
        id: string
        payload: FrameErrorPayload
      }
}[FrameEventName]

export type FrameReadyMessage = { type: typeof FRAME_READY_TYPE }

const envelopeSchema = v.object({ type: v.string(), id: messageIdSchema, payload: v.unknown() })
const names = new Set(Object.keys(frameEvents))
const isEventName = (name: string): name is FrameEventName => names.has(name)

export type ParsedAppMessage = { name: FrameEventName; message: AppMessage }

/** Validates a message the frame received; `null` for anything that is not a valid app request. */
export function parseAppMessage(data: unknown): ParsedAppMessage | null {
  const envelope = v.safeParse(envelopeSchema, data)
  if (!envelope.success || !envelope.output.type.startsWith(APP_MESSAGE_PREFIX)) return null
  const name = envelope.output.type.slice(APP_MESSAGE_PREFIX.length)
  if (!isEventName(name)) return null
  const payload = v.safeParse(frameEvents[name].request, envelope.output.payload ?? {})
  if (!payload.success) return null
  return {
    name,
    message: {
      type: envelope.output.type,
      id: envelope.output.id,
      payload: payload.output,
    } as AppMessage,
  }
}

export type ParsedFrameReply =
  | { kind: 'success'; name: FrameEventName; id: string; payload: unknown }
  | { kind: 'error'; name: FrameEventName; id: string; payload: FrameErrorPayload }

/** Validates a reply the app received; `null` for anything that is not a valid frame reply. */
export function parseFrameReply(data: unknown): ParsedFrameReply | null {
  const envelope = v.safeParse(envelopeSchema, data)
  if (!envelope.success || !envelope.output.type.startsWith(FRAME_MESSAGE_PREFIX)) return null
  const rest = envelope.output.type.slice(FRAME_MESSAGE_PREFIX.length)
  const match = /^(.+)_(SUCCESS|ERROR)$/.exec(rest)
  const name = match?.[1]
  if (!match || !name || !isEventName(name)) return null
  const { id } = envelope.output
  if (match[2] === 'ERROR') {
    const payload = v.safeParse(frameErrorPayloadSchema, envelope.output.payload)
    // An error reply without a usable payload still fails its request (no text: the client
    // says 'An error occurred') rather than leaving it to time out.
    return { kind: 'error', name, id, payload: payload.success ? payload.output : { message: '' } }
  }
  const payload = v.safeParse(frameEvents[name].response, envelope.output.payload)
  return payload.success ? { kind: 'success', name, id, payload: payload.output } : null
}

export function isFrameReadyMessage(data: unknown): data is FrameReadyMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === FRAME_READY_TYPE
  )
}

export function appMessageType<name extends FrameEventName>(name: name) {
  return `${APP_MESSAGE_PREFIX}${name}` as const
}
export function frameSuccessType<name extends FrameEventName>(name: name) {
  return `${FRAME_MESSAGE_PREFIX}${name}_SUCCESS` as const
}
export function frameErrorType<name extends FrameEventName>(name: name) {
  return `${FRAME_MESSAGE_PREFIX}${name}_ERROR` as const
}
