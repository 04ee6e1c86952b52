import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { clickInFrame, frameDialog, waitForFrameDialog } from './support/secureFrame.ts'

const { devnet } = inject('world')
const run = Date.now().toString(36)

let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** A fresh browser profile (its own cookies and storage: a new device to the wallet). */
async function newDevice(): Promise<Page> {
  const context = await browser.newContext()
  contexts.push(context)
  return context.newPage()
}

const dialogOf = (page: Page) => page.getByRole('dialog')
const addressOf = (page: Page) => page.getByTestId('address').textContent()

const providers = [
  { id: 'google', name: 'Google' },
  { id: 'x', name: 'X' },
  { id: 'discord', name: 'Discord' },
  { id: 'apple', name: 'Apple' },
  { id: 'github', name: 'GitHub' },
  { id: 'facebook', name: 'Facebook' },
] as const

async function openConnect(page: Page) {
  await page.goto(`${demoUrl}/?namespaces=eip155`)
  await page.locator('[data-foyer-connect-button]').click()
  await expect
    .poll(() => dialogOf(page).locator('[data-foyer-social]').count(), { timeout: 15_000 })
    .toBeGreaterThan(0)
}

/** The provider's button: full width, in the compact row, or behind "More sign-in options". */
async function socialButton(page: Page, name: string) {
  const button = dialogOf(page).getByRole('button', { name: `Continue with ${name}` })
  if ((await button.count()) === 0)
    await dialogOf(page).getByRole('button', { name: 'More sign-in options' }).click()
  return button
}

/** Clicks the provider and answers its login page in the popup as a person would. */
async function signInWith(
  page: Page,
  provider: (typeof providers)[number],
  person: { name: string; email: string },
  answer: 'Continue' | 'Cancel' = 'Continue',
) {
  const button = await socialButton(page, provider.name)
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
  await popup.getByLabel('Name').fill(person.name)
  await popup.getByLabel('Email').fill(person.email)
  await popup.getByRole('button', { name: answer }).click()
  return popup
}

describe('social login through the secure frame', () => {
  // A new device's path (recovery offer, then the same wallet) does not depend on the provider once
  // the identity is known: two providers with different identity claims (Google's OpenID `sub`,
  // Apple's form-post with a client-secret JWT) take it, the others stop at the first device.
  const onNewDevice = new Set(['google', 'apple'])
  for (const provider of providers) {
    const name = onNewDevice.has(provider.id)
      ? `${provider.name}: popup → approve → address; the same identity on a new device gets the same address`
      : `${provider.name}: popup → approve → address, and the Account view names the provider`
    test(name, async () => {
      const person = {
        name: `Ada ${provider.name}`,
        email: `ada-${provider.id}-${run}@example.com`,
      }
      const first = await newDevice()
      await openConnect(first)
      if (provider.id === 'google') expect(await seriousViolations(first)).toEqual([])
      await signInWith(first, provider, person)
      await expect.poll(() => addressOf(first), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const address = await addressOf(first)
      // The Account view names the provider and the person.
      await first.locator('[data-foyer-connect-button]').click()
      await expect
        .poll(() => dialogOf(first).locator('[data-foyer-login-identity]').textContent())
        .toBe(`Signed in with ${provider.name} as ${person.name}`)
      if (!onNewDevice.has(provider.id)) return

      const second = await newDevice()
      await openConnect(second)
      await signInWith(second, provider, person)
      // A new device holds no share of the wallet: the frame offers recovery; later is fine.
      await waitForFrameDialog(second, 'Recover your wallet')
      await clickInFrame(second, 'Not now')
      await expect.poll(() => addressOf(second), { timeout: 30_000 }).toBe(address)
    })
  }

  test("closing the popup shows 'Popup closed'; a refused consent shows the provider's text", async () => {
    const page = await newDevice()
    await openConnect(page)
    const button = await socialButton(page, 'Google')
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
    await popup.getByLabel('Name').waitFor()
    await popup.close()
    await expect
      .poll(() => dialogOf(page).getByRole('alert').textContent(), { timeout: 10_000 })
      .toBe('Popup closed')
    expect(await seriousViolations(page)).toEqual([])

    // Try again from the same view, then refuse on the provider's page.
    const [again] = await Promise.all([
      page.waitForEvent('popup'),
      dialogOf(page).getByRole('button', { name: 'Try again' }).click(),
    ])
    await again.getByLabel('Name').fill('Eve')
    await again.getByLabel('Email').fill(`eve-${run}@example.com`)
    await again.getByRole('button', { name: 'Cancel' }).click()
    await expect
      .poll(() => dialogOf(page).getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('The user denied the request')
    expect(await addressOf(page)).toBe('—')
  })
})

describe('Farcaster login', () => {
  test('QR → the Farcaster client stand-in approves → address and the Farcaster name', async () => {
    const alice = devnet.farcaster!.accounts[0]!
    const page = await newDevice()
    await openConnect(page)
    const button = await socialButton(page, 'Farcaster')
    await button.click()
    const link = dialogOf(page).locator('[data-foyer-farcaster-link]')
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1)
    expect(
      await dialogOf(page).getByRole('img', { name: 'Sign In With Farcaster QR code' }).count(),
    ).toBe(1)
    expect(await seriousViolations(page)).toEqual([])
    const url = (await link.getAttribute('href'))!

    // The person opens the request in their Farcaster client (the stand-in) and approves as alice.
    const client = await newDevice()
    await client.goto(url)
    await client.getByRole('combobox').selectOption(String(alice.fid))
    await client.getByRole('button', { name: 'Approve' }).click()

    // Alice's fid is fixed: in a world whose data outlived an earlier run she already has a
    // wallet, and this browser is a new device to it (the frame offers recovery; later is fine).
    await expect
      .poll(
        async () =>
          /^0x/.test((await addressOf(page)) ?? '') ||
          (await frameDialog(page).getByRole('heading', { name: 'Recover your wallet' }).count()) >
            0,
        { timeout: 30_000 },
      )
      .toBe(true)
    if (!/^0x/.test((await addressOf(page)) ?? '')) await clickInFrame(page, 'Not now')
    await expect.poll(() => addressOf(page), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await page.locator('[data-foyer-connect-button]').click()
    await expect
      .poll(() => dialogOf(page).locator('[data-foyer-login-identity]').textContent())
      .toBe(`Signed in with Farcaster as ${alice.displayName}`)
  })
})
