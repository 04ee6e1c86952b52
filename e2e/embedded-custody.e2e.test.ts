import type { Browser, Page } from 'playwright-core'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
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
  secureFrame,
  waitForFrameDialog,
} from './support/secureFrame.ts'
import { verifyAccountMessage } from './support/verifySignature.ts'

const frameOrigin = 'http://127.0.0.1:4401'
const demoMessage = 'Sign in to the Foyer demo'
const email = `custody-${Date.now().toString(36)}@example.com`
const recoveryPassword = 'plum tree under snow 42'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh browser profile: its own cookies and its own frame storage (a new device). */
const newDevice = async () => (await browser.newContext()).newPage()
const dialogOf = (page: Page) => page.getByRole('dialog')
const addressOf = (page: Page) => page.getByTestId('address').textContent()

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
  // The sixth digit sends the code.
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
    const approver = await newDevice()
    await approver.goto(link)
    // The page names the app the login is for, beside the origin the frame saw it on.
    await approver.getByRole('heading', { level: 1, name: `${approvalSubject}?` }).waitFor()
    // Only its button approves: a form POST from the page, no script.
    await approver.getByRole('button', { name: 'Approve this device' }).click()
    await approver.getByRole('heading', { level: 1, name: 'Device approved' }).waitFor()
    await approver.context().close()
  }
}

/** Sends an RPC request straight to the frame, as any script running on the app's page can. */
function pageScriptRequest(page: Page, method: string, params: unknown[]) {
  return page.evaluate(
    async ({ frameOrigin, method, params }) => {
      const iframe = document.querySelector<HTMLIFrameElement>(
        'iframe[title="Foyer embedded wallet"]',
      )
      if (!iframe?.contentWindow) throw new Error('no frame')
      const id = `page-script-${Math.random().toString(36).slice(2)}`
      return new Promise<{ type: string; payload: { message?: string; code?: number } }>(
        (resolve) => {
          addEventListener('message', (event) => {
            if (event.origin === frameOrigin && event.data?.id === id) resolve(event.data)
          })
          iframe.contentWindow!.postMessage(
            { type: '@foyer-app/RPC_REQUEST', id, payload: { method, params } },
            frameOrigin,
          )
        },
      )
    },
    { frameOrigin, method, params },
  )
}

describe('custody of the embedded wallet, as an attacker and as the visitor', () => {
  let first: Page
  let address: `0x${string}`

  test('a script on the app page gets no signature: the frame shows the request, covering or fading it disables Approve, Reject answers 4001', async () => {
    first = await newDevice()
    await logIn(first, { newDevice: false })
    await expect.poll(() => addressOf(first), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    address = (await addressOf(first)) as `0x${string}`
    await first.keyboard.press('Escape')

    const answer = pageScriptRequest(first, 'personal_sign', [
      '0x5472616e7366657220616c6c20796f75722066756e6473',
      address,
    ])
    let answered = false
    void answer.then(() => {
      answered = true
    })
    await waitForFrameDialog(first, /sign/i)
    // The request is shown on the frame's own origin, with the origin that asked.
    expect(await frameDialog(first).getByText(frameOrigin).count()).toBeGreaterThan(0)
    expect(await seriousViolations(first)).toEqual([])

    // The page cannot reach into the frame: no DOM, so no scripted click.
    const reach = await first.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>(
        'iframe[title="Foyer embedded wallet"]',
      )
      try {
        iframe!.contentWindow!.document.querySelector('button')
        return 'reached'
      } catch (error) {
        return (error as Error).name
      }
    })
    expect(reach).toBe('SecurityError')

    // Clickjacking: a decoy laid over the frame that lets clicks through. Approve is disabled
    // while covered, and a real click on its spot does nothing.
    const approve = frameDialog(first).getByRole('button', { name: 'Sign', exact: true })
    await expect
      .poll(() => approve.getAttribute('aria-disabled'), { timeout: 15_000 })
      .not.toBe('true')
    await first.evaluate(() => {
      const decoy = document.createElement('div')
      decoy.id = 'decoy'
      decoy.textContent = 'Click here to claim your prize'
      decoy.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none;font-size:40px'
      document.body.append(decoy)
    })
    await expect.poll(() => approve.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true')
    const box = (await approve.boundingBox())!
    await first.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(answered).toBe(false)

    // Fading the frame is caught the same way.
    await first.evaluate(() => {
      document.getElementById('decoy')!.remove()
      const iframe = document.querySelector<HTMLIFrameElement>(
        'iframe[title="Foyer embedded wallet"]',
      )!
      iframe.style.opacity = '0.05'
    })
    await expect.poll(() => approve.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('true')
    await first.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(answered).toBe(false)

    // The visitor sees it plainly and rejects: EIP-1193 4001, nothing signed.
    await first.evaluate(() => {
      document.querySelector<HTMLIFrameElement>(
        'iframe[title="Foyer embedded wallet"]',
      )!.style.opacity = '1'
    })
    await clickInFrame(first, /^Reject/)
    const reply = await answer
    expect(reply.type).toBe('@foyer-frame/RPC_REQUEST_ERROR')
    expect(reply.payload.code).toBe(4001)
    // The frame hides again once the visitor answered.
    await expect
      .poll(() =>
        first.evaluate(
          () =>
            document
              .querySelector<HTMLIFrameElement>('iframe[title="Foyer embedded wallet"]')!
              .getBoundingClientRect().width,
        ),
      )
      .toBe(0)
  })

  test('the visitor approves in the frame and the signature verifies', async () => {
    await first.getByRole('button', { name: /^Sign/ }).click()
    await waitForFrameDialog(first, /sign/i)
    expect(await frameDialog(first).getByText(demoMessage).count()).toBeGreaterThan(0)
    // The card names the app as it declared itself, above the origin the frame saw; and it takes
    // the app's dark theme although the browser prefers light (the context's default).
    expect(await frameDialog(first).locator('.foyer-request-app').textContent()).toBe('Foyer demo')
    expect(await frameDialog(first).locator('.foyer-request-origin').textContent()).toBe(demoUrl)
    expect(
      await frameDialog(first).evaluate((card) => getComputedStyle(card).backgroundColor),
    ).toBe('rgb(17, 24, 39)')
    await approveInFrame(first)
    await expect
      .poll(() => first.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    const signature = (await first.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyAccountMessage({ address, message: demoMessage, signature })).toBe(true)
  })

  test('the visitor sets a recovery password in the frame; the page never sees it', async () => {
    await first.locator('[data-foyer-connect-button]').click()
    expect(await dialogOf(first).locator('[data-foyer-recovery-notice]').textContent()).toMatch(
      /No recovery method/,
    )
    const requests: string[] = []
    first.on('request', (request) => {
      if (request.frame() === first.mainFrame()) requests.push(request.postData() ?? '')
    })
    await dialogOf(first).getByRole('button', { name: 'Set up recovery' }).click()
    await waitForFrameDialog(first, 'Protect your wallet')
    expect(await seriousViolations(first)).toEqual([])
    await frameDialog(first)
      .getByLabel(/^Recovery password/)
      .fill(recoveryPassword)
    await frameDialog(first).getByLabel('Repeat the recovery password').fill(recoveryPassword)
    await clickInFrame(first, 'Save recovery password')
    await expect
      .poll(() => dialogOf(first).getByRole('button', { name: 'Recovery methods' }).count(), {
        timeout: 30_000,
      })
      .toBe(1)
    expect(await dialogOf(first).locator('[data-foyer-recovery-notice]').count()).toBe(0)
    expect(requests.join('\n')).not.toContain(recoveryPassword)
    await first.keyboard.press('Escape')
  })

  test('the inbox alone opens no wallet on a new device; the recovery password does, to the same address', async () => {
    await waitForEmailSlot(email)
    const second = await newDevice()
    await logIn(second, { newDevice: true })
    // Email approval and code are all the inbox gives: the frame asks for a factor.
    await waitForFrameDialog(second, 'Recover your wallet')
    await clickInFrame(second, 'Not now')
    await expect.poll(() => addressOf(second), { timeout: 30_000 }).toBe(address)
    await second.keyboard.press('Escape')
    // Without recovery this device cannot sign.
    await second.getByRole('button', { name: /^Sign/ }).click()
    await waitForFrameDialog(second, 'Recover your wallet')
    await clickInFrame(second, 'Not now')
    await expect
      .poll(() => second.getByTestId('action-error').textContent(), { timeout: 10_000 })
      .toMatch(/Recover your wallet/)

    // Now with the password, from the Account view.
    await second.locator('[data-foyer-connect-button]').click()
    await dialogOf(second).getByRole('button', { name: 'Recover wallet on this device' }).click()
    await waitForFrameDialog(second, 'Recover your wallet')
    await frameDialog(second).getByLabel('Recovery password').fill('not the password at all')
    await clickInFrame(second, 'Recover with password')
    await expect
      .poll(() => frameDialog(second).getByRole('alert').textContent(), { timeout: 30_000 })
      .toMatch(/Wrong recovery password/)
    await frameDialog(second).getByLabel('Recovery password').fill(recoveryPassword)
    await clickInFrame(second, 'Recover with password')
    await expect
      .poll(() => dialogOf(second).getByRole('button', { name: 'Export key' }).count(), {
        timeout: 30_000,
      })
      .toBe(1)
    await second.keyboard.press('Escape')
    await second.getByRole('button', { name: /^Sign/ }).click()
    await approveInFrame(second)
    await expect
      .poll(() => second.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    const signature = (await second.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyAccountMessage({ address, message: demoMessage, signature })).toBe(true)
    await second.context().close()
  }, 120_000)

  test('an existing device approves a new one: both show the same code, and the new one gets the same address', async () => {
    await waitForEmailSlot(email)
    const third = await newDevice()
    await logIn(third, { newDevice: true })
    await waitForFrameDialog(third, 'Recover your wallet')
    await clickInFrame(third, 'Approve from another device')
    const code = await secureFrame(third).locator('[data-foyer-device-code]').textContent()
    expect(code).toMatch(/^\d{3} \d{3}$/)
    // The first device is asked (it looks for requests while open) and shows the same code.
    await waitForFrameDialog(first, 'Add a new device?')
    expect(await frameDialog(first).getByText(code!).count()).toBe(1)
    await approveInFrame(first)
    await expect.poll(() => addressOf(third), { timeout: 30_000 }).toBe(address)
    await third.keyboard.press('Escape')
    await third.getByRole('button', { name: /^Sign/ }).click()
    await approveInFrame(third)
    await expect
      .poll(() => third.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    await third.context().close()
  }, 120_000)

  test('the visitor exports the key in the frame after the recovery password; it derives the address', async () => {
    await first.locator('[data-foyer-connect-button]').click()
    // The key is the owner's (the EOA); the smart account shown by default is owned by it.
    await dialogOf(first).getByRole('button', { name: 'Wallet', exact: true }).click()
    await expect.poll(() => addressOf(first), { timeout: 30_000 }).not.toBe(address)
    const owner = (await addressOf(first)) as `0x${string}`
    await dialogOf(first).getByRole('button', { name: 'Export key' }).click()
    await waitForFrameDialog(first, 'Export your key')
    await frameDialog(first).getByLabel('Recovery password').fill(recoveryPassword)
    await clickInFrame(first, 'Show my key')
    const exported = secureFrame(first).locator('[data-foyer-export-eip155]')
    await expect.poll(() => exported.count(), { timeout: 30_000 }).toBe(1)
    const privateKey = (await exported.inputValue()) as `0x${string}`
    expect(privateKeyToAddress(privateKey)).toBe(owner)
    // The key is in the frame's document only, never in the app's.
    expect(await first.content()).not.toContain(privateKey.slice(2))
    await clickInFrame(first, 'Done')
  })
})
