import { type ApprovalContext, describeApproval, requestApproval } from '../approval/index.ts'
import { MIN_RECOVERY_PASSWORD_LENGTH } from '../custody/recoveryKey.ts'
import { BaseError } from '../errors.ts'
import type { Overlay, OverlayCard } from '../ui/createOverlay.ts'
import type { FramePrompts } from './prompts.ts'

export type CreateOverlayPromptsParameters = {
  overlay: Overlay
  document: Document
  approvalContext: ApprovalContext
}

const messageOf = (error: unknown) =>
  error instanceof BaseError
    ? error.shortMessage
    : error instanceof Error
      ? error.message
      : 'Something went wrong'

/**
 * The frame's prompts on its own overlay: approvals (decoded, with simulated balance changes),
 * recovery password, new-device approval with a code both devices show, and key export. Every
 * decision is a guarded button: a trusted click while the frame is fully visible.
 */
export function createOverlayPrompts(parameters: CreateOverlayPromptsParameters): FramePrompts {
  const { overlay, document } = parameters
  let fieldCount = 0

  const paragraph = (card: OverlayCard<unknown>, text: string, className = 'foyer-frame-text') => {
    const element = document.createElement('p')
    element.className = className
    element.textContent = text
    card.body.append(element)
    return element
  }

  /** A labelled control in the card's body. */
  const field = <control extends HTMLInputElement | HTMLTextAreaElement>(
    card: OverlayCard<unknown>,
    label: string,
    control: control,
  ): control => {
    const wrapper = document.createElement('div')
    wrapper.className = 'foyer-frame-field'
    const labelElement = document.createElement('label')
    control.id = `foyer-frame-field-${++fieldCount}`
    labelElement.htmlFor = control.id
    labelElement.textContent = label
    control.spellcheck = false
    wrapper.append(labelElement, control)
    card.body.append(wrapper)
    return control
  }

  const passwordField = (
    card: OverlayCard<unknown>,
    label: string,
    autocomplete: 'new-password' | 'current-password',
  ) => {
    const input = document.createElement('input')
    input.type = 'password'
    input.autocomplete = autocomplete
    input.required = true
    return field(card, label, input)
  }

  const actions = (card: OverlayCard<unknown>, ...buttons: HTMLButtonElement[]) => {
    const row = document.createElement('div')
    row.className = 'foyer-frame-actions'
    row.append(...buttons)
    card.body.append(row)
  }

  /** Runs `work` with the buttons of the card disabled, showing its error in the card. */
  const busy = async (card: OverlayCard<unknown>, work: () => Promise<void>) => {
    const buttons = [...card.body.querySelectorAll('button')]
    for (const button of buttons) button.disabled = true
    card.setError(undefined)
    try {
      await work()
    } catch (error) {
      card.setError(messageOf(error))
    } finally {
      for (const button of buttons) if (button.isConnected) button.disabled = false
    }
  }

  return {
    async approve(request) {
      const summary = await describeApproval(request, parameters.approvalContext)
      return requestApproval(overlay, summary)
    },

    async setupRecovery(options) {
      await overlay.open<boolean>((card) => {
        card.setTitle('Protect your wallet')
        const addPasskey = options.addPasskey
        paragraph(
          card,
          addPasskey
            ? options.hasPassword || options.hasPasskey
              ? 'Your wallet has a recovery method. You can add another passkey or recovery password: any of them recovers the wallet on a new device.'
              : 'Use a passkey or set a recovery password. With it and your login you can recover your wallet on a new device. Nobody else has it: not this app, not its server.'
            : options.hasPassword
              ? 'Your wallet has a recovery password. You can add another one: any of them recovers the wallet on a new device.'
              : 'Set a recovery password. With it and your login you can recover your wallet on a new device. Nobody else has it: not this app, not its server.',
        )
        if (options.operatorRecovery)
          paragraph(
            card,
            "This app's operator can also recover your wallet (operator recovery is on).",
            'foyer-frame-notice',
          )
        if (addPasskey) {
          // First: one tap, and the passkey syncs to the visitor's other devices. The click is
          // also the user activation WebAuthn needs in the frame.
          const passkey = card.guardedButton(
            'Use a passkey',
            () =>
              void busy(card as OverlayCard<unknown>, async () => {
                await addPasskey()
                card.close(true)
              }),
            { variant: 'primary' },
          )
          passkey.setAttribute('data-foyer-passkey', '')
          actions(card as OverlayCard<unknown>, passkey)
          paragraph(
            card,
            'One tap with your fingerprint, face or screen lock, and most passkeys sync across your devices. Or set a recovery password:',
            'foyer-frame-muted',
          )
        }
        const password = passwordField(
          card as OverlayCard<unknown>,
          `Recovery password (at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters)`,
          'new-password',
        )
        const repeat = passwordField(
          card as OverlayCard<unknown>,
          'Repeat the recovery password',
          'new-password',
        )
        const save = card.guardedButton(
          'Save recovery password',
          () =>
            void busy(card as OverlayCard<unknown>, async () => {
              if (password.value !== repeat.value) throw new Error('The passwords do not match')
              if (password.value.length < MIN_RECOVERY_PASSWORD_LENGTH)
                throw new Error(
                  `Use at least ${MIN_RECOVERY_PASSWORD_LENGTH} characters for your recovery password`,
                )
              await options.addPassword(password.value)
              password.value = ''
              repeat.value = ''
              card.close(true)
            }),
          { variant: 'primary' },
        )
        actions(
          card as OverlayCard<unknown>,
          save,
          card.button('Not now', () => card.cancel()),
        )
      })
    },

    async unlock(options) {
      const recovered = await overlay.open<boolean>((card) => {
        card.setTitle('Recover your wallet')
        paragraph(
          card,
          'This device does not hold your wallet yet. Recover it here with a factor only you have.',
        )
        const buttons: HTMLButtonElement[] = []
        if (options.hasPasskey) {
          // First: one tap with the passkey that protects the wallet. The click is also the user
          // activation WebAuthn needs in the frame.
          const passkey = card.guardedButton(
            'Recover with passkey',
            () =>
              void busy(card as OverlayCard<unknown>, async () => {
                await options.recoverWithPasskey()
                card.close(true)
              }),
            { variant: 'primary' },
          )
          passkey.setAttribute('data-foyer-passkey', '')
          actions(card as OverlayCard<unknown>, passkey)
        }
        if (options.hasPassword) {
          const password = passwordField(
            card as OverlayCard<unknown>,
            'Recovery password',
            'current-password',
          )
          buttons.push(
            card.guardedButton(
              'Recover with password',
              () =>
                void busy(card as OverlayCard<unknown>, async () => {
                  await options.recoverWithPassword(password.value)
                  password.value = ''
                  card.close(true)
                }),
              { variant: 'primary' },
            ),
          )
        }
        if (options.hasOtherDevices)
          buttons.push(
            card.button('Approve from another device', () => {
              void busy(card as OverlayCard<unknown>, async () => {
                const transfer = await options.requestFromOtherDevice()
                card.body.replaceChildren()
                paragraph(
                  card,
                  'Open your wallet on a device that already has it. It will ask you to approve this device: approve only if it shows this code.',
                )
                const code = paragraph(card, transfer.code, 'foyer-frame-code')
                code.setAttribute('data-foyer-device-code', '')
                const status = paragraph(card, 'Waiting for approval…', 'foyer-frame-muted')
                status.setAttribute('role', 'status')
                actions(
                  card as OverlayCard<unknown>,
                  card.button('Cancel', () => {
                    transfer.cancel()
                    card.close(false)
                  }),
                )
                transfer.completed.then(
                  () => card.close(true),
                  (error: unknown) => card.setError(messageOf(error)),
                )
              })
            }),
          )
        if (options.passkeyUnavailable)
          paragraph(
            card,
            'Your wallet is protected by a passkey, which this browser cannot use here. Use a browser with passkeys, or approve this device from another one.',
            'foyer-frame-notice',
          )
        else if (!options.hasPassword && !options.hasPasskey && !options.hasOtherDevices)
          paragraph(
            card,
            options.operatorRecovery
              ? 'Log in again with the approval link we email you, and this app can recover your wallet for you.'
              : 'Your wallet has no recovery method and no other device holds it: it cannot be recovered here.',
            'foyer-frame-notice',
          )
        buttons.push(card.button('Not now', () => card.close(false)))
        actions(card as OverlayCard<unknown>, ...buttons)
      })
      return recovered === true
    },

    async approveDevice(options) {
      const approved = await overlay.open<boolean>((card) => {
        card.setTitle('Add a new device?')
        paragraph(
          card,
          'A new device asks for your wallet. Approve only if you just asked for it on your other device and it shows this code:',
        )
        paragraph(card, options.code, 'foyer-frame-code')
        paragraph(
          card,
          `Asked at ${new Date(options.createdAt).toLocaleString()}. If you did not ask, reject: someone else may be trying to log in.`,
          'foyer-frame-muted',
        )
        actions(
          card as OverlayCard<unknown>,
          card.guardedButton('Approve device', () => card.close(true), { variant: 'primary' }),
          card.button('Reject', () => card.close(false)),
        )
      })
      return approved === true
    },

    async approveLogin(approval, { signal }) {
      const answer = await overlay.open<boolean>((card) => {
        // Answered on the emailed page (or expired) meanwhile: nothing left to ask.
        if (signal.aborted) return card.cancel()
        signal.addEventListener('abort', () => card.cancel(), { once: true })
        card.setTitle('Log in on another device?')
        paragraph(
          card,
          'A right login code for your wallet was entered on a device it has not used before:',
        )
        paragraph(card, `${approval.browser} on ${approval.os}`, 'foyer-frame-code')
        paragraph(
          card,
          `${approval.place ? `Near ${approval.place} (approximate), at` : 'At'} ${new Date(approval.createdAt).toLocaleString()}. Approve only if this was you, just now.`,
          'foyer-frame-muted',
        )
        actions(
          card as OverlayCard<unknown>,
          card.guardedButton('Approve', () => card.close(true), { variant: 'primary' }),
          card.button("This wasn't me", () => card.close(false)),
        )
      })
      return answer
    },

    async exportKey(options) {
      await overlay.open<boolean>((card) => {
        card.setTitle('Export your key')
        paragraph(
          card,
          'Anyone with this key controls your wallet and its funds, on any device, for good. Never share it, never paste it into a website. Foyer will never ask for it.',
          'foyer-frame-notice',
        )
        const showKeys = async () => {
          const keys = await options.reveal()
          card.body.replaceChildren()
          const output = (label: string, value: string, name: string) => {
            const text = field(
              card as OverlayCard<unknown>,
              label,
              document.createElement('textarea'),
            )
            text.readOnly = true
            text.rows = 3
            text.value = value
            text.setAttribute(`data-foyer-export-${name}`, '')
          }
          output('Ethereum private key (hex)', keys.eip155PrivateKey, 'eip155')
          output('Solana secret key (base58)', keys.solanaSecretKey, 'solana')
          actions(
            card as OverlayCard<unknown>,
            card.button('Done', () => card.close(true), { variant: 'primary' }),
          )
        }
        const buttons: HTMLButtonElement[] = []
        const { verifyPasskey, verifyPassword } = options
        // Re-authentication first: the passkey (one tap) where the wallet has one.
        if (verifyPasskey)
          buttons.push(
            card.guardedButton(
              'Confirm with passkey',
              () =>
                void busy(card as OverlayCard<unknown>, async () => {
                  await verifyPasskey()
                  await showKeys()
                }),
              { variant: 'danger' },
            ),
          )
        if (verifyPassword) {
          const password = passwordField(
            card as OverlayCard<unknown>,
            'Recovery password',
            'current-password',
          )
          buttons.push(
            card.guardedButton(
              'Show my key',
              () =>
                void busy(card as OverlayCard<unknown>, async () => {
                  await verifyPassword(password.value)
                  password.value = ''
                  await showKeys()
                }),
              { variant: 'danger' },
            ),
          )
        }
        actions(
          card as OverlayCard<unknown>,
          ...buttons,
          card.button('Cancel', () => card.cancel()),
        )
      })
    },
  }
}
