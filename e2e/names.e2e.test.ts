import type { Browser, Page } from 'playwright-core'
import { createPublicClient, defineChain, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
const usdc = chainA.tokens.find((token) => token.symbol === 'USDC')!
// Account 2 registers a name (it has none on the devnet's ENS); account 6 sends to it.
const registrant = devnet.accounts[2]!.address
const sender = devnet.accounts[6]!.address
// Unique per run: a name outlives the run on a reused data directory.
const label = `visitor-${Date.now().toString(36)}`
const zone = 'foyer.eth'
const name = `${label}.${zone}`

// Any ENS client: viem's own actions, through the devnet's universal resolver and CCIP-read.
const ensClient = createPublicClient({
  chain: defineChain({
    id: chainA.chainId,
    name: chainA.name,
    nativeCurrency: chainA.nativeCurrency,
    rpcUrls: { default: { http: [chainA.rpcUrl] } },
    contracts: { ensUniversalResolver: { address: chainA.contracts.ensUniversalResolver } },
  }),
  transport: http(chainA.rpcUrl),
})

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), registrant)
  await page.locator('[data-foyer-connect-button]').click()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await page.waitForFunction(
    (address) => document.querySelector('[data-testid="address"]')?.textContent === address,
    registrant,
  )
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const availability = () => dialog().locator('[data-foyer-name-availability]')
const nameField = () => dialog().getByLabel('Your name', { exact: true })
const registerButton = () => dialog().getByRole('button', { name: /^Register / })

async function openAccount() {
  if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  await page.locator('[data-foyer-connect-button]').click()
  await dialog().locator('[data-foyer-account]').waitFor()
}

test('registers a name from the dialog; any ENS client resolves it; Account shows it', async () => {
  await openAccount()
  await dialog().getByRole('button', { name: 'Choose a name' }).click()
  await nameField().waitFor()

  // SPEC §5: at least 4 characters of letters, digits and hyphens.
  await nameField().fill('abc')
  await expect
    .poll(() => availability().textContent())
    .toBe('Name must be at least 4 characters: letters, digits and hyphens')
  expect(await registerButton().isDisabled()).toBe(true)
  await nameField().fill('bad_name')
  await expect
    .poll(() => availability().getAttribute('data-foyer-name-availability'))
    .toBe('invalid')
  expect(await registerButton().isDisabled()).toBe(true)

  await nameField().fill(label)
  await expect.poll(() => availability().textContent()).toBe(`${name} is available`)
  expect(await seriousViolations(page)).toEqual([])
  await registerButton().click()
  // The test wallet signs the registration message; the server stores the name.
  await dialog().locator('[data-foyer-register-success]').waitFor({ timeout: 15_000 })
  expect(await dialog().getByRole('status').first().textContent()).toBe(`${name} is yours`)

  // viem against anvil: the resolver sends it to the Foyer server's gateway (EIP-3668).
  expect(await ensClient.getEnsAddress({ name })).toBe(registrant)

  await dialog().getByRole('button', { name: 'Back to your account' }).click()
  await expect.poll(() => dialog().locator('[data-foyer-account]').textContent()).toBe(name)
  expect(await dialog().getByRole('button', { name: 'Choose a name' }).count()).toBe(0)
})

test('another account finds the name taken and gets free variants instead', async () => {
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), sender)
  await page.waitForFunction(
    (address) => document.querySelector('[data-testid="address"]')?.textContent === address,
    sender,
  )
  await openAccount()
  await dialog().getByRole('button', { name: 'Choose a name' }).click()
  await nameField().fill(label)
  await expect.poll(() => availability().textContent()).toBe(`${name} is taken`)
  expect(await registerButton().isDisabled()).toBe(true)
  const suggestions = dialog().locator('[data-foyer-name-suggestion]')
  await expect.poll(() => suggestions.count()).toBeGreaterThan(0)
  // Picking one fills it in, and it is free.
  const first = (await suggestions.first().textContent())!
  await suggestions.first().click()
  await expect.poll(() => availability().textContent()).toBe(`${first} is available`)
})

test('sends 1 USDC to the name from Send: it resolves as typed and lands on anvil', async () => {
  await openAccount()
  await dialog().locator('[data-foyer-feature="send"]').click()
  await dialog().getByLabel('Token', { exact: true }).selectOption(usdc.address.toLowerCase())
  await dialog().getByLabel('Amount', { exact: true }).fill('1')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(name)
  const lookup = dialog().locator('[data-foyer-receiver-lookup]')
  await expect
    .poll(() => lookup.getAttribute('data-foyer-receiver-lookup'), { timeout: 10_000 })
    .toBe('resolved')
  expect(await lookup.textContent()).toContain(`${name} · ${registrant}`)
  // The receiver's avatar sits beside its name and address, never over them.
  const avatar = (await lookup.locator('[data-foyer-receiver-profile] img').boundingBox())!
  const text = (await lookup.locator('.foyer-receiver-profile-text').boundingBox())!
  expect(avatar.width).toBeGreaterThan(0)
  expect(avatar.x + avatar.width).toBeLessThanOrEqual(text.x)
  const balance = () =>
    ensClient.readContract({
      address: usdc.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [registrant],
    })
  const before = await balance()
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => page.getByText('Transaction sent').count(), { timeout: 30_000 }).toBe(1)
  expect(await balance()).toBe(before + parseUnits('1', usdc.decimals))
  // The sender's Activity names the receiver.
  await openAccount()
  await dialog().getByRole('tab', { name: 'Activity' }).click()
  await expect
    .poll(
      () =>
        dialog()
          .getByRole('tabpanel')
          .locator(`[data-foyer-counterparty="${registrant}"]`)
          .first()
          .textContent(),
      { timeout: 20_000 },
    )
    .toBe(`To ${name}`)
  await dialog().locator('[data-foyer-feature="send"]').click()

  // A name nobody holds is said so, and nothing can be sent to it.
  await dialog().getByLabel('Amount', { exact: true }).fill('1')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(`nobody-${label}.${zone}`)
  await expect
    .poll(() => lookup.textContent(), { timeout: 10_000 })
    .toBe(`No address found for nobody-${label}.${zone}`)
})
