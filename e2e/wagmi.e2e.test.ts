import type { Browser, BrowserContext, Page } from 'playwright-core'
import { getAddress, verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

// The demo's `?wagmi=1` page: an app on wagmi with Foyer's dialog (@foyer/wagmi).
const { devnet } = inject('world')
const [chainA, chainB] = devnet.chains as [(typeof devnet.chains)[0], (typeof devnet.chains)[0]]
const account = getAddress(devnet.accounts[0]!.address)
const message = 'Signed with wagmi through Foyer'

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})
beforeEach(async () => {
  context = await browser.newContext()
  page = await context.newPage()
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&wagmi=1`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), account)
})
afterEach(async () => {
  await context?.close()
})

const dialog = () => page.getByRole('dialog')
const text = (testId: string) => () => page.getByTestId(testId).textContent()

describe('@foyer/wagmi in the demo', () => {
  test("connects in Foyer's dialog through wagmi, switches chain and signs with wagmi's hooks", async () => {
    await page.getByTestId('wagmi-connect-foyer').click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
    await pickConnector(dialog(), 'dev.foyer.testwallet')

    await expect.poll(text('wagmi-address')).toBe(account)
    expect(await text('wagmi-connector')()).toBe('foyer')
    expect(await text('wagmi-chain-id')()).toBe(String(chainA.chainId))
    expect(await text('foyer-address')()).toBe(account)

    // useSwitchChain: through Foyer to the wallet, and back into wagmi's state.
    await page.getByTestId(`wagmi-switch-${chainB.chainId}`).click()
    await expect.poll(text('wagmi-chain-id')).toBe(String(chainB.chainId))
    expect(await page.evaluate(() => window.foyerTestWallet!.chainId)).toBe(chainB.chainId)

    // useSignMessage: signed by the wallet connected in Foyer's dialog.
    await page.getByTestId('wagmi-sign').click()
    await expect.poll(() => page.getByTestId('wagmi-signature').count()).toBe(1)
    const signature = (await text('wagmi-signature')()) as `0x${string}`
    expect(await verifyMessage({ address: account, message, signature })).toBe(true)
  })

  test("a wallet connected with wagmi's injected() shows in Foyer's dialog", async () => {
    await page.getByTestId('wagmi-connect-injected').click()
    await expect.poll(text('wagmi-connector')).toBe('injected')
    await expect.poll(text('foyer-address')).toBe(account)

    await page.locator('[data-foyer-connect-button]').click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    // The Account view names the account (its name when it has one) with the address as its title.
    await expect
      .poll(() => dialog().locator('[data-foyer-account]').getAttribute('title'))
      .toBe(account)
  })

  test("a wallet connected with Foyer's button is wagmi's connection", async () => {
    await page.locator('[data-foyer-connect-button]').click()
    await pickConnector(dialog(), 'dev.foyer.testwallet')
    await expect.poll(text('wagmi-address')).toBe(account)
    expect(await text('wagmi-connector')()).toBe('foyer')
  })
})
