import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, createTestClient, formatEther, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

const { devnet } = inject('world')
const [chainA, chainB] = devnet.chains as [(typeof devnet.chains)[0], (typeof devnet.chains)[0]]
// Account 6 is this file's own, so balances set here do not disturb other tests.
const account = devnet.accounts[6]!.address

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
})
afterEach(async () => {
  await context?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')

async function openDemoWithTestWallet(query = '') {
  await page.goto(`${demoUrl}/?testWallet=1&solana=0${query}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), account)
}

async function expectNoSeriousViolations(view: string) {
  const violations = await seriousViolations(page)
  expect(violations, `axe on ${view}`).toEqual([])
}

/** What anvil reports, formatted as the dialog must show it: 3 decimals, rounded down. */
async function anvilBalance(rpcUrl: string) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const wei = await client.getBalance({ address: account })
  const [whole, fraction = ''] = formatEther(wei).split('.')
  return `${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)} ETH`
}

async function setBalance(rpcUrl: string, ether: string) {
  const client = createTestClient({ mode: 'anvil', transport: http(rpcUrl) })
  await client.setBalance({ address: account, value: parseEther(ether) })
}

describe('the connect dialog with an injected wallet', () => {
  test('connects, shows the balance anvil reports, switches network, survives a reload and disconnects', async () => {
    await setBalance(chainA.rpcUrl, '1234.56789')
    await setBalance(chainB.rpcUrl, '42.5')
    await openDemoWithTestWallet()

    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('aria-modal')).toBe('true')
    await expectNoSeriousViolations('Connect')
    await dialog()
      .getByRole('button', { name: /Foyer Test Wallet/ })
      .click()

    // Connected: the button shows the account and its balance on chain A.
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
    const expectedA = await anvilBalance(chainA.rpcUrl)
    expect(expectedA).toBe('1,234.567 ETH')
    await expect
      .poll(() => connectButton().locator('[data-foyer-balance]').textContent())
      .toBe(expectedA)

    // Account view: address and balance.
    await connectButton().click()
    await expect
      .poll(() => dialog().locator('[data-foyer-account]').getAttribute('title'))
      .toBe(account)
    await expect.poll(() => dialog().locator('[data-foyer-balance]').textContent()).toBe(expectedA)
    await expectNoSeriousViolations('Account')

    // Switch to chain B from the dialog: the balance shown is chain B's.
    await dialog()
      .getByRole('button', { name: `Network ${chainA.name}`, exact: true })
      .click()
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe('Choose Network')
    await expectNoSeriousViolations('SwitchNetwork')
    await dialog()
      .getByRole('button', { name: new RegExp(chainB.name) })
      .click()
    await expect
      .poll(() => page.getByTestId('network').textContent())
      .toBe(`eip155:${chainB.chainId}`)
    const expectedB = await anvilBalance(chainB.rpcUrl)
    expect(expectedB).toBe('42.500 ETH')
    await expect
      .poll(() => connectButton().locator('[data-foyer-balance]').textContent())
      .toBe(expectedB)

    // Reload, with a wallet that refuses every prompt from the start: reconnected silently, still
    // on chain B.
    await page.goto(`${demoUrl}/?testWallet=1&solana=0&testWalletConnect=reject`)
    await page.waitForFunction(() => window.foyerTestWallet !== undefined)
    expect(await page.evaluate(() => window.foyerTestWallet!.getBehaviour().connect)).toBe('reject')
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
    await expect
      .poll(() => page.getByTestId('network').textContent())
      .toBe(`eip155:${chainB.chainId}`)
    await expect
      .poll(() => connectButton().locator('[data-foyer-balance]').textContent())
      .toBe(expectedB)

    // Disconnect from the Account view.
    await connectButton().click()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
    await expect.poll(() => connectButton().textContent()).toBe('Connect Wallet')
  })

  test('a rejected connection shows Connection rejected, and Retry connects', async () => {
    await openDemoWithTestWallet()
    await page.evaluate(() => window.foyerTestWallet!.setBehaviour({ connect: 'reject' }))
    await connectButton().click()
    await dialog()
      .getByRole('button', { name: /Foyer Test Wallet/ })
      .click()
    await expect.poll(() => dialog().getByText('Connection rejected').count()).toBe(1)
    await expectNoSeriousViolations('ConnectingExternal (rejected)')

    await page.evaluate(() => window.foyerTestWallet!.setBehaviour({ connect: 'approve' }))
    await dialog().getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
  })

  test('a wallet on a network the app does not support opens UnsupportedChain', async () => {
    await openDemoWithTestWallet(`&networks=${chainA.chainId}`)
    await connectButton().click()
    await dialog()
      .getByRole('button', { name: /Foyer Test Wallet/ })
      .click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)

    await page.evaluate((id) => window.foyerTestWallet!.switchChainFromWallet(id), chainB.chainId)
    await expect
      .poll(() => dialog().getByRole('heading').first().textContent())
      .toBe('Switch Network')
    await expectNoSeriousViolations('UnsupportedChain')

    // Switching back to a supported network from the dialog closes it.
    await dialog()
      .getByRole('button', { name: new RegExp(chainA.name) })
      .click()
    await expect
      .poll(() => page.getByTestId('network').textContent())
      .toBe(`eip155:${chainA.chainId}`)
    await expect.poll(() => dialog().count()).toBe(0)
  })

  test('the All Wallets view lists and searches wallets with the keyboard', async () => {
    await openDemoWithTestWallet()
    await connectButton().click()
    await dialog().getByRole('button', { name: 'All Wallets' }).click()
    const search = dialog().getByRole('searchbox')
    await expect.poll(() => search.count()).toBe(1)
    await expectNoSeriousViolations('AllWallets')
    await search.fill('Foyer')
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Foyer Test Wallet/ })
          .count(),
      )
      .toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    // Focus returns to the button that opened the dialog.
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.hasAttribute('data-foyer-connect-button')),
      )
      .toBe(true)
  })
})

describe('page load', () => {
  test('a page with only the connect button makes no request and loads no dialog code until opened', async () => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    const response = await page.goto(`${demoUrl}/button.html`)
    const html = (await response!.text()) ?? ''
    await page.waitForLoadState('networkidle')
    // Only the page and the files its HTML names: no RPC, no server, no lazily loaded chunk.
    const named = new Set(
      [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
        (match) => new URL(match[1]!, demoUrl).href,
      ),
    )
    const unexpected = requests.filter((url) => url !== `${demoUrl}/button.html` && !named.has(url))
    expect(unexpected).toEqual([])

    await connectButton().click()
    await expect.poll(() => dialog().count()).toBe(1)
    // The dialog came from chunks loaded on demand, all from the page's own origin.
    expect(requests.length).toBeGreaterThan(named.size + 1)
    expect(requests.filter((url) => !url.startsWith(demoUrl))).toEqual([])
  })
})
