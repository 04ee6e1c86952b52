import { createSolanaRpc, address as toAddress } from '@solana/kit'
import type { Browser, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
const usdc = chainA.tokens.find((token) => token.symbol === 'USDC')!
// Account 2 is this file's own.
const buyer = devnet.accounts[2]!.address
const client = createPublicClient({ transport: http(chainA.rpcUrl) })

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), buyer)
  await page.locator('[data-foyer-connect-button]').click()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await page.waitForFunction(
    (address) => document.querySelector('[data-testid="address"]')?.textContent === address,
    buyer,
  )
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const usdcBalance = () =>
  client.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [buyer],
  })

async function openBuy() {
  if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  await page.locator('[data-foyer-connect-button]').click()
  await dialog().locator('[data-foyer-feature="onramp"]').click()
  await dialog().locator('[data-foyer-onramp]').waitFor({ timeout: 15_000 })
}

const amountField = () => dialog().getByLabel('You pay', { exact: true })

test('shows each payment method’s limit and refuses amounts outside it', async () => {
  await openBuy()
  const limitError = dialog().locator('[data-foyer-onramp-amount-error]')
  const submit = dialog().getByRole('button', { name: /^Continue/ })
  await amountField().fill('5')
  await expect.poll(() => limitError.textContent()).toBe('Minimum for card is 10.00 USD')
  expect(await submit.isDisabled()).toBe(true)
  await amountField().fill('7600')
  await expect.poll(() => limitError.textContent()).toBe('Maximum for card is 7500.00 USD')
  // A bank account takes more.
  await dialog().getByRole('radio', { name: 'Bank account (ACH)' }).check()
  await expect.poll(() => limitError.count()).toBe(0)
  await expect
    .poll(() => dialog().locator('[data-foyer-onramp-quote]').count(), { timeout: 15_000 })
    .toBe(1)
  await amountField().fill('26000')
  await expect.poll(() => limitError.textContent()).toBe('Maximum for bank account is 25000.00 USD')
  expect(await submit.isDisabled()).toBe(true)
})

test('buys $50 of USDC by test card: the address receives it on anvil, Activity shows pending then confirmed', async () => {
  await openBuy()
  await dialog().getByRole('radio', { name: 'USDC' }).check()
  await dialog().getByRole('radio', { name: 'Card' }).check()
  await amountField().fill('50')
  const quote = dialog().locator('[data-foyer-onramp-quote]')
  await expect.poll(() => quote.count(), { timeout: 15_000 }).toBe(1)
  const quoted = (await dialog().locator('[data-foyer-onramp-receive]').textContent())!
  expect(quoted).toMatch(/^[0-9.,]+ USDC$/)
  expect(await seriousViolations(page)).toEqual([])
  const before = await usdcBalance()

  // The checkout opens in a new window of the provider.
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog()
      .getByRole('button', { name: /^Continue with / })
      .click(),
  ])
  // The window opens blank on the click, then goes to the provider's checkout.
  await checkout.waitForURL((url) => url.port === '4406')
  // The checkout cannot reach back into the app.
  expect(await checkout.evaluate(() => window.opener)).toBeNull()
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByLabel('Name on card').fill('Test Buyer')
  await checkout.getByRole('button', { name: /^Pay \$50\.00$/ }).click()
  await checkout.getByText('Payment received').first().waitFor()

  // The dialog follows the purchase: on its way, then arrived.
  const status = dialog().locator('[data-foyer-onramp-status]')
  await expect
    .poll(() => status.getAttribute('data-foyer-onramp-status'), { timeout: 15_000 })
    .toBe('pending')
  // Activity lists it as pending before the tokens arrive.
  await page.keyboard.press('Escape')
  await page.locator('[data-foyer-connect-button]').click()
  await dialog().getByRole('tab', { name: 'Activity' }).click()
  const purchaseRow = dialog().locator('[data-foyer-purchase]')
  await expect.poll(() => purchaseRow.count(), { timeout: 10_000 }).toBe(1)
  expect(await purchaseRow.locator('[data-foyer-status]').textContent()).toBe('Pending')
  // Then confirmed: the delivery's transaction, labelled as a purchase.
  await expect
    .poll(
      () =>
        dialog()
          .getByRole('tabpanel')
          .locator('[data-foyer-activity]', { hasText: 'Bought' })
          .locator('[data-foyer-status="confirmed"]')
          .count(),
      { timeout: 30_000 },
    )
    .toBe(1)
  const after = await usdcBalance()
  const received = Number(formatUnits(after - before, usdc.decimals))
  // Exactly what the quote said (the sandbox delivers the quoted amount).
  expect(received).toBe(Number(quoted.replace(/[^0-9.]/g, '')))
  expect(received).toBeGreaterThan(48)
  expect(received).toBeLessThan(50)
  await checkout.close()
})

test('a declined card charges nothing and delivers nothing', async () => {
  await openBuy()
  await amountField().fill('20')
  await expect
    .poll(() => dialog().locator('[data-foyer-onramp-quote]').count(), { timeout: 15_000 })
    .toBe(1)
  const before = await usdcBalance()
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog()
      .getByRole('button', { name: /^Continue with / })
      .click(),
  ])
  await checkout.waitForLoadState()
  await checkout.getByLabel('Card number').fill('4000 0000 0000 0002')
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByLabel('Name on card').fill('Test Buyer')
  await checkout.getByRole('button', { name: /^Pay / }).click()
  await checkout.getByRole('alert').getByText('Your card was declined.').waitFor()
  await checkout.close()
  // Still waiting in the dialog; nothing moved on chain.
  expect(
    await dialog().locator('[data-foyer-onramp-status]').getAttribute('data-foyer-onramp-status'),
  ).toBe('waiting')
  expect(await usdcBalance()).toBe(before)
})

test('buys USDC on Solana: the devnet mint arrives in the visitor’s token account', async () => {
  const solana = devnet.solana!
  const owner = solana.accounts[0]!.address
  const mint = solana.tokens.find((token) => token.symbol === 'USDC')!
  const rpc = createSolanaRpc(solana.rpcUrl)
  const usdcOfOwner = async () => {
    const { value } = await rpc
      .getTokenAccountsByOwner(
        toAddress(owner),
        { mint: toAddress(mint.address) },
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send()
    let total = 0n
    for (const { pubkey } of value)
      total += BigInt(
        (await rpc.getTokenAccountBalance(pubkey, { commitment: 'confirmed' }).send()).value.amount,
      )
    return total
  }
  const solanaPage = await (await browser.newContext()).newPage()
  await solanaPage.goto(`${demoUrl}/?testWallet=1`)
  await solanaPage.waitForFunction(() => window.foyerTestWallet !== undefined)
  await solanaPage.locator('[data-foyer-connect-button]').click()
  const solanaDialog = () => solanaPage.getByRole('dialog')
  await pickConnector(solanaDialog(), 'solana.foyer-test-wallet')
  await expect
    .poll(() => solanaPage.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(owner)
  await solanaPage.locator('[data-foyer-connect-button]').click()
  await solanaDialog().locator('[data-foyer-feature="onramp"]').click()
  await solanaDialog().locator('[data-foyer-onramp]').waitFor({ timeout: 15_000 })
  // SOL and the USDC mint are for sale here; USDC is chosen first.
  expect(await solanaDialog().getByRole('radio', { name: 'SOL' }).count()).toBe(1)
  expect(await solanaDialog().getByRole('radio', { name: 'USDC' }).isChecked()).toBe(true)
  await solanaDialog().getByLabel('You pay', { exact: true }).fill('25')
  const receive = solanaDialog().locator('[data-foyer-onramp-receive]')
  await expect.poll(() => receive.count(), { timeout: 15_000 }).toBe(1)
  const quoted = Number((await receive.textContent())!.replace(/[^0-9.]/g, ''))
  const before = await usdcOfOwner()
  const [checkout] = await Promise.all([
    solanaPage.context().waitForEvent('page'),
    solanaDialog()
      .getByRole('button', { name: /^Continue with / })
      .click(),
  ])
  await checkout.waitForURL((url) => url.port === '4406')
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242')
  await checkout.getByLabel('Expiry (MM/YY)').fill('12/34')
  await checkout.getByLabel('CVC').fill('123')
  await checkout.getByLabel('Name on card').fill('Test Buyer')
  await checkout.getByRole('button', { name: /^Pay \$25\.00$/ }).click()
  await expect
    .poll(
      () =>
        solanaDialog()
          .locator('[data-foyer-onramp-status]')
          .getAttribute('data-foyer-onramp-status'),
      { timeout: 30_000 },
    )
    .toBe('success')
  const received = Number((await usdcOfOwner()) - before) / 10 ** mint.decimals
  expect(received).toBe(quoted)
  await solanaPage.context().close()
})
