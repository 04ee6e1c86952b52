// @vitest-environment happy-dom
import {
  connectEmail,
  getEmbeddedConnector,
  navigate,
  open,
  restoreDisconnectedConnections,
  verifyOtp,
} from '@foyer/core'
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest'
// The embedded wallet's own test world: the real frame host and client over the postMessage model.
import { createEmbeddedTestWorld } from '../../../../frame/src/connector/createEmbeddedTestWorld.ts'
import { createFakeAuthenticator } from '../../../../frame/src/test-utils/createFakeAuthenticator.ts'
import { FoyerProvider } from '../../FoyerProvider.tsx'
import { createTestSetup, findDialog } from '../../testUtils.tsx'

afterEach(() => {
  cleanup()
  document.body.innerHTML = ''
})

function describedBy(input: HTMLElement): string {
  const root = input.getRootNode() as ShadowRoot
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.getElementById(id)?.textContent ?? '')
    .join(' ')
}

async function openConnect(world = createEmbeddedTestWorld(), profile = world.createProfile()) {
  const page = world.openPage(profile)
  render(<FoyerProvider foyer={page.foyer} />)
  act(() => open(page.foyer))
  const dialog = await findDialog()
  return { world, page, ...dialog }
}

/**
 * The frame shows itself (SHOW) during a passkey ceremony or a new device's recovery view: the
 * client then watches its fake iframe with a MutationObserver, which happy-dom's accepts for its
 * own nodes only.
 */
function tolerateFakeIframes() {
  const HappyObserver = globalThis.MutationObserver
  vi.stubGlobal(
    'MutationObserver',
    class extends HappyObserver {
      override observe(target: Node, options?: MutationObserverInit) {
        if (target instanceof Node) super.observe(target, options)
      }
      override disconnect() {
        try {
          super.disconnect()
        } catch {
          // A fake iframe was observed: nothing to undo.
        }
      }
    },
  )
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
}

describe('email login views', () => {
  test('Connect shows the email input first and explains an invalid email', async () => {
    const { within, page } = await openConnect()
    const input = await within.findByRole('textbox', { name: 'Email address' })
    // Email section comes before the wallet section (connectMethodsOrder: email, social, wallet).
    const headings = within.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(headings).toEqual(['Email', 'Wallets'])
    // No passkeys in this frame (`embeddedWalletAdapter({ passkeys })` unset): no passkey button.
    expect(within.queryByRole('button', { name: 'Continue with a passkey' })).toBeNull()

    fireEvent.change(input, { target: { value: 'ada@' } })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    expect(await within.findByText('Enter a valid email address')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(input)).toBe('Enter a valid email address')
    // Nothing was sent: the embedded wallet's frame was not even loaded.
    expect(page.appWindow.frames).toHaveLength(0)
  })

  test('has no email section without an embedded wallet connector', async () => {
    const { foyer } = createTestSetup()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer))
    const { within } = await findDialog()
    await within.findByRole('button', { name: /Foyer Test Wallet/ })
    expect(within.queryByRole('textbox', { name: 'Email address' })).toBeNull()
  })

  test('email, then the emailed code, connects the embedded wallet', async () => {
    const { world, page, within, dialog } = await openConnect()
    fireEvent.change(await within.findByRole('textbox', { name: 'Email address' }), {
      target: { value: 'ada@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('EmailVerifyOtp'))
    expect(within.getByRole('heading', { name: 'Confirm Email' })).toBeTruthy()
    const code = await within.findByRole('textbox', { name: 'Verification code' })
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(describedBy(code)).toBe('Enter the 6-digit code we emailed to ada@example.com.')

    // A wrong code, pasted with a space, goes on its own: the server's message, tied to the input.
    const right = world.lastCode('ada@example.com')
    const wrong = right === '000000' ? '111111' : '000000'
    fireEvent.paste(code, {
      clipboardData: { getData: () => `${wrong.slice(0, 3)} ${wrong.slice(3)}` },
    })
    expect(await within.findByText('Invalid code')).toBeTruthy()
    expect(describedBy(code)).toContain('Invalid code')

    // The right one, typed digit by digit, is sent on its sixth: nobody clicks Verify.
    for (let length = 1; length <= 6; length++)
      fireEvent.change(code, { target: { value: right.slice(0, length) } })
    await waitFor(() => expect(page.foyer.getState().status).toBe('connected'))
    expect(page.foyer.getState().account.address).toBe(
      [...world.server.database.values()][0]!.addresses.eip155,
    )
    await waitFor(() => expect(page.foyer.getState().dialog.open).toBe(false))
  })

  test('a disconnected email login (multiWallet) signs in again from ProfileWallets with its email filled in', async () => {
    const world = createEmbeddedTestWorld()
    const profile = world.createProfile()
    const app = { features: { multiWallet: true } }
    const page = world.openPage(profile, { app })
    render(<FoyerProvider foyer={page.foyer} />)
    act(() => open(page.foyer))
    const first = await findDialog()
    fireEvent.change(await first.within.findByRole('textbox', { name: 'Email address' }), {
      target: { value: 'grace@example.com' },
    })
    fireEvent.click(first.within.getByRole('button', { name: 'Continue' }))
    const code = await first.within.findByRole('textbox', { name: 'Verification code' })
    fireEvent.change(code, { target: { value: world.lastCode('grace@example.com') } })
    await waitFor(() => expect(page.foyer.getState().status).toBe('connected'))

    act(() => open(page.foyer, { view: 'ProfileWallets' }))
    const list = await findDialog()
    fireEvent.click(await list.within.findByRole('button', { name: /^Disconnect / }))
    await waitFor(() => expect(page.foyer.getState().status).toBe('disconnected'))
    // Remembered across a reload, with the email it signed in with (read after the page loads,
    // by the connection code or the dialog).
    const reloaded = world.openPage(profile, { app }).foyer
    restoreDisconnectedConnections(reloaded)
    expect(reloaded.getState().connections.eip155).toEqual([
      expect.objectContaining({
        status: 'disconnected',
        authName: 'email',
        email: 'grace@example.com',
      }),
    ])

    act(() => open(page.foyer, { view: 'ProfileWallets' }))
    const again = await findDialog()
    fireEvent.click(await again.within.findByRole('button', { name: /Disconnected$/ }))
    await waitFor(() => expect(again.dialog.getAttribute('data-view')).toBe('EmailLogin'))
    const input = (await again.within.findByRole('textbox', {
      name: 'Email address',
    })) as HTMLInputElement
    expect(input.value).toBe('grace@example.com')
  })

  test('"Continue with a passkey" logs in and unlocks a new device with one passkey', async () => {
    tolerateFakeIframes()
    const world = createEmbeddedTestWorld()
    const phone = createFakeAuthenticator()
    // The account and its passkey, made on another device.
    const other = world.openPage(world.createProfile(), {
      passkeys: phone.environment('frame.localhost'),
    })
    await connectEmail(other.foyer, { email: 'pk@example.com' })
    await verifyOtp(other.foyer, { otp: world.lastCode('pk@example.com') })
    world.prompts.usePasskey = true
    await getEmbeddedConnector(other.foyer).setupRecovery()
    const address = other.foyer.getState().account.address

    const page = world.openPage(world.createProfile(), {
      passkeys: phone.environment('frame.localhost'),
    })
    render(<FoyerProvider foyer={page.foyer} />)
    act(() => open(page.foyer))
    const { within } = await findDialog()
    const button = await within.findByRole('button', { name: 'Continue with a passkey' })
    fireEvent.click(button)
    await waitFor(() => expect(page.foyer.getState().status).toBe('connected'))
    expect(page.foyer.getState().account.address).toBe(address)
    expect(getEmbeddedConnector(page.foyer).getRecoveryStatus()?.locked).toBe(false)
  })

  test('Resend within 30 s says "Please try again after {n} seconds"', async () => {
    const { within, dialog } = await openConnect()
    fireEvent.change(await within.findByRole('textbox', { name: 'Email address' }), {
      target: { value: 'wait@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('EmailVerifyOtp'))
    fireEvent.click(within.getByRole('button', { name: 'Resend code' }))
    expect(await within.findByText(/^Please try again after (29|30) seconds$/)).toBeTruthy()
  })

  test('a new device of a known email: the same code view, then it waits for its approval and connects', async () => {
    tolerateFakeIframes()
    const world = createEmbeddedTestWorld()
    // The account exists, made on another device.
    const other = world.openPage(world.createProfile())
    await connectEmail(other.foyer, { email: 'two@example.com' })
    await verifyOtp(other.foyer, { otp: world.lastCode('two@example.com') })

    const { within, dialog, page } = await openConnect(world)
    fireEvent.change(await within.findByRole('textbox', { name: 'Email address' }), {
      target: { value: 'two@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    // Nothing tells that this address has an account: the code view, as for a new address.
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('EmailVerifyOtp'))
    fireEvent.change(await within.findByRole('textbox', { name: 'Verification code' }), {
      target: { value: world.lastCode('two@example.com') },
    })
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('EmailVerifyDevice'))
    expect(
      await within.findByText(
        'Your code was right, but this device is new to your wallet. Approve it from the link we emailed to two@example.com, or from a device where you are logged in.',
      ),
    ).toBeTruthy()
    expect(page.foyer.getState().status).toBe('disconnected')
    world.server.approveDevice('two@example.com')
    await waitFor(() => expect(page.foyer.getState().status).toBe('connected'))
    await waitFor(() => expect(page.foyer.getState().dialog.open).toBe(false))
  })

  test('"This wasn\'t me" on the emailed page ends the wait with a clear message', async () => {
    tolerateFakeIframes()
    const world = createEmbeddedTestWorld()
    const other = world.openPage(world.createProfile())
    await connectEmail(other.foyer, { email: 'three@example.com' })
    await verifyOtp(other.foyer, { otp: world.lastCode('three@example.com') })

    const { within, dialog, page } = await openConnect(world)
    fireEvent.change(await within.findByRole('textbox', { name: 'Email address' }), {
      target: { value: 'three@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await within.findByRole('textbox', { name: 'Verification code' }), {
      target: { value: world.lastCode('three@example.com') },
    })
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('EmailVerifyDevice'))
    world.server.denyDevice('three@example.com')
    expect(await within.findByText(/refused from the email/)).toBeTruthy()
    expect(page.foyer.getState().status).toBe('disconnected')
  })

  test('UpdateEmailWallet changes the email with both codes', async () => {
    const world = createEmbeddedTestWorld()
    const page = world.openPage(world.createProfile())
    await connectEmail(page.foyer, { email: 'old@example.com' })
    await verifyOtp(page.foyer, { otp: world.lastCode('old@example.com') })
    render(<FoyerProvider foyer={page.foyer} />)
    act(() => open(page.foyer))
    const { within, dialog } = await findDialog()
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))
    act(() => navigate(page.foyer, { view: 'UpdateEmailWallet' }))

    expect(await within.findByText('Current email: old@example.com')).toBeTruthy()
    fireEvent.change(within.getByRole('textbox', { name: 'New email address' }), {
      target: { value: 'new@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    expect(
      await within.findByText('Enter the 6-digit code we emailed to old@example.com.'),
    ).toBeTruthy()
    fireEvent.change(within.getByRole('textbox', { name: 'Verification code' }), {
      target: { value: world.lastCode('old@example.com', 'update') },
    })
    expect(
      await within.findByText('Enter the 6-digit code we emailed to new@example.com.'),
    ).toBeTruthy()
    // The second code pasted as the email shows it, spaces around: sent without a click.
    fireEvent.paste(within.getByRole('textbox', { name: 'Verification code' }), {
      clipboardData: { getData: () => ` ${world.lastCode('new@example.com', 'update')} ` },
    })
    await waitFor(() => expect(dialog.getAttribute('data-view')).toBe('Account'))
    expect(page.adapter.connector.getEmail()).toBe('new@example.com')
  })

  test('UpdateEmailWallet refuses a wallet not connected by email', async () => {
    const { foyer } = createTestSetup()
    render(<FoyerProvider foyer={foyer} />)
    act(() => open(foyer, { view: 'UpdateEmailWallet' }))
    const { within } = await findDialog()
    fireEvent.change(await within.findByRole('textbox', { name: 'New email address' }), {
      target: { value: 'new@example.com' },
    })
    fireEvent.click(within.getByRole('button', { name: 'Continue' }))
    expect(await within.findByText('Not connected to email or social')).toBeTruthy()
  })
})
