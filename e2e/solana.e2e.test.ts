import { createSolanaRpc, address as toAddress, lamports as toLamports } from '@solana/kit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

const { devnet } = inject('world')
const solana = devnet.solana!
const rpc = createSolanaRpc(solana.rpcUrl)
// The demo's Solana test wallet holds dev key 0; key 5 receives.
const owner = solana.accounts[0]!.address
const receiver = solana.accounts[5]!.address
const evmAccount = devnet.accounts[0]!.address

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  context = await browser.newContext()
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')

const sol = (value: bigint) => {
  const whole = value / 1_000_000_000n
  const fraction = (value % 1_000_000_000n).toString().padStart(9, '0').slice(0, 3)
  return `${whole.toLocaleString('en-US')}.${fraction} SOL`
}
const balanceOf = async (account: string) =>
  (await rpc.getBalance(toAddress(account), { commitment: 'confirmed' }).send()).value

test('connects the Solana test wallet, sends 0.5 SOL, then adds an EVM wallet through SwitchActiveChain and keeps both', async () => {
  await page.goto(`${demoUrl}/?testWallet=1`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)

  // Connect: both namespaces' wallets are listed; pick the Solana one.
  await connectButton().click()
  await dialog().locator('[data-connector-id="solana.foyer-test-wallet"]').click()
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('network').textContent()).toMatch(/^solana:/)

  // Tokens: SOL and USDC as the local RPC reports them.
  await connectButton().click()
  await dialog().getByRole('tab', { name: 'Tokens' }).click()
  const solRow = dialog().locator('li[data-token-symbol="SOL"] [data-foyer-token-quantity]')
  await expect
    .poll(() => solRow.textContent(), { timeout: 20_000 })
    .toBe(sol(await balanceOf(owner)))
  const usdcRow = dialog().locator('li[data-token-symbol="USDC"] [data-foyer-token-quantity]')
  await expect.poll(() => usdcRow.textContent(), { timeout: 20_000 }).toMatch(/ USDC$/)
  expect(await seriousViolations(page)).toEqual([])

  // Send 0.5 SOL: the receiver gains exactly that.
  const receiverBefore = await balanceOf(receiver)
  await dialog().locator('[data-foyer-feature="send"]').click()
  await dialog().getByLabel('Token', { exact: true }).selectOption('native')
  await dialog().getByLabel('Amount', { exact: true }).fill('0.5')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(receiver)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => page.getByText('Transaction sent').count(), { timeout: 30_000 }).toBe(1)
  expect(await balanceOf(receiver)).toBe(receiverBefore + toLamports(500_000_000n))

  // Switch to an EVM network: no EVM wallet yet, so SwitchActiveChain leads to Connect.
  await page.keyboard.press('Escape')
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog()
    .getByRole('button', { name: new RegExp(`^${devnet.chains[0]!.name}`) })
    .click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
  expect(await seriousViolations(page)).toEqual([])
  await dialog().getByRole('button', { name: 'Connect a wallet' }).click()
  await dialog().locator('[data-connector-id="dev.foyer.testwallet"]').click()
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(evmAccount)

  // Back to Solana: the Solana connection was kept, and no prompt is needed.
  await page.evaluate(() => window.foyerSolanaTestWallet!.setBehaviour({ connect: 'reject' }))
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog()
    .getByRole('button', { name: /^Solana Localnet/ })
    .click()
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('status').textContent()).toBe('connected')
})
