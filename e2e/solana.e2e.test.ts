import { createSolanaRpc, address as toAddress, lamports as toLamports } from '@solana/kit'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance, shownSol } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
const solana = devnet.solana!
const rpc = createSolanaRpc(solana.rpcUrl)
// The demo's Solana test wallet holds dev key 0; key 5 receives.
const owner = solana.accounts[0]!.address
const receiver = solana.accounts[5]!.address
const evmAccount = devnet.accounts[0]!.address
const usdc = solana.tokens.find((token) => token.symbol === 'USDC')!
const solanaConnectorId = 'solana.foyer-test-wallet'
const evmConnectorId = 'dev.foyer.testwallet'

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

const balanceOf = async (account: string) =>
  (await rpc.getBalance(toAddress(account), { commitment: 'confirmed' }).send()).value
/** The owner's USDC in base units, summed over its token accounts, as the local RPC reports it. */
async function usdcOf(account: string) {
  const { value: tokenAccounts } = await rpc
    .getTokenAccountsByOwner(
      toAddress(account),
      { mint: toAddress(usdc.address) },
      { encoding: 'base64', commitment: 'confirmed' },
    )
    .send()
  let total = 0n
  for (const { pubkey } of tokenAccounts) {
    const { value } = await rpc.getTokenAccountBalance(pubkey, { commitment: 'confirmed' }).send()
    expect(value.decimals).toBe(usdc.decimals)
    total += BigInt(value.amount)
  }
  return total
}
/** Opens the dialog on the network list and picks the network whose name starts with `name`. */
async function pickNetwork(name: string) {
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog()
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
}

test('connects the Solana test wallet, sends 0.5 SOL, then adds an EVM wallet through SwitchActiveChain and keeps both', async () => {
  await page.goto(`${demoUrl}/?testWallet=1`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)

  // Connect: one row for the test wallet, which serves both namespaces; pick its Solana side.
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
  const walletRow = dialog().locator(`[data-connector-ids~="${solanaConnectorId}"]`)
  await expect.poll(() => walletRow.isVisible(), { timeout: 10_000 }).toBe(true)
  expect((await walletRow.getAttribute('data-connector-ids'))?.split(' ')).toContain(evmConnectorId)
  // The name is shown in full, the namespace marks under it (beside it they crushed it to nothing).
  const nameBox = await walletRow.evaluate((row) => {
    const label = row.querySelector('.foyer-list-item-label')!
    const range = document.createRange()
    range.selectNodeContents(label.firstChild!)
    const name = range.getBoundingClientRect()
    return { width: name.width, labelRight: label.getBoundingClientRect().right, right: name.right }
  })
  expect(nameBox.width).toBeGreaterThan(60)
  expect(nameBox.right).toBeLessThanOrEqual(nameBox.labelRight + 0.5)
  expect(await walletRow.locator('.foyer-namespace-mark').allTextContents()).toEqual(
    expect.arrayContaining(['EVM', 'Solana']),
  )
  await pickConnector(dialog(), solanaConnectorId)
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
    .toBe(shownSol(await balanceOf(owner)))
  const usdcRow = dialog().locator('li[data-token-symbol="USDC"] [data-foyer-token-quantity]')
  const usdcHeld = await usdcOf(owner)
  expect(usdcHeld).toBeGreaterThan(0n)
  await expect
    .poll(() => usdcRow.textContent(), { timeout: 20_000 })
    .toBe(shownBalance(usdcHeld, usdc.decimals, 'USDC'))
  expect(await seriousViolations(page)).toEqual([])

  // Send 0.5 SOL: the receiver gains exactly that, and the sender's balance in the dialog drops
  // to what the RPC reports.
  const receiverBefore = await balanceOf(receiver)
  const senderBefore = await balanceOf(owner)
  const accountBalance = dialog().locator('[data-foyer-balance]')
  expect(await accountBalance.textContent()).toBe(shownSol(senderBefore))
  await dialog().locator('[data-foyer-feature="send"]').click()
  await dialog().getByLabel('Token', { exact: true }).selectOption('native')
  await dialog().getByLabel('Amount', { exact: true }).fill('0.5')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(receiver)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => page.getByText('Transaction sent').count(), { timeout: 30_000 }).toBe(1)
  expect(await balanceOf(receiver)).toBe(receiverBefore + toLamports(500_000_000n))
  const senderAfter = await balanceOf(owner)
  // 0.5 SOL and the network fee (a few thousand lamports) left the sender.
  expect(senderBefore - senderAfter - 500_000_000n).toBeGreaterThan(0n)
  expect(senderBefore - senderAfter - 500_000_000n).toBeLessThan(1_000_000n)
  await page.keyboard.press('Escape')
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  await expect
    .poll(async () => [await accountBalance.textContent(), shownSol(await balanceOf(owner))])
    .toEqual([shownSol(senderAfter), shownSol(senderAfter)])
  await dialog().getByRole('tab', { name: 'Tokens' }).click()
  await expect.poll(() => solRow.textContent(), { timeout: 20_000 }).toBe(shownSol(senderAfter))
  await page.keyboard.press('Escape')

  // Switch to an EVM network: no EVM wallet yet, so SwitchActiveChain leads to Connect.
  await pickNetwork(devnet.chains[0]!.name)
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
  expect(await seriousViolations(page)).toEqual([])
  await dialog().getByRole('button', { name: 'Connect a wallet' }).click()
  await pickConnector(dialog(), evmConnectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(evmAccount)

  // Back to Solana: the Solana connection was kept, and no prompt is needed.
  await page.evaluate(() => window.foyerSolanaTestWallet!.setBehaviour({ connect: 'reject' }))
  await pickNetwork('Solana Localnet')
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('status').textContent()).toBe('connected')
})

// Continues from the test above: both wallets connected, Solana active.
test('after a reload both connections are kept, and switching between the namespaces prompts neither wallet', async () => {
  const solanaNetwork = await page.getByTestId('network').textContent()
  expect(solanaNetwork).toMatch(/^solana:/)
  // The EVM wallet refuses every prompt from the first instant of the new page.
  await page.goto(`${demoUrl}/?testWallet=1&testWalletConnect=reject`)
  await page.waitForFunction(() => window.foyerSolanaTestWallet !== undefined)
  await page.evaluate(() => {
    window.foyerTestWallet!.setBehaviour({ connect: 'reject', switchChain: 'reject' })
    window.foyerSolanaTestWallet!.setBehaviour({ connect: 'reject', sign: 'reject' })
  })
  await expect
    .poll(() => page.getByTestId('status').textContent(), { timeout: 20_000 })
    .toBe('connected')
  expect(await page.getByTestId('address').textContent()).toBe(owner)
  expect(await page.getByTestId('network').textContent()).toBe(solanaNetwork)

  // To the EVM chain the wallet sits on: the restored EVM connection takes over, no prompt.
  await pickNetwork(devnet.chains[0]!.name)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(evmAccount)
  expect(await page.getByTestId('network').textContent()).toBe(
    `eip155:${devnet.chains[0]!.chainId}`,
  )
  await page.keyboard.press('Escape')

  // And back to Solana, again without a prompt.
  await pickNetwork('Solana Localnet')
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  expect(await page.getByTestId('network').textContent()).toBe(solanaNetwork)
  expect(await page.getByTestId('status').textContent()).toBe('connected')
  expect(await page.getByText(/rejected/i).count()).toBe(0)
})
