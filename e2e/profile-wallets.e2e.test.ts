import type { Browser, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { e2eProjects } from './support/projects.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
// Read only here: the wallet exposes the first three dev accounts.
const [first, , third] = devnet.accounts as [
  (typeof devnet.accounts)[0],
  unknown,
  (typeof devnet.accounts)[0],
]
const client = createPublicClient({ transport: http(chainA.rpcUrl) })
// The app turns multiWallet on and its project's server allows it (off unless the server says).
const multiWallet = `multiWallet=1&project=${e2eProjects.multiWallet}`

let browser: Browser
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')
const shownEth = async (address: `0x${string}`) =>
  shownBalance(await client.getBalance({ address }), 18, 'ETH')

/** A fresh browser profile: the demo with the injected test wallet, connected. */
async function connectTestWallet(query: string) {
  page = await (await browser.newContext()).newPage()
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&testWalletAccounts=3&${query}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(first.address)
}

test('a wallet with three accounts switches account from Account, and the balance follows the chain', async () => {
  await connectTestWallet(multiWallet)
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  const balance = dialog().locator('[data-foyer-balance]')
  await expect
    .poll(() => balance.textContent(), { timeout: 20_000 })
    .toBe(await shownEth(first.address))

  const switcher = dialog().locator('[data-foyer-switch-account]')
  await switcher.click()
  expect(await switcher.getAttribute('aria-expanded')).toBe('true')
  expect(await dialog().locator('[data-address]').count()).toBe(3)
  expect(await seriousViolations(page)).toEqual([])
  await dialog().locator(`[data-address="${third.address}"]`).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(third.address)
  await expect
    .poll(() => balance.textContent(), { timeout: 20_000 })
    .toBe(await shownEth(third.address))
})

test('ProfileWallets lists the connection as active and disconnects it; without multiWallet it is not offered', async () => {
  await connectTestWallet(multiWallet)
  await connectButton().click()
  await dialog().locator('[data-foyer-wallets]').click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('ProfileWallets')
  const row = dialog().locator('section[data-namespace="eip155"] [data-status]')
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1)
  expect(await row.getAttribute('data-status')).toBe('active')
  expect(await row.textContent()).toContain('Foyer Test Wallet')
  expect(await seriousViolations(page)).toEqual([])
  // One wallet: its own Disconnect (Disconnect all appears with two or more).
  expect(await dialog().locator('[data-foyer-disconnect-all]').count()).toBe(0)
  await dialog()
    .locator(`[data-foyer-disconnect="${await row.getAttribute('data-connector-id')}"]`)
    .click()
  await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')

  await connectTestWallet('')
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  expect(await dialog().locator('[data-foyer-wallets]').count()).toBe(0)
})
