import { verifyPolkadotMessage } from '@foyer/polkadot'
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
const polkadot = devnet.polkadot!
// The demo's Polkadot test wallet holds dev account //0; //5 receives.
const owner = polkadot.accounts[0]!.address
const receiver = polkadot.accounts[5]!.address
const connectorId = 'polkadot.foyer-test-wallet'
const demoMessage = 'Sign in to the Foyer demo'

let browser: Browser
let page: Page
let api: ApiPromise

beforeAll(async () => {
  api = await ApiPromise.create({ provider: new WsProvider(polkadot.wsUrl), noInitWarn: true })
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
  await api?.disconnect()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')
type AccountInfo = { data: { free: { toBigInt(): bigint } } }
const balanceOf = async (address: string) =>
  ((await api.query.system!.account!(address)) as unknown as AccountInfo).data.free.toBigInt()
const shownRoc = (value: bigint) => shownBalance(value, polkadot.decimals, polkadot.symbol)
const walletRequests = () => page.evaluate(() => window.foyerPolkadotTestWallet!.requests.length)

test('connects the polkadot-js-style test wallet on the local chain, shows its balance, sends 1 ROC and signs a message', async () => {
  await page.goto(`${demoUrl}/?testWallet=1`)
  await page.waitForFunction(() => window.foyerPolkadotTestWallet !== undefined)

  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
  // One row for the test wallet, which serves every namespace: the chooser picks this one.
  await pickConnector(dialog(), connectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('network').textContent()).toBe(polkadot.caipNetworkId)

  // The free balance as the chain reports it.
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  const accountBalance = dialog().locator('[data-foyer-balance]')
  const before = await balanceOf(owner)
  await expect.poll(() => accountBalance.textContent(), { timeout: 20_000 }).toBe(shownRoc(before))
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  // An invalid receiver is refused before the wallet is asked anything.
  const requestsBefore = await walletRequests()
  await page.getByLabel(/^Amount/).fill('1')
  await page.getByLabel('To').fill('5NotAnAddress')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('action-error').textContent())
    .toBe('Invalid Polkadot address')
  expect(await walletRequests()).toBe(requestsBefore)

  // 1 ROC to //5: it gains exactly that; the sender pays it and the fee.
  const receiverBefore = await balanceOf(receiver)
  await page.getByLabel('To').fill(receiver)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('transaction').textContent(), { timeout: 30_000 })
    .toMatch(/^0x[0-9a-f]{64}$/)
  const unit = 10n ** BigInt(polkadot.decimals)
  expect(await balanceOf(receiver)).toBe(receiverBefore + unit)
  const after = await balanceOf(owner)
  expect(before - after).toBeGreaterThan(unit)
  expect(before - after).toBeLessThan(unit + unit / 10n)
  // The dialog shows the new balance: a send through Foyer refreshes it.
  await connectButton().click()
  await expect.poll(() => accountBalance.textContent(), { timeout: 20_000 }).toBe(shownRoc(after))
  await page.keyboard.press('Escape')

  // Sign raw bytes: the signature verifies for the message, not for another one.
  await page.getByRole('button', { name: `Sign “${demoMessage}”` }).click()
  await expect
    .poll(() => page.getByTestId('signature').textContent(), { timeout: 20_000 })
    .toMatch(/^0x[0-9a-f]+$/)
  const signature = (await page.getByTestId('signature').textContent())!
  expect(await verifyPolkadotMessage({ address: owner, message: demoMessage, signature })).toBe(
    true,
  )
  expect(
    await verifyPolkadotMessage({ address: owner, message: `${demoMessage}!`, signature }),
  ).toBe(false)
})
