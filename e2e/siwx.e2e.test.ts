import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
// Account 3 only signs here.
const visitor = devnet.accounts[3]!.address
const solanaOwner = devnet.solana?.accounts[0]?.address

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const session = (page: Page) => page.getByTestId('session').textContent()

async function openDemo(context: BrowserContext, query: string) {
  const page = await context.newPage()
  await page.goto(`${demoUrl}/?testWallet=1&siwx=1&${query}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  return page
}

test('signs in after connecting the injected wallet; the session survives a reload and ends on disconnect', async () => {
  const context = await browser.newContext()
  const page = await openDemo(context, 'namespaces=eip155')
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), visitor)
  await page.locator('[data-foyer-connect-button]').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  // The wallet signs the EIP-4361 message; the server's verifier answers the session.
  await expect.poll(() => session(page), { timeout: 20_000 }).toBe(visitor)
  const cookie = (await context.cookies()).find((entry) => entry.name === 'foyer_siwx')
  expect(cookie?.httpOnly).toBe(true)
  // The page's scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('foyer_siwx')

  await page.reload()
  await expect.poll(() => session(page), { timeout: 20_000 }).toBe(visitor)

  await page.locator('[data-foyer-connect-button]').click()
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
  // Signing out asks the server to end the session: it follows the disconnect.
  await expect.poll(() => session(page), { timeout: 10_000 }).toBe('—')
  // Revoked on the server too: a reload connects no session back.
  await page.reload()
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.waitForTimeout(1_000)
  expect(await session(page)).toBe('—')
  await context.close()
})

test('a refused signature disconnects the wallet and keeps no session', async () => {
  const context = await browser.newContext()
  const page = await openDemo(context, 'namespaces=eip155')
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), visitor)
  await page.evaluate(() => window.foyerTestWallet!.setBehaviour({ signing: 'reject' }))
  await page.locator('[data-foyer-connect-button]').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await expect
    .poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 })
    .toBe('disconnected')
  expect(await session(page)).toBe('—')
  expect((await context.cookies()).some((entry) => entry.name === 'foyer_siwx')).toBe(false)
  await context.close()
})

test('signs in with Sign In With Solana', async () => {
  if (!solanaOwner) return
  const context = await browser.newContext()
  const page = await openDemo(context, '')
  await page.locator('[data-foyer-connect-button]').click()
  await pickConnector(page.getByRole('dialog'), 'solana.foyer-test-wallet')
  await expect.poll(() => session(page), { timeout: 20_000 }).toBe(solanaOwner)
  await context.close()
})
