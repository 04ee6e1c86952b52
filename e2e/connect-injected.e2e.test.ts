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
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155${query}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), account)
}

/**
 * Makes the test wallet hold its answer to the next `eth_requestAccounts` until
 * `answerConnectRequest()`, as a visitor who has not yet looked at the extension's popup.
 */
async function holdNextConnectRequest() {
  await page.evaluate(() => {
    const wallet = window.foyerTestWallet!
    const request = wallet.request
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    Object.assign(window, { answerConnectRequest: answer })
    wallet.request = async (arguments_) => {
      if (arguments_.method !== 'eth_requestAccounts') return request(arguments_)
      wallet.request = request
      await answered
      return request(arguments_)
    }
  })
}

const answerConnectRequest = () =>
  page.evaluate(() =>
    (window as unknown as { answerConnectRequest: () => void }).answerConnectRequest(),
  )

async function expectNoSeriousViolations(view: string) {
  const violations = await seriousViolations(page)
  expect(violations, `axe on ${view}`).toEqual([])
}

/** What anvil reports, formatted as the dialog must show it: 3 decimals, rounded down. */
/**
 * From the open Connect view: the test wallet rejects, with axe run on the waiting view (the
 * wallet's answer held back) and on the error; then Try again connects `account`.
 * `axeLabel` prefixes the views' names in axe reports, e.g. 'light, '.
 */
async function rejectThenRetry(axeLabel: string) {
  await page.evaluate(() => window.foyerTestWallet!.setBehaviour({ connect: 'reject' }))
  await holdNextConnectRequest()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .click()
  await expect.poll(() => dialog().getByText('Continue in Foyer Test Wallet').count()).toBe(1)
  await expectNoSeriousViolations(`ConnectingExternal (${axeLabel}waiting)`)
  await answerConnectRequest()
  await expect.poll(() => dialog().getByText('Connection rejected').count()).toBe(1)
  await expectNoSeriousViolations(`ConnectingExternal (${axeLabel}rejected)`)

  await page.evaluate(() => window.foyerTestWallet!.setBehaviour({ connect: 'approve' }))
  await dialog().getByRole('button', { name: 'Try again' }).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
}

/**
 * How the connect button looks: its theme and state, its computed colours and radius, the
 * colour its theme's accent computes to (the same CSS colour on a probe), and its pictures.
 */
function connectButtonLook() {
  return connectButton().evaluate(async (button: HTMLElement) => {
    const style = getComputedStyle(button)
    const probe = document.createElement('i')
    probe.style.color = style.getPropertyValue('--foyer-accent')
    document.body.append(probe)
    const accent = getComputedStyle(probe).color
    probe.remove()
    const images = Array.from(button.querySelectorAll('img'))
    return {
      theme: button.getAttribute('data-theme'),
      state: button.getAttribute('data-state'),
      background: style.backgroundColor,
      color: style.color,
      radius: style.borderRadius,
      accent,
      images: await Promise.all(
        images.map(async (image) => ({
          alt: image.alt,
          // An inline SVG that the browser decodes: drawn, and nothing fetched.
          drawn:
            image.src.startsWith('data:image/svg') &&
            (await image.decode().then(
              () => true,
              () => false,
            )),
          width: image.getBoundingClientRect().width,
        })),
      ),
    }
  })
}

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
    // Disconnected: the accent on the button, as on the dialog's primary buttons.
    const disconnected = await connectButtonLook()
    expect(disconnected).toMatchObject({ theme: 'dark', state: 'disconnected', radius: '12px' })
    expect(disconnected.background).toBe(disconnected.accent)

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
    // The default button, styled from the dialog's dark theme: the network's mark, the balance,
    // the account's identicon and its shortened address.
    await expect
      .poll(async () => (await connectButtonLook()).images.every((image) => image.drawn))
      .toBe(true)
    expect(await connectButtonLook()).toEqual({
      theme: 'dark',
      state: 'connected',
      background: 'rgb(18, 19, 19)',
      color: 'rgb(228, 231, 231)',
      radius: '12px',
      accent: expect.any(String),
      images: [
        { alt: chainA.name, drawn: true, width: 20 },
        { alt: '', drawn: true, width: 20 },
      ],
    })
    expect(await connectButton().getAttribute('aria-label')).toBeNull()
    expect(await connectButton().textContent()).toBe(
      `${expectedA}${account.slice(0, 6)}…${account.slice(-4)}`,
    )
    await expectNoSeriousViolations('the connected button')

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
    // The dialog went back to the Account view, which shows chain B's balance too.
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(() => dialog().locator('[data-foyer-balance]').textContent()).toBe(expectedB)
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: `Network ${chainB.name}`, exact: true })
          .count(),
      )
      .toBe(1)

    // Reload, with a wallet that refuses every prompt from the start: reconnected silently, still
    // on chain B.
    await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&testWalletConnect=reject`)
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
    await connectButton().click()
    await rejectThenRetry('')
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

    // Closed, the button warns; a click opens the network list.
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)
    await expect.poll(() => connectButton().textContent()).toBe('Wrong network')
    expect(await connectButton().getAttribute('data-state')).toBe('wrong-network')
    await expectNoSeriousViolations('the wrong-network button')
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchNetwork')

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
    // The registry's page is in, long names included: four columns, all inside the card.
    await expect.poll(() => dialog().locator('.foyer-grid-item').count()).toBeGreaterThan(8)
    const overflowing = await page.evaluate(() => {
      const root = document.querySelector('[data-foyer-host]')!.shadowRoot!
      const card = root.querySelector('.foyer-card')!.getBoundingClientRect()
      const items = Array.from(root.querySelectorAll('.foyer-grid-item'))
      const columns = new Set(items.map((item) => item.getBoundingClientRect().left)).size
      const outside = items
        .filter((item) => {
          const { left, right } = item.getBoundingClientRect()
          return left < card.left || right > card.right
        })
        .map((item) => item.textContent)
      return { columns, outside }
    })
    expect(overflowing).toEqual({ columns: 4, outside: [] })
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

describe('the light theme and the keyboard', () => {
  test('the main views pass axe in the light theme', async () => {
    await openDemoWithTestWallet('&theme=light')
    const disconnected = await connectButtonLook()
    expect(disconnected).toMatchObject({ theme: 'light', state: 'disconnected', radius: '12px' })
    expect(disconnected.background).toBe(disconnected.accent)
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('aria-modal')).toBe('true')
    expect(
      await page.evaluate(() =>
        document
          .querySelector('[data-foyer-host]')
          ?.shadowRoot?.querySelector('.foyer-theme')
          ?.getAttribute('data-theme'),
      ),
    ).toBe('light')
    await expectNoSeriousViolations('Connect (light)')

    await dialog().getByRole('button', { name: 'All Wallets' }).click()
    await expect.poll(() => dialog().getByRole('searchbox').count()).toBe(1)
    await expectNoSeriousViolations('AllWallets (light)')
    await dialog().getByRole('button', { name: 'Back' }).click()

    await rejectThenRetry('light, ')
    // The button follows the light theme too.
    await expect.poll(async () => (await connectButtonLook()).state).toBe('connected')
    expect(await connectButtonLook()).toMatchObject({
      theme: 'light',
      background: 'rgb(255, 255, 255)',
      color: 'rgb(20, 20, 20)',
      radius: '12px',
    })
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(() => dialog().locator('[data-foyer-balance]').textContent()).toMatch(/ETH$/)
    await expectNoSeriousViolations('Account (light)')

    await dialog()
      .getByRole('button', { name: `Network ${chainA.name}`, exact: true })
      .click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchNetwork')
    await expectNoSeriousViolations('SwitchNetwork (light)')
  })

  test('connects and switches network with the keyboard alone: arrows move, Enter activates', async () => {
    await openDemoWithTestWallet()
    /** The wallet or network name on the focused row of the dialog's list, if a row is focused. */
    const focusedRow = () =>
      page.evaluate(() => {
        const active = document.querySelector('[data-foyer-host]')?.shadowRoot?.activeElement
        if (!active?.matches('[data-foyer-item]')) return null
        return active.querySelector('.foyer-list-item-label')?.textContent ?? null
      })
    /** Tab on until a list row has focus (past the header and the email field). */
    async function tabIntoList() {
      for (let presses = 0; presses < 10 && (await focusedRow()) === null; presses++)
        await page.keyboard.press('Tab')
      expect(await focusedRow()).not.toBeNull()
    }

    await connectButton().focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: /Foyer Test Wallet/ })
          .count(),
      )
      .toBe(1)
    await tabIntoList()
    await page.keyboard.press('End')
    await expect.poll(focusedRow).toBe('All Wallets')
    await page.keyboard.press('Home')
    const rows: (string | null)[] = [await focusedRow()]
    while (rows.at(-1) !== 'Foyer Test Wallet' && rows.length < 10) {
      await page.keyboard.press('ArrowDown')
      rows.push(await focusedRow())
    }
    // Each press moved one row on.
    expect(new Set(rows).size, rows.join(', ')).toBe(rows.length)
    expect(rows.at(-1)).toBe('Foyer Test Wallet')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
    await expect.poll(() => dialog().count()).toBe(0)

    // The network list, from the page's network button.
    await page.getByRole('button', { name: chainA.name, exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('SwitchNetwork')
    await expect
      .poll(() =>
        dialog()
          .getByRole('button', { name: new RegExp(chainB.name) })
          .count(),
      )
      .toBe(1)
    await tabIntoList()
    await page.keyboard.press('Home')
    await expect.poll(focusedRow).toBe(chainA.name)
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedRow).toBe(chainB.name)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.getByTestId('network').textContent())
      .toBe(`eip155:${chainB.chainId}`)
  })
})

describe('page load', () => {
  test("the dialog code loads after the first paint, once the page is idle, from the page's own origin; the click needs nothing more", async () => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    const response = await page.goto(`${demoUrl}/button.html`)
    const html = (await response!.text()) ?? ''
    await page.waitForLoadState('networkidle')
    // Idle: the overlay is mounted, closed.
    await expect.poll(() => page.locator('[data-foyer-host]').count(), { timeout: 10_000 }).toBe(1)
    expect(await dialog().count()).toBe(0)
    // Everything fetched so far came from the page's origin: no RPC, no server.
    expect(requests.filter((url) => !url.startsWith(demoUrl))).toEqual([])
    // The page's own files first; the dialog's chunks only after the page had painted.
    const named = new Set(
      [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(
        (match) => new URL(match[1]!, demoUrl).href,
      ),
    )
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime,
      dialogChunks: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/(dialog|Connect)-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }))
    expect(timing.firstPaint).toBeGreaterThan(0)
    expect(timing.dialogChunks.length).toBeGreaterThan(0)
    for (const startTime of timing.dialogChunks)
      expect(startTime).toBeGreaterThan(timing.firstPaint!)
    expect(requests.filter((url) => named.has(url)).length).toBeGreaterThan(0)

    const beforeClick = requests.length
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
    // The click needed no code it did not have.
    expect(requests.slice(beforeClick).filter((url) => url.endsWith('.js'))).toEqual([])
  })

  test('hovering the connect button before the page is idle loads the dialog code without opening it', async () => {
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    // The page never goes idle by itself here: the idle callback is held back.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })
    await page.goto(`${demoUrl}/button.html`)
    await page.waitForLoadState('networkidle')
    expect(requests.some((path) => /\/Connect-[\w-]+\.js$/.test(path))).toBe(false)

    await connectButton().hover()
    await expect.poll(() => requests.some((path) => /\/Connect-[\w-]+\.js$/.test(path))).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(await dialog().count()).toBe(0)

    const beforeClick = requests.length
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
    expect(
      requests.slice(beforeClick).filter((path) => /\/Connect-[\w-]+\.js$/.test(path)),
    ).toEqual([])
  })
})
