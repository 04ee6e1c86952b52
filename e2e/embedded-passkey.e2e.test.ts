import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { launchChromium } from './support/browser.ts'
import {
  approvalLinkIn,
  codeIn,
  countMails,
  nextMail,
  waitForEmailSlot,
} from './support/mailbox.ts'
import {
  approveInFrame,
  clickInFrame,
  frameDialog,
  waitForFrameDialog,
} from './support/secureFrame.ts'
import { verifyAccountMessage } from './support/verifySignature.ts'

// WebAuthn refuses an IP address as the relying party: the demo opened on `localhost` takes the
// frame on `localhost` too (same ports as the 127.0.0.1 world, same site, another origin).
const demoUrl = 'http://localhost:5173'
const frameOrigin = 'http://localhost:4401'
const demoMessage = 'Sign in to the Foyer demo'
const email = `passkey-${Date.now().toString(36)}@example.com`

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const dialogOf = (page: Page) => page.getByRole('dialog')
const addressOf = (page: Page) => page.getByTestId('address').textContent()

/**
 * A browser tab with a platform authenticator that does PRF (user verification always passes).
 * Chromium's virtual authenticators belong to one tab.
 */
async function withAuthenticator(context: BrowserContext) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
    },
  })
  return { page, cdp, authenticatorId }
}

/** The approval mail names the demo (its metadata name) and the origin it runs on (issue 22). */
const approvalSubject = `Approve a new login to Foyer demo (${new URL(demoUrl).origin})`

/**
 * Email login with the code; on a device the account never used, the code is followed by the
 * emailed approval page, opened elsewhere (the visitor's phone), where the visitor clicks Approve.
 */
async function logIn(page: Page, options: { newDevice: boolean }) {
  const seenCodes = await countMails(email, 'Your login code')
  const seenApprovals = await countMails(email, approvalSubject)
  await page.goto(`${demoUrl}/?namespaces=eip155`)
  await page.locator('[data-foyer-connect-button]').click()
  await dialogOf(page).getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialogOf(page).getByRole('button', { name: 'Continue', exact: true }).click()
  const code = codeIn(await nextMail(email, 'Your login code', seenCodes))
  // The sixth digit sends the code: no Verify click.
  await dialogOf(page).getByRole('textbox', { name: 'Verification code' }).fill(code)
  if (options.newDevice) {
    await expect
      .poll(() =>
        dialogOf(page)
          .getByText(/this device is new to your wallet/)
          .count(),
      )
      .toBe(1)
    const approval = await nextMail(email, approvalSubject, seenApprovals)
    expect(approval.text).toContain('Chrome')
    const link = approvalLinkIn(approval)
    // The page is accessible (axe is injected as a script, so this look bypasses the page's CSP;
    // opening the page changes nothing).
    const checker = await (await browser.newContext({ bypassCSP: true })).newPage()
    await checker.goto(link)
    expect(await seriousViolations(checker)).toEqual([])
    await checker.context().close()
    const approver = await (await browser.newContext()).newPage()
    await approver.goto(link)
    // The page names the app the login is for, beside the origin the frame saw it on.
    await approver.getByRole('heading', { level: 1, name: `${approvalSubject}?` }).waitFor()
    // Only its button approves: a form POST from the page, no script.
    await approver.getByRole('button', { name: 'Approve this device' }).click()
    await approver.getByRole('heading', { level: 1, name: 'Device approved' }).waitFor()
    await approver.context().close()
  }
}

/** Asks the frame what GET_USER says, as the app does. */
function getUser(page: Page) {
  return page.evaluate(async (frameOrigin) => {
    const iframe = document.querySelector<HTMLIFrameElement>(
      'iframe[title="Foyer embedded wallet"]',
    )
    if (!iframe?.contentWindow) throw new Error('no frame')
    const id = `passkey-test-${Math.random().toString(36).slice(2)}`
    return new Promise<{
      type: string
      payload: { address?: string; recovery?: { methods: string[]; locked: boolean } }
    }>((resolve) => {
      addEventListener('message', (event) => {
        if (event.origin === frameOrigin && event.data?.id === id) resolve(event.data)
      })
      iframe.contentWindow!.postMessage(
        { type: '@foyer-app/GET_USER', id, payload: {} },
        frameOrigin,
      )
    })
  }, frameOrigin)
}

describe('a passkey protects the embedded wallet', () => {
  let device: Awaited<ReturnType<typeof withAuthenticator>>
  let address: `0x${string}`

  test('the visitor sets up recovery with a passkey made in the frame, on its own origin', async () => {
    device = await withAuthenticator(await browser.newContext())
    const { page } = device
    await logIn(page, { newDevice: false })
    await expect.poll(() => addressOf(page), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    address = (await addressOf(page)) as `0x${string}`
    // The frame is on `localhost`, not on the page's origin.
    expect(page.frames().some((frame) => frame.url().startsWith(`${frameOrigin}/`))).toBe(true)

    // Account view → Set up recovery → the frame's card offers the passkey first.
    await page.keyboard.press('Escape')
    await page.locator('[data-foyer-connect-button]').click()
    expect(await dialogOf(page).locator('[data-foyer-recovery-notice]').textContent()).toMatch(
      /No recovery method/,
    )
    await dialogOf(page).getByRole('button', { name: 'Set up recovery' }).click()
    await waitForFrameDialog(page, 'Protect your wallet')
    const buttons = await frameDialog(page).getByRole('button').allTextContents()
    expect(buttons[0]).toBe('Use a passkey')
    expect(buttons).toContain('Save recovery password')
    expect(await seriousViolations(page)).toEqual([])
    await clickInFrame(page, 'Use a passkey')
    await expect
      .poll(() => dialogOf(page).getByRole('button', { name: 'Recovery methods' }).count(), {
        timeout: 30_000,
      })
      .toBe(1)
    expect(await dialogOf(page).locator('[data-foyer-recovery-notice]').count()).toBe(0)
    await page.keyboard.press('Escape')

    // One passkey, discoverable, for the frame's hostname; GET_USER counts it as a method.
    const { credentials } = await device.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: device.authenticatorId,
    })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
    expect(credentials[0]!.userName).toBe(email)
    const user = await getUser(page)
    expect(user.payload.recovery?.methods).toEqual(['passkey'])
  }, 90_000)

  test('a new device (every cookie and stored byte gone, the passkey kept) recovers the same address with the passkey and signs', async () => {
    const { page, cdp } = device
    // The visitor's browser data is gone (a new profile, a reinstalled browser): the session
    // cookies, the frame's IndexedDB with the device share and recovery key, the app's storage.
    // The passkey lives in the authenticator. (Chromium's virtual authenticator belongs to one
    // tab, and a credential copied with WebAuthn.addCredential loses its PRF secret, so the new
    // device is this tab with everything else wiped.)
    await page.goto('about:blank')
    await page.context().clearCookies()
    for (const origin of [frameOrigin, demoUrl, 'http://127.0.0.1:4401', 'http://127.0.0.1:5173'])
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })

    await waitForEmailSlot(email)
    await logIn(page, { newDevice: true })
    // The inbox alone opens nothing: the frame asks for a factor, the passkey first.
    await waitForFrameDialog(page, 'Recover your wallet')
    const buttons = await frameDialog(page).getByRole('button').allTextContents()
    expect(buttons[0]).toBe('Recover with passkey')
    await clickInFrame(page, 'Recover with passkey')
    await expect.poll(() => addressOf(page), { timeout: 30_000 }).toBe(address)
    await expect
      .poll(async () => (await getUser(page)).payload.recovery?.locked, { timeout: 30_000 })
      .toBe(false)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /^Sign/ }).click()
    await waitForFrameDialog(page, /sign/i)
    await approveInFrame(page)
    await expect
      .poll(() => page.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyAccountMessage({ address, message: demoMessage, signature })).toBe(true)
  }, 150_000)

  test('"Continue with a passkey": a wiped device logs in and unlocks with one passkey, no email', async () => {
    const { page, cdp } = device
    await page.goto('about:blank')
    await page.context().clearCookies()
    for (const origin of [frameOrigin, demoUrl, 'http://127.0.0.1:4401', 'http://127.0.0.1:5173'])
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    const mailsBefore = await countMails(email, 'Your login code')

    await page.goto(`${demoUrl}/?namespaces=eip155`)
    await page.locator('[data-foyer-connect-button]').click()
    const passkeyButton = dialogOf(page).getByRole('button', { name: 'Continue with a passkey' })
    await passkeyButton.waitFor()
    expect(await seriousViolations(page)).toEqual([])
    // Keyboard-operable: focus it and press Enter.
    await passkeyButton.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => addressOf(page), { timeout: 30_000 }).toBe(address)
    await expect
      .poll(async () => (await getUser(page)).payload.recovery?.locked, { timeout: 30_000 })
      .toBe(false)
    expect(await countMails(email, 'Your login code')).toBe(mailsBefore)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /^Sign/ }).click()
    await waitForFrameDialog(page, /sign/i)
    await approveInFrame(page)
    await expect
      .poll(() => page.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyAccountMessage({ address, message: demoMessage, signature })).toBe(true)
  }, 120_000)
})
