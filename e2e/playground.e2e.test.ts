import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium, recordRequests } from './support/browser.ts'

// The demo's landing page (no query option): its playground changes the running dialog and shows
// the `createFoyer` code that gives it; the developer panels wait behind their toggle.

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

const dialog = () => page.getByRole('dialog')
const code = () => page.getByTestId('playground-code')

async function openLanding(colorScheme: 'light' | 'dark' = 'light') {
  context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } })
  page = await context.newPage()
  const requests = recordRequests(page)
  await page.goto(demoUrl)
  // The playground is its own chunk, fetched once the page is idle.
  await code().waitFor()
  return requests
}

/** The accent the dialog's themed card computes (it lives in the overlay's shadow root). */
const dialogAccent = () =>
  dialog().evaluate((element) =>
    getComputedStyle(element.closest('.foyer-theme')!).getPropertyValue('--foyer-accent').trim(),
  )

describe('the demo landing page', () => {
  test('loads nothing from another origin, hides the developer panels and passes axe in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const requests = await openLanding(colorScheme)
      expect(requests.filter((url) => !url.startsWith(demoUrl))).toEqual([])
      expect(await page.getByTestId('status').count()).toBe(0)
      expect(await seriousViolations(page)).toEqual([])
      await context!.close()
      context = undefined
    }
  })

  test('an accent picked in the playground colours the open dialog and is in the code', async () => {
    await openLanding()
    await page.getByRole('radio', { name: 'Teal' }).check()
    expect(await code().textContent()).toContain("'--foyer-accent': '#2dd4bf'")

    await page.locator('[data-foyer-connect-button]').click()
    await dialog().getByRole('textbox', { name: 'Email address' }).waitFor()
    expect(await dialogAccent()).toBe('#2dd4bf')
    expect(await seriousViolations(page)).toEqual([])
  })

  test('turning email login off makes a new instance without it, keeping the accent', async () => {
    await openLanding()
    await page.getByRole('radio', { name: 'Amber' }).check()
    await page.getByRole('checkbox', { name: 'Email login' }).uncheck()
    expect(await code().textContent()).toMatch(/features: \{ email: false \}/)

    await page.locator('[data-foyer-connect-button]').click()
    await dialog().getByRole('button', { name: 'All Wallets' }).waitFor()
    expect(await dialog().getByRole('textbox', { name: 'Email address' }).count()).toBe(0)
    expect(await dialogAccent()).toBe('#fbbf24')
  })

  test('the Developer toggle shows the hooks panel from the keyboard', async () => {
    await openLanding()
    const toggle = page.getByRole('button', { name: 'Developer' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('disconnected')
  })
})
