import type { ApprovalRequest } from '../approval/index.ts'
import type { FramePrompts } from '../frame/prompts.ts'
import type { ExportedKeys } from '../frame/recoveryFactors.ts'
import type { LoginApproval } from '../protocol/auth-api.ts'

export type ScriptedPrompts = {
  /** What the frame asked the visitor to approve, in order. */
  approvals: ApprovalRequest[]
  /** The visitor's next answers to approvals (default: approve). */
  decide: (...answers: boolean[]) => void
  /** The recovery password the visitor sets (setupRecovery) and types (unlock, export). */
  password: string | undefined
  /** How the visitor unlocks a new device: with the password, a passkey, another device, or not now. */
  unlockWith: 'password' | 'passkey' | 'device' | 'later'
  /** The visitor adds a passkey in setupRecovery (when the frame offers one). */
  usePasskey: boolean
  /** Whether the frame offered a passkey, per setupRecovery / unlock shown. */
  passkeyOffered: { setup: boolean[]; unlock: boolean[] }
  /** The codes shown by a device waiting for approval / asked to approve another. */
  shownCodes: string[]
  askedCodes: string[]
  approveDevices: boolean
  /** Devices waiting to log in that this signed-in device was asked about. */
  askedLogins: LoginApproval[]
  /** The answer to them: approve, "This wasn't me" (false), or dismiss (undefined). */
  approveLogins: boolean | undefined
  exported: ExportedKeys[]
  /** How many times the frame was shown to / hidden from the visitor. */
  shown: number
  hidden: number
  createPrompts: (frame: { show: () => void; hide: () => void }) => FramePrompts
}

/** The visitor of the frame's prompts, scripted for tests of the custody and approval logic. */
export function createScriptedPrompts(): ScriptedPrompts {
  const answers: boolean[] = []
  const script: ScriptedPrompts = {
    approvals: [],
    decide: (...next) => {
      answers.push(...next)
    },
    password: undefined,
    unlockWith: 'later',
    usePasskey: false,
    passkeyOffered: { setup: [], unlock: [] },
    shownCodes: [],
    askedCodes: [],
    approveDevices: true,
    askedLogins: [],
    approveLogins: undefined,
    exported: [],
    shown: 0,
    hidden: 0,
    createPrompts: (frame) => {
      const visible = async <value>(fn: () => Promise<value>): Promise<value> => {
        frame.show()
        script.shown++
        try {
          return await fn()
        } finally {
          frame.hide()
          script.hidden++
        }
      }
      return {
        approve: (request) =>
          visible(async () => {
            script.approvals.push(request)
            return answers.shift() ?? true
          }),
        setupRecovery: (options) =>
          visible(async () => {
            script.passkeyOffered.setup.push(options.addPasskey !== undefined)
            if (script.usePasskey && options.addPasskey) await options.addPasskey()
            else if (script.password !== undefined) await options.addPassword(script.password)
          }),
        unlock: (options) =>
          visible(async () => {
            script.passkeyOffered.unlock.push(options.hasPasskey)
            if (script.unlockWith === 'passkey' && options.hasPasskey) {
              await options.recoverWithPasskey()
              return true
            }
            if (script.unlockWith === 'password' && script.password !== undefined) {
              await options.recoverWithPassword(script.password)
              return true
            }
            if (script.unlockWith === 'device') {
              const transfer = await options.requestFromOtherDevice()
              script.shownCodes.push(transfer.code)
              await transfer.completed
              return true
            }
            return false
          }),
        approveDevice: (options) =>
          visible(async () => {
            script.askedCodes.push(options.code)
            return script.approveDevices
          }),
        approveLogin: (approval, { signal }) =>
          visible(async () => {
            script.askedLogins.push(approval)
            return signal.aborted ? undefined : script.approveLogins
          }),
        exportKey: (options) =>
          visible(async () => {
            if (script.usePasskey && options.verifyPasskey) await options.verifyPasskey()
            else if (options.verifyPassword) await options.verifyPassword(script.password ?? '')
            else throw new Error('No way to re-authenticate was offered')
            script.exported.push(await options.reveal())
          }),
      }
    },
  }
  return script
}
