import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium, recordRequests } from './support/browser.ts'
import { type StaticServer, serveStatic } from './support/staticServer.ts'
import { buildStylePage } from './support/stylePage.ts'

// Issue 21 in real Chromium: the dialog in other languages (Arabic mirrored), one catalog chunk
// per language fetched on demand, the 'system' theme mode, theme variables and the legal
// checkbox. The demo (the local world's, `?locale`, `?theme=system`, `?legal=1`) and the style
// page of e2e/support/style-page (no chain; `?locale`, `?accent`, `?radius`, and
// `window.foyerSetLocale(tag)` for a runtime change) are the pages.

const { devnet } = inject('world')
// Account 5 is this file's own; connecting changes nothing on chain.
const account = devnet.accounts[5]!.address

let browser: Browser
let stylePage: Awaited<ReturnType<typeof buildStylePage>>
let styleServer: StaticServer
let context: BrowserContext | undefined
let page: Page

beforeAll(async () => {
  ;[browser, stylePage] = await Promise.all([launchChromium(), buildStylePage()])
  styleServer = await serveStatic(stylePage.dir)
})
afterAll(async () => {
  await browser?.close()
  await styleServer?.close()
  stylePage?.remove()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  page = await context.newPage()
  return page
}

/** The demo with its injected test wallet on this file's account. */
async function openDemo(query: string) {
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155&${query}`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), account)
}

const dialog = () => page.getByRole('dialog')
/** The EVM test wallet's row (the other namespaces' test wallets share its name). */
const testWalletRow = () => dialog().locator('[data-connector-id="dev.foyer.testwallet"]')
const connectButton = () => page.locator('[data-foyer-connect-button]')

/** Opens the dialog from the connect button and waits for the Connect view's own content. */
async function openDialog() {
  await connectButton().click()
  await page.waitForFunction(() => {
    const view = document
      .querySelector('[data-foyer-host]')
      ?.shadowRoot?.querySelector('[role="dialog"] .foyer-view')
    return Boolean(view?.firstElementChild && !view.querySelector('[data-foyer-view-loading]'))
  })
}

/** An attribute of the dialog's theme element (`dir`, `lang`, `data-theme`). */
const themeAttribute = (name: string) =>
  page.evaluate(
    (name) =>
      document
        .querySelector('[data-foyer-host]')
        ?.shadowRoot?.querySelector('.foyer-theme')
        ?.getAttribute(name),
    name,
  )

/** Computed values of `properties` on the first element matching `selector` in the dialog. */
function computed(selector: string, properties: readonly string[]) {
  return page.evaluate(
    ({ selector, properties }) => {
      const element = document
        .querySelector('[data-foyer-host]')
        ?.shadowRoot?.querySelector(selector)
      if (!element) throw new Error(`${selector} is not in the dialog`)
      const style = getComputedStyle(element)
      return Object.fromEntries(
        properties.map((property) => [property, style.getPropertyValue(property).trim()]),
      )
    },
    { selector, properties },
  )
}

/** How Chromium computes a CSS colour (`rgb(…)`), to compare colours written differently. */
function resolveColor(color: string) {
  return page.evaluate((color) => {
    const probe = document.createElement('span')
    probe.style.color = color
    document.body.append(probe)
    const resolved = getComputedStyle(probe).color
    probe.remove()
    return resolved
  }, color)
}

/** Catalog chunks by locale (`/assets/ja-Cqx7yP4T.js` → 'ja'), in the order they were fetched. */
const catalogLocales = [
  'ar',
  'de',
  'es',
  'fr',
  'he',
  'hi',
  'id',
  'ja',
  'ko',
  'pt',
  'ru',
  'tr',
  'zh-CN',
]
const catalogChunk = new RegExp(`/assets/(${catalogLocales.join('|')})-[\\w-]{8}\\.js$`)
const fetchedCatalogs = (urls: readonly string[]) =>
  urls.flatMap((url) => catalogChunk.exec(new URL(url).pathname)?.[1] ?? [])

const dialogTitle = () => dialog().locator('h2').textContent()

describe('the dialog in Arabic', () => {
  test('is mirrored (dir="rtl", Close on the left, Back on the right and pointing right) and every visible text is Arabic', async () => {
    await newPage()
    await openDemo('locale=ar')
    await expect.poll(() => connectButton().textContent()).toBe('ربط المحفظة')
    await openDialog()
    expect(await themeAttribute('dir')).toBe('rtl')
    expect(await themeAttribute('lang')).toBe('ar')
    expect(await dialogTitle()).toBe('ربط المحفظة')

    const card = (await dialog().boundingBox())!
    const close = (await dialog().getByRole('button', { name: 'إغلاق' }).boundingBox())!
    expect(close.x + close.width).toBeLessThan(card.x + card.width / 2)
    // Rows read from the right: the wallet's icon sits at the row's right end.
    const row = testWalletRow()
    const rowBox = (await row.boundingBox())!
    const icon = (await row.locator('.foyer-wallet-icon').boundingBox())!
    expect(icon.x).toBeGreaterThan(rowBox.x + rowBox.width / 2)

    // Every text on screen is Arabic, apart from names (wallets, sign-in providers, Foyer).
    const text = await page.evaluate(() => {
      const root = document.querySelector('[data-foyer-host]')!.shadowRoot!
      const card = root.querySelector<HTMLElement>('[role="dialog"]')!
      const names = [
        ...root.querySelectorAll(
          '[data-connector-id] .foyer-list-item-label, [data-wallet-id] .foyer-list-item-label',
        ),
      ].map((label) => label.textContent ?? '')
      return { all: card.innerText, names }
    })
    const brands = ['Foyer', 'WalletConnect', 'Google', 'GitHub', 'Apple', 'Discord', 'Facebook']
    const remaining = [...text.names, ...brands, 'Farcaster', 'X'].reduce(
      (rest, name) => (name ? rest.replaceAll(name, '') : rest),
      text.all,
    )
    expect(remaining).toMatch(/\p{Script=Arabic}/u)
    expect(remaining.match(/[A-Za-z]+/g)).toBeNull()

    // Another view: Back stands on the right, its chevron mirrored.
    await dialog().getByRole('button', { name: 'كل المحافظ' }).click()
    await expect.poll(dialogTitle).toBe('كل المحافظ')
    const back = (await dialog().getByRole('button', { name: 'رجوع' }).boundingBox())!
    expect(back.x).toBeGreaterThan(card.x + card.width / 2)
    expect((await computed('.foyer-mirror-rtl', ['transform'])).transform).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    )
  })
})

describe('one catalog chunk per language', () => {
  test('switching the locale at runtime fetches only that locale’s chunk, without a reload', async () => {
    await newPage()
    const requests = recordRequests(page)
    await page.goto(`${styleServer.url}/?locale=de`)
    // The page itself: the buttons' German texts; the dialog's catalog, loaded once the page is
    // idle (with the dialog's code), can only be the page's locale.
    await expect.poll(() => connectButton().textContent()).toBe('Wallet verbinden')
    expect(fetchedCatalogs(requests).filter((locale) => locale !== 'de')).toEqual([])

    await openDialog()
    expect(await dialogTitle()).toBe('Wallet verbinden')
    expect(fetchedCatalogs(requests)).toEqual(['de'])

    await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
    await page.evaluate(() =>
      (window as unknown as { foyerSetLocale: (locale: string) => void }).foyerSetLocale('ja'),
    )
    await expect.poll(dialogTitle).toBe('ウォレットを接続')
    expect(await themeAttribute('lang')).toBe('ja')
    expect(fetchedCatalogs(requests)).toEqual(['de', 'ja'])
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true)
  })

  test("the browser's language chooses the catalog when the app sets none", async () => {
    await newPage({ locale: 'ko-KR' })
    const requests = recordRequests(page)
    await page.goto(styleServer.url)
    await expect.poll(() => connectButton().textContent()).toBe('지갑 연결')
    await openDialog()
    expect(await dialogTitle()).toBe('지갑 연결')
    expect(fetchedCatalogs(requests)).toEqual(['ko'])
  })

  test('an English page fetches no catalog at all', async () => {
    await newPage({ locale: 'en-US' })
    const requests = recordRequests(page)
    await page.goto(styleServer.url)
    await openDialog()
    expect(await dialogTitle()).toBe('Connect Wallet')
    expect(fetchedCatalogs(requests)).toEqual([])
    expect(requests.filter((url) => /\/assets\/pageLocale-/.test(url))).toEqual([])
  })
})

describe('accessibility in other languages', () => {
  test.each([
    ['ar', 'ربط المحفظة'],
    ['ja', 'ウォレットを接続'],
  ])('axe finds no serious or critical issue in %s', async (locale, title) => {
    await newPage()
    await openDemo(`locale=${locale}`)
    await openDialog()
    expect(await dialogTitle()).toBe(title)
    expect(await seriousViolations(page), `axe, Connect in ${locale}`).toEqual([])
    await testWalletRow().hover()
    expect(await seriousViolations(page), `axe, Connect in ${locale}, hovered`).toEqual([])
  })
})

describe('theme', () => {
  test("themeMode 'system' follows the colour scheme as it changes, without a reload", async () => {
    await newPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await openDemo('theme=system')
    await openDialog()
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }))
    expect(await themeAttribute('data-theme')).toBe('light')
    expect((await computed('.foyer-card', ['background-color']))['background-color']).toBe(
      await resolveColor('#ffffff'),
    )

    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(() => themeAttribute('data-theme')).toBe('dark')
    expect((await computed('.foyer-card', ['background-color']))['background-color']).toBe(
      await resolveColor('#121313'),
    )
    await page.emulateMedia({ colorScheme: 'light' })
    await expect.poll(() => themeAttribute('data-theme')).toBe('light')
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true)
  })

  test('a custom accent and border radius show in the computed styles', async () => {
    await newPage()
    await page.goto(`${styleServer.url}/?accent=${encodeURIComponent('#ff5500')}&radius=4px`)
    await openDialog()
    expect(
      await computed('.foyer-card', ['border-top-left-radius', 'border-top-right-radius']),
    ).toEqual({
      'border-top-left-radius': '4px',
      'border-top-right-radius': '4px',
    })
    // Rows scale with it (0.75 × the radius).
    expect(
      (await computed('.foyer-list-item', ['border-top-left-radius']))['border-top-left-radius'],
    ).toBe('3px')
    // The accent draws the keyboard focus ring.
    await page.keyboard.press('Tab')
    expect(
      (await computed('.foyer-icon-button:focus-visible', ['outline-color']))['outline-color'],
    ).toBe(await resolveColor('#ff5500'))
  })
})

describe('the legal checkbox (?legal=1)', () => {
  test('keeps every wallet row disabled until ticked, then connects; the tick is remembered', async () => {
    await newPage()
    await openDemo('legal=1')
    await openDialog()
    const checkbox = dialog().getByRole('checkbox', { name: /Terms of Service.*Privacy Policy/ })
    expect(await checkbox.isChecked()).toBe(false)
    const terms = dialog().getByRole('link', { name: /Terms of Service/ })
    expect(await terms.getAttribute('href')).toBe(`${demoUrl}/terms`)
    expect(await terms.getAttribute('target')).toBe('_blank')
    expect(await terms.getAttribute('rel')).toContain('noopener')

    const wallet = testWalletRow()
    const allWallets = dialog().getByRole('button', { name: 'All Wallets' })
    expect(await wallet.isDisabled()).toBe(true)
    expect(await allWallets.isDisabled()).toBe(true)
    // A click on a blocked row does nothing.
    await wallet.click({ force: true })
    expect(await dialog().getAttribute('data-view')).toBe('Connect')
    expect(await seriousViolations(page), 'axe, Connect with the legal checkbox').toEqual([])

    await checkbox.check()
    expect(await wallet.isDisabled()).toBe(false)
    expect(await allWallets.isDisabled()).toBe(false)

    // Remembered on the next visit.
    await openDemo('legal=1')
    await openDialog()
    expect(await dialog().getByRole('checkbox').isChecked()).toBe(true)
    await testWalletRow().click()
    await expect.poll(() => page.getByTestId('address').textContent()).toBe(account)
  })
})
