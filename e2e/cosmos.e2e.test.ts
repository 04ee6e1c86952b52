import {
  createCosmosNetwork,
  getCosmosBalance,
  getCosmosChainInfo,
  verifyCosmosMessage,
} from '@foyer/cosmos'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
const cosmos = devnet.cosmos!
const chain = getCosmosChainInfo(createCosmosNetwork({ ...cosmos, name: 'Cosmos Local' }))
// The demo's Cosmos test wallet holds dev key 0; key 5 receives.
const owner = cosmos.accounts[0]!.address
const receiver = cosmos.accounts[5]!.address
const connectorId = 'cosmos.keplr'
const demoMessage = 'Sign in to the Foyer demo'

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')
const balanceOf = (address: string) => getCosmosBalance({ chain, address })
const shownFoy = (value: bigint) => shownBalance(value, cosmos.decimals, cosmos.displayDenom)
const walletPrompts = () => page.evaluate(() => window.foyerCosmosTestWallet!.prompts.length)

test('connects the Keplr-style test wallet on the local Cosmos chain, shows its balance, sends 1 FOY and signs (ADR-36)', async () => {
  await page.goto(`${demoUrl}/?testWallet=1`)
  await page.waitForFunction(() => window.foyerCosmosTestWallet !== undefined)

  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
  // One row for the test wallet, which serves every namespace: the chooser picks this one.
  await pickConnector(dialog(), connectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('network').textContent()).toBe(`cosmos:${cosmos.chainId}`)

  // The balance as the chain reports it.
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  const accountBalance = dialog().locator('[data-foyer-balance]')
  const before = await balanceOf(owner)
  await expect.poll(() => accountBalance.textContent(), { timeout: 20_000 }).toBe(shownFoy(before))
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  // An invalid receiver is refused before the wallet is asked anything.
  const promptsBefore = await walletPrompts()
  await page.getByLabel(/^Amount/).fill('1')
  await page.getByLabel('To').fill('cosmos1notanaddress')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('action-error').textContent())
    .toBe('Invalid Cosmos address')
  expect(await walletPrompts()).toBe(promptsBefore)

  // 1 FOY to dev account 5: it gains exactly that; the sender pays it and the fee.
  const receiverBefore = await balanceOf(receiver)
  await page.getByLabel('To').fill(receiver)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('transaction').textContent(), { timeout: 30_000 })
    .toMatch(/^[0-9A-F]{64}$/)
  expect(await balanceOf(receiver)).toBe(receiverBefore + 1_000_000n)
  const after = await balanceOf(owner)
  expect(before - after).toBeGreaterThan(1_000_000n)
  expect(before - after).toBeLessThan(1_100_000n)
  // The dialog shows the new balance: a send through Foyer refreshes it.
  await connectButton().click()
  await expect.poll(() => accountBalance.textContent(), { timeout: 20_000 }).toBe(shownFoy(after))
  await page.keyboard.press('Escape')

  // Sign arbitrary (ADR-36): the signature verifies for the message, not for another one.
  await page.getByRole('button', { name: `Sign “${demoMessage}”` }).click()
  await expect
    .poll(() => page.getByTestId('signature').textContent(), { timeout: 20_000 })
    .not.toBe('—')
  const signature = (await page.getByTestId('signature').textContent())!
  expect(await verifyCosmosMessage({ address: owner, message: demoMessage, signature })).toBe(true)
  expect(await verifyCosmosMessage({ address: owner, message: `${demoMessage}!`, signature })).toBe(
    false,
  )
})
