import type { Browser, Page, Request } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { demoUrl, launchChromium } from './support/browser.ts'
import { e2eProjects } from './support/projects.ts'

const { devnet } = inject('world')
// Account 1 only connects and reads here.
const visitor = devnet.accounts[1]!.address

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

async function openDemo(project: string) {
  const page = await (await browser.newContext()).newPage()
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&project=${project}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  return { page, requests }
}

async function connect(page: Page) {
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), visitor)
  await page.locator('[data-foyer-connect-button]').click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await page.waitForFunction(
    (address) => document.querySelector('[data-testid="address"]')?.textContent === address,
    visitor,
  )
}

test('a project whose server turns swaps and analytics off: no Swap, and no event is sent', async () => {
  const { page, requests } = await openDemo(e2eProjects.operatorOff)
  await connect(page)
  await page.locator('[data-foyer-connect-button]').click()
  const features = page.getByRole('dialog').locator('[data-foyer-wallet-features]')
  await features.waitFor()
  // The app leaves swaps on; the operator's "off" wins once the dialog has read the project.
  await expect
    .poll(() => features.locator('[data-foyer-feature="swaps"]').count(), { timeout: 10_000 })
    .toBe(0)
  expect(await features.locator('[data-foyer-feature="onramp"]').count()).toBe(1)
  // Interactions that would be reported, then the page hides (the queue flushes by beacon).
  await page.getByRole('dialog').getByRole('tab', { name: 'Activity' }).click()
  await page.keyboard.press('Escape')
  await page.waitForTimeout(2_500)
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await page.context().close()
  const urls = requests.map((request) => new URL(request.url()))
  expect(urls.some((url) => url.pathname === '/getAnalyticsConfig')).toBe(true)
  expect(urls.filter((url) => url.pathname === '/e')).toEqual([])
})

test('the world’s own project keeps Swap and sends its events', async () => {
  const { page, requests } = await openDemo('foyer-dev')
  await connect(page)
  await page.locator('[data-foyer-connect-button]').click()
  const features = page.getByRole('dialog').locator('[data-foyer-wallet-features]')
  await features.waitFor()
  expect(await features.locator('[data-foyer-feature="swaps"]').count()).toBe(1)
  await expect
    .poll(() => requests.filter((request) => new URL(request.url()).pathname === '/e').length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0)
  await page.context().close()
})

test('a page on an origin the project does not allow shows Unverified Domain', async () => {
  const { page } = await openDemo(e2eProjects.foreignOrigin)
  await page.locator('[data-foyer-connect-button]').click()
  const alert = page.getByRole('dialog').locator('[data-foyer-alert="UNVERIFIED_DOMAIN"]')
  await expect.poll(() => alert.count(), { timeout: 10_000 }).toBe(1)
  expect(await alert.textContent()).toContain('Unverified Domain')
  // Dismissable.
  await alert.getByRole('button', { name: 'Dismiss: Unverified Domain' }).click()
  expect(await alert.count()).toBe(0)
  await page.context().close()
})
