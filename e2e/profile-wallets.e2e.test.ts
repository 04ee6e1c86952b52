import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, http } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { mobileWalletUrl, useDappAndWallet } from './support/dappAndWallet.ts'
import { codeIn, countMails, nextMail, waitForEmailSlot } from './support/mailbox.ts'
import { pickConnector } from './support/pickConnector.ts'
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
let context: BrowserContext | undefined
let page: Page
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

/** A fresh browser profile; the previous one is closed (its demo would go on polling the chain). */
async function newProfile() {
  await context?.close()
  context = await browser.newContext()
  page = await context.newPage()
  return page
}

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')
const shownEth = async (address: `0x${string}`) =>
  shownBalance(await client.getBalance({ address }), 18, 'ETH')

/** A fresh browser profile: the demo with the injected test wallet, connected. */
async function connectTestWallet(query: string) {
  await newProfile()
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

const evmConnectorId = 'dev.foyer.testwallet'
const solanaConnectorId = 'solana.foyer-test-wallet'
const embeddedConnectorId = 'embedded'

/** The rows of ProfileWallets as [namespace, connector id, status]. */
async function profileRows(on: Page) {
  return on
    .getByRole('dialog')
    .locator('section[data-namespace] [data-status]')
    .evaluateAll((rows) =>
      rows.map((row) => [
        row.closest('section')?.getAttribute('data-namespace'),
        row.getAttribute('data-connector-id'),
        row.getAttribute('data-status'),
      ]),
    )
}

test('the multi-namespace test wallet connects EVM and Solana, and ProfileWallets shows both', async () => {
  await newProfile()
  await page.goto(`${demoUrl}/?testWallet=1&${multiWallet}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await connectButton().click()
  await pickConnector(dialog(), evmConnectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(first.address)

  // Solana through the network list: no Solana wallet yet, so SwitchActiveChain leads to Connect.
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog()
    .getByRole('button', { name: /^Solana Localnet/ })
    .click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchActiveChain')
  await dialog().getByRole('button', { name: 'Connect a wallet' }).click()
  await pickConnector(dialog(), solanaConnectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(devnet.solana!.accounts[0]!.address)

  await connectButton().click()
  await dialog().locator('[data-foyer-wallets]').click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('ProfileWallets')
  await expect
    .poll(() => profileRows(page), { timeout: 10_000 })
    .toEqual([
      ['eip155', evmConnectorId, 'active'],
      ['solana', solanaConnectorId, 'active'],
    ])
  expect(await seriousViolations(page)).toEqual([])
})

describe('with a WalletConnect wallet added', () => {
  const sides = useDappAndWallet({ clipboard: true })
  const dappDialog = () => sides.dapp.getByRole('dialog')
  const walletConnectAccount = devnet.accounts[1]!.address

  test('adds a WalletConnect wallet from ProfileWallets, switches the active one, disconnects one and the others stay', async () => {
    // The injected test wallet first (account 0).
    await sides.dapp.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&${multiWallet}`)
    await sides.dapp.waitForFunction(() => window.foyerTestWallet !== undefined)
    await sides.dapp.locator('[data-foyer-connect-button]').click()
    await pickConnector(dappDialog(), evmConnectorId)
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(first.address)

    // Add another wallet: WalletConnect, approved by the mobile test wallet with account 1.
    await sides.dapp.locator('[data-foyer-connect-button]').click()
    await dappDialog().locator('[data-foyer-wallets]').click()
    await dappDialog().locator('[data-foyer-add-wallet="eip155"]').click()
    await expect.poll(() => dappDialog().getAttribute('data-view')).toBe('Connect')
    await dappDialog().getByRole('button', { name: 'WalletConnect', exact: true }).click()
    const qrCode = dappDialog().getByRole('img', { name: 'WalletConnect QR code' })
    await expect.poll(() => qrCode.getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:/)
    const uri = (await qrCode.getAttribute('data-uri'))!
    await sides.wallet.goto(`${mobileWalletUrl}/?account=1`)
    await sides.wallet.getByLabel('WalletConnect URI').fill(uri)
    await sides.wallet.getByRole('button', { name: 'Connect' }).click()
    await sides.wallet
      .getByRole('region', { name: 'Session proposals' })
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Approve' })
      .click()

    // Connected, the dialog is back on the list: the new wallet active, the first one connected.
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletConnectAccount)
    await expect.poll(() => dappDialog().getAttribute('data-view')).toBe('ProfileWallets')
    await expect
      .poll(() => profileRows(sides.dapp))
      .toEqual([
        ['eip155', 'walletConnect', 'active'],
        ['eip155', evmConnectorId, 'connected'],
      ])
    expect(await seriousViolations(sides.dapp)).toEqual([])

    // Make the injected wallet active again: the account follows.
    await dappDialog().locator(`[data-connector-id="${evmConnectorId}"][data-status]`).click()
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(first.address)
    await expect
      .poll(() => profileRows(sides.dapp))
      .toEqual([
        ['eip155', evmConnectorId, 'active'],
        ['eip155', 'walletConnect', 'connected'],
      ])

    // Disconnect WalletConnect: it stays listed as disconnected, the injected wallet stays active.
    await dappDialog().locator('[data-foyer-disconnect="walletConnect"]').click()
    await expect
      .poll(() => profileRows(sides.dapp), { timeout: 10_000 })
      .toEqual([
        ['eip155', evmConnectorId, 'active'],
        ['eip155', 'walletConnect', 'disconnected'],
      ])
    expect(await sides.dapp.getByTestId('status').textContent()).toBe('connected')
    expect(await sides.dapp.getByTestId('address').textContent()).toBe(first.address)

    // Switching back to it reruns its flow: a new pairing code, approved again in the wallet.
    await dappDialog().locator('[data-connector-id="walletConnect"][data-status]').click()
    await expect.poll(() => dappDialog().getAttribute('data-view')).toBe('ConnectingWalletConnect')
    await expect.poll(() => qrCode.getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:/)
    const newUri = (await qrCode.getAttribute('data-uri'))!
    expect(newUri).not.toBe(uri)
    await sides.wallet.getByLabel('WalletConnect URI').fill(newUri)
    await sides.wallet.getByRole('button', { name: 'Connect' }).click()
    await sides.wallet
      .getByRole('region', { name: 'Session proposals' })
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Approve' })
      .click()
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletConnectAccount)
    await expect.poll(() => dappDialog().getAttribute('data-view')).toBe('ProfileWallets')
    await expect
      .poll(() => profileRows(sides.dapp))
      .toEqual([
        ['eip155', 'walletConnect', 'active'],
        ['eip155', evmConnectorId, 'connected'],
      ])
  })
})

describe('with an email login added', () => {
  // An address no other file logs in with, new on every run.
  const email = `profile-wallets-${Date.now().toString(36)}@example.com`
  const loginCode = 'Your login code'
  const shownAccount = () => dialog().locator('[data-foyer-account]').getAttribute('title')

  /** Sends the email on the view showing the email input, then types the mailed code. */
  async function logInWithEmail(fill: boolean) {
    const seen = await countMails(email, loginCode)
    const input = dialog().getByRole('textbox', { name: 'Email address' })
    if (fill) await input.fill(email)
    else await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toBe(email)
    await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
    const code = codeIn(await nextMail(email, loginCode, seen))
    await dialog().getByRole('textbox', { name: 'Verification code' }).fill(code)
  }

  test('adds an email login to the injected wallet, switches, disconnects it and signs in again from its row', async () => {
    // The injected test wallet first (account 0).
    await connectTestWallet(multiWallet)
    await connectButton().click()
    await dialog().locator('[data-foyer-wallets]').click()
    await dialog().locator('[data-foyer-add-wallet="eip155"]').click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
    await logInWithEmail(true)

    // Signed in, the dialog is back on the list: the email login active, the injected one connected.
    await expect
      .poll(() => dialog().getAttribute('data-view'), { timeout: 30_000 })
      .toBe('ProfileWallets')
    await expect
      .poll(() => profileRows(page), { timeout: 10_000 })
      .toEqual([
        ['eip155', embeddedConnectorId, 'active'],
        ['eip155', evmConnectorId, 'connected'],
      ])
    const emailAccount = (await page.getByTestId('address').textContent()) as string
    expect(emailAccount).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(emailAccount).not.toBe(first.address)
    expect(await seriousViolations(page)).toEqual([])

    // Make the injected wallet active: the app's and the Account view's address follow.
    await dialog().locator(`[data-connector-id="${evmConnectorId}"][data-status]`).click()
    await expect
      .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(first.address)
    await dialog().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(shownAccount).toBe(first.address)

    // Disconnect the email login: listed as Disconnected, the injected wallet stays.
    await dialog().locator('[data-foyer-wallets]').click()
    await dialog().locator(`[data-foyer-disconnect="${embeddedConnectorId}"]`).click()
    await expect
      .poll(() => profileRows(page), { timeout: 10_000 })
      .toEqual([
        ['eip155', evmConnectorId, 'active'],
        ['eip155', embeddedConnectorId, 'disconnected'],
      ])
    const disconnectedRow = dialog().locator(`[data-connector-id="${embeddedConnectorId}"]`)
    expect(await disconnectedRow.textContent()).toContain('Disconnected')
    expect(await page.getByTestId('status').textContent()).toBe('connected')
    expect(await page.getByTestId('address').textContent()).toBe(first.address)

    // Still listed after a reload (the injected wallet reconnects by itself).
    await page.reload()
    await expect
      .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(first.address)
    await connectButton().click()
    await dialog().locator('[data-foyer-wallets]').click()
    await expect
      .poll(() => profileRows(page), { timeout: 10_000 })
      .toEqual([
        ['eip155', evmConnectorId, 'active'],
        ['eip155', embeddedConnectorId, 'disconnected'],
      ])

    // Its row reruns the email login, the address filled in (codes go out once per cooldown).
    await waitForEmailSlot(email)
    await dialog().locator(`[data-connector-id="${embeddedConnectorId}"][data-status]`).click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('EmailLogin')
    await logInWithEmail(false)
    await expect
      .poll(() => page.getByTestId('address').textContent(), { timeout: 30_000 })
      .toBe(emailAccount)
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('ProfileWallets')
    await expect
      .poll(() => profileRows(page))
      .toEqual([
        ['eip155', embeddedConnectorId, 'active'],
        ['eip155', evmConnectorId, 'connected'],
      ])

    // Disconnect all: both forgotten. Connected again after a reload, the list holds one wallet.
    await dialog().locator('[data-foyer-disconnect-all]').click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await page.reload()
    await page.waitForFunction(() => window.foyerTestWallet !== undefined)
    await connectButton().click()
    await pickConnector(dialog(), evmConnectorId)
    await expect
      .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(first.address)
    await connectButton().click()
    await dialog().locator('[data-foyer-wallets]').click()
    await expect
      .poll(() => profileRows(page), { timeout: 10_000 })
      .toEqual([['eip155', evmConnectorId, 'active']])
  }, 180_000)
})
