import type { ApprovalRequest } from '../approval/index.ts'
import type { LoginApproval } from '../protocol/auth-api.ts'
import type { DeviceTransfer, ExportedKeys } from './recoveryFactors.ts'

/**
 * What the frame asks the visitor, inside its own origin. The browser frame answers with its
 * overlay (`createOverlayPrompts`); tests script the answers. The frame does the cryptography:
 * prompts only collect the visitor's decisions and inputs.
 */
export type FramePrompts = {
  /** Shows what the app asks to sign; true only when the visitor approved in the frame. */
  approve: (request: ApprovalRequest) => Promise<boolean>
  /** The visitor adds recovery methods (a recovery password here; passkeys where supported). */
  setupRecovery: (options: SetupRecoveryOptions) => Promise<void>
  /** A device without a share: the visitor recovers the wallet here, or not now (false). */
  unlock: (options: UnlockOptions) => Promise<boolean>
  /** An existing device: another device asks for the wallet; true when the visitor approved. */
  approveDevice: (options: { code: string; createdAt: string }) => Promise<boolean>
  /**
   * A signed-in device: another device entered a right code and waits for approval to log in.
   * True approves, false is "This wasn't me" (that device is blocked), undefined leaves it to the
   * emailed page. `signal` aborts when it was answered elsewhere or expired: the question goes
   * away (resolving undefined). Absent: not asked here.
   */
  approveLogin?:
    | ((approval: LoginApproval, options: { signal: AbortSignal }) => Promise<boolean | undefined>)
    | undefined
  /** Key export: re-authentication, a warning, then the keys, shown in the frame only. */
  exportKey: (options: ExportKeyOptions) => Promise<void>
}

export type SetupRecoveryOptions = {
  /** The operator can also recover the wallet: the frame says so. */
  operatorRecovery: boolean
  hasPassword: boolean
  /** Throws with a message to show (too short, server error). */
  addPassword: (password: string) => Promise<void>
  /** The wallet has a passkey recovery method already. */
  hasPasskey?: boolean
  /**
   * Present where passkeys work in the frame: makes a passkey (WebAuthn `create` needs the
   * visitor's click in the frame, so call it from a click handler) and stores it as a method.
   * Throws with a message to show (cancelled, no PRF support, server error).
   */
  addPasskey?: (() => Promise<void>) | undefined
}

export type UnlockOptions = {
  hasPassword: boolean
  /** The wallet has a passkey method and passkeys work in the frame. */
  hasPasskey: boolean
  /** The wallet has a passkey, but this browser (or this frame's address) cannot use passkeys. */
  passkeyUnavailable?: boolean
  /** Other devices of the visitor hold the wallet and can approve this one. */
  hasOtherDevices: boolean
  operatorRecovery: boolean
  /** Throws `WrongRecoveryFactorError` for a wrong password. */
  recoverWithPassword: (password: string) => Promise<void>
  /**
   * Uses one of the wallet's passkeys (from a click handler: WebAuthn needs the visitor's click);
   * throws `WrongRecoveryFactorError` when the passkey opens nothing, a message when cancelled.
   */
  recoverWithPasskey: () => Promise<void>
  requestFromOtherDevice: () => Promise<DeviceTransfer>
}

export type ExportKeyOptions = {
  /** Re-authentication with the recovery password (when the wallet has one); throws `WrongRecoveryFactorError`. */
  verifyPassword: ((password: string) => Promise<void>) | undefined
  /** Re-authentication with one of the wallet's passkeys (when it has one and the browser can). */
  verifyPasskey: (() => Promise<void>) | undefined
  reveal: () => Promise<ExportedKeys>
}
