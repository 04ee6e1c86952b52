import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { codeIn, countMails, nextMail, waitForEmailSlot } from './support/mailbox.ts'
import { approveInFrame } from './support/secureFrame.ts'
import { verifyAccountMessage } from './support/verifySignature.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
const demoMessage = 'Sign in to the Foyer demo'
const receiver = devnet.accounts[9]!.address
const run = Date.now().toString(36)
const email = `visitor-${run}@example.com`

let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function newPage(): Promise<Page> {
  const context = await browser.newContext()
  contexts.push(context)
  return context.newPage()
}

const dialogOf = (page: Page) => page.getByRole('dialog')

/** Opens the dialog and submits the email on the Connect view. */
async function startEmailLogin(page: Page, address: string) {
  await page.goto(`${demoUrl}/?namespaces=eip155`)
  await page.locator('[data-foyer-connect-button]').click()
  await dialogOf(page).getByRole('textbox', { name: 'Email address' }).fill(address)
  await dialogOf(page).getByRole('button', { name: 'Continue', exact: true }).click()
}

async function enterCode(page: Page, code: string) {
  const input = dialogOf(page).getByRole('textbox', { name: 'Verification code' })
  // The sixth digit sends the code: no Verify click (the button reads 'Verifying…' by then).
  await input.fill(code)
}

describe('email login with the embedded wallet', () => {
  let first: Page
  let address: `0x${string}`

  test('a new visitor logs in with a code from the mailbox, signs, sends 0.01 ETH and stays connected after a reload', async () => {
    first = await newPage()
    const seen = await countMails(email, 'Your login code')
    await startEmailLogin(first, email)
    const code = codeIn(await nextMail(email, 'Your login code', seen))
    await expect
      .poll(() => dialogOf(first).getByRole('textbox', { name: 'Verification code' }).count())
      .toBe(1)
    expect(await seriousViolations(first)).toEqual([])
    await enterCode(first, code)

    await expect
      .poll(() => first.getByTestId('address').textContent(), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-fA-F]{40}$/)
    address = (await first.getByTestId('address').textContent()) as `0x${string}`

    // A message signed in the frame verifies with viem, through the chain: the address shown is the
    // smart account (SPEC §6's default on EVM), whose signature is ERC-6492 until it is deployed.
    await first.getByRole('button', { name: /^Sign/ }).click()
    // The frame shows what is signed, on its own origin; only the visitor's click there signs.
    await approveInFrame(first)
    await expect
      .poll(() => first.getByTestId('signature').textContent(), { timeout: 30_000 })
      .toMatch(/^0x/)
    const signature = (await first.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyAccountMessage({ address, message: demoMessage, signature })).toBe(true)

    // 0.01 ETH sent from the Send view, signed in the frame, confirmed by anvil.
    await createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) }).setBalance({
      address,
      value: parseEther('1'),
    })
    const client = createPublicClient({ transport: http(chainA.rpcUrl) })
    const before = await client.getBalance({ address: receiver })
    await first.locator('[data-foyer-connect-button]').click()
    await dialogOf(first).locator('[data-foyer-feature="send"]').click()
    await dialogOf(first).getByLabel('Token', { exact: true }).selectOption('native')
    await dialogOf(first).getByLabel('Amount', { exact: true }).fill('0.01')
    await dialogOf(first).getByLabel('Receiver address', { exact: true }).fill(receiver)
    await dialogOf(first).getByRole('button', { name: 'Send', exact: true }).click()
    await approveInFrame(first)
    await expect
      .poll(() => first.getByText('Transaction sent').count(), { timeout: 30_000 })
      .toBe(1)
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))
    await first.keyboard.press('Escape')

    // Reload: still connected, same address, no new login.
    await first.reload()
    await expect
      .poll(() => first.getByTestId('address').textContent(), { timeout: 30_000 })
      .toBe(address)
  })

  test('five wrong codes kill the code: the right one is refused afterwards', async () => {
    const other = `wrong-codes-${run}@example.com`
    const page = await newPage()
    const seen = await countMails(other, 'Your login code')
    await startEmailLogin(page, other)
    const code = codeIn(await nextMail(other, 'Your login code', seen))
    // Five different wrong codes, as a person (or a guesser) would type them.
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555']
      .filter((candidate) => candidate !== code)
      .slice(0, 5)
    // Each attempt waits for the server's answer: the alert of the previous one may still show.
    const verified = () =>
      page.waitForResponse((response) => response.url().includes('/v1/embedded/email/verify'))
    for (let attempt = 0; attempt < 5; attempt++) {
      const answer = verified()
      await enterCode(page, wrong[attempt]!)
      expect((await answer).status()).toBe(400)
    }
    const answer = verified()
    await enterCode(page, code)
    expect((await answer).status()).toBe(400)
    await expect
      .poll(
        () =>
          dialogOf(page)
            .getByText(/Too many attempts/)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1)
    expect(await page.getByTestId('status').textContent()).toBe('disconnected')
  })

  test('the email can be changed, with a code to the current and to the new address', async () => {
    const newEmail = `changed-${run}@example.com`
    await waitForEmailSlot(email)
    const seenCurrent = await countMails(email, 'Confirm your email change')
    const seenNew = await countMails(newEmail, 'Confirm your email change')
    await first.locator('[data-foyer-connect-button]').click()
    await dialogOf(first).getByRole('button', { name: 'Update email' }).click()
    await dialogOf(first).getByRole('textbox', { name: 'New email address' }).fill(newEmail)
    await dialogOf(first).getByRole('button', { name: 'Continue', exact: true }).click()
    await enterCode(first, codeIn(await nextMail(email, 'Confirm your email change', seenCurrent)))
    await enterCode(first, codeIn(await nextMail(newEmail, 'Confirm your email change', seenNew)))
    await expect
      .poll(() => first.getByText(`Email updated to ${newEmail}`).count(), { timeout: 20_000 })
      .toBe(1)
  }, 90_000)

  test('sign-out finishes even when the wallet server is unreachable (its 3 s bound is unit-tested)', async () => {
    // Every request to the frame's origin now fails, as if the server were down.
    await first.context().route('http://127.0.0.1:4401/**', (route) => route.abort())
    await first.keyboard.press('Escape')
    await first.locator('[data-foyer-connect-button]').click()
    await dialogOf(first).getByRole('button', { name: 'Disconnect' }).click()
    await expect
      .poll(() => first.getByTestId('status').textContent(), { timeout: 10_000 })
      .toBe('disconnected')
  })
})
