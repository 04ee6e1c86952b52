import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from './support/browser.ts'
import { type StaticServer, serveStatic } from './support/staticServer.ts'
import { buildStylePage } from './support/stylePage.ts'

// The dialog's look in real Chromium (SPEC §9), where computed styles, media queries and CSP are
// the browser's own. Pages are production builds served from this file's own servers: the demo's
// connect-button page (built by the world's global setup) and e2e/support/style-page (light theme
// and the CSP nonce), so response headers are under the test's control.

const demoDist = resolve(import.meta.dirname, '../apps/demo/dist')
/** No 'unsafe-inline' anywhere, no 'unsafe-eval'. */
const strictPolicy = (extraStyleSource = '') =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${extraStyleSource}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ')

let browser: Browser
let stylePage: Awaited<ReturnType<typeof buildStylePage>>
const servers: StaticServer[] = []
let context: BrowserContext | undefined
let page: Page

beforeAll(async () => {
  ;[browser, stylePage] = await Promise.all([launchChromium(), buildStylePage()])
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((server) => server.close()))
  stylePage?.remove()
})
afterEach(async () => {
  await context?.close()
  context = undefined
})

async function serve(root: string, options: Parameters<typeof serveStatic>[1] = {}) {
  const server = await serveStatic(root, options)
  servers.push(server)
  return server.url
}

/** The style page without any CSP: the styles on their own. */
let plainStylePageUrl: string | undefined
async function stylePageUrl() {
  plainStylePageUrl ??= await serve(stylePage.dir, {
    html: (html) => html.replace('__CSP_NONCE__', ''),
  })
  return plainStylePageUrl
}

async function newPage(viewport = { width: 1280, height: 800 }) {
  context = await browser.newContext({ viewport })
  page = await context.newPage()
  // Every CSP violation the page reports, recorded from before its first script.
  await page.addInitScript(() => {
    const violations: string[] = []
    Object.assign(window, { cspViolations: violations })
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    )
  })
  return page
}

const cspViolations = () =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)

/** Opens the dialog from the connect button and waits for the Connect view's own content. */
async function openDialog() {
  await page.locator('[data-foyer-connect-button]').click()
  await page.waitForFunction(() => {
    const view = document
      .querySelector('[data-foyer-host]')
      ?.shadowRoot?.querySelector('[role="dialog"] .foyer-view')
    return Boolean(view?.firstElementChild && !view.querySelector('[data-foyer-view-loading]'))
  })
}

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

/** The box of the first element matching `selector` in the dialog. */
function box(selector: string) {
  return page.evaluate((selector) => {
    const element = document.querySelector('[data-foyer-host]')?.shadowRoot?.querySelector(selector)
    if (!element) throw new Error(`${selector} is not in the dialog`)
    const { left, top, right, bottom, width } = element.getBoundingClientRect()
    return { left, top, right, bottom, width }
  }, selector)
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

/** The colour of the keyboard focus ring (drawn in the accent) on the dialog's Close button. */
async function focusRingColor() {
  await page.keyboard.press('Tab')
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .querySelector('[data-foyer-host]')
          ?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      ),
    )
    .toBe('Close')
  return (await computed('.foyer-icon-button:focus-visible', ['outline-color']))['outline-color']
}

describe('dialog styles (SPEC §9)', () => {
  test('dark by default even when the system prefers light: #121313, the dark accent, 360 px, z-index 999', async () => {
    await newPage()
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(await stylePageUrl())
    await openDialog()

    expect(await computed('.foyer-theme', ['color-scheme'])).toEqual({ 'color-scheme': 'dark' })
    expect((await computed('.foyer-card', ['background-color']))['background-color']).toBe(
      await resolveColor('#121313'),
    )
    expect(await focusRingColor()).toBe(await resolveColor('hsla(230, 100%, 67%, 1)'))
    // A centred card 360 px wide, over everything up to z-index 999.
    const card = await box('.foyer-card')
    expect(card.width).toBe(360)
    expect(card.left).toBe((1280 - 360) / 2)
    expect(await computed('.foyer-root', ['position', 'z-index'])).toEqual({
      position: 'fixed',
      'z-index': '999',
    })
    expect(await cspViolations()).toEqual([])
  })

  test('the light theme: #fff background and the light accent, even when the system prefers dark', async () => {
    await newPage()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(`${await stylePageUrl()}/?theme=light`)
    await openDialog()

    expect(await computed('.foyer-theme', ['color-scheme'])).toEqual({ 'color-scheme': 'light' })
    expect((await computed('.foyer-card', ['background-color']))['background-color']).toBe(
      await resolveColor('#ffffff'),
    )
    expect(await focusRingColor()).toBe(await resolveColor('hsla(231, 100%, 70%, 1)'))
    expect((await box('.foyer-card')).width).toBe(360)
  })

  test('header text 120 ms, height 150 ms, view 150 ms; prefers-reduced-motion turns them off', async () => {
    await newPage()
    await page.goto(await stylePageUrl())
    await openDialog()
    expect(await computed('.foyer-title', ['animation-name', 'animation-duration'])).toEqual({
      'animation-name': 'foyer-fade-in',
      'animation-duration': '0.12s',
    })
    expect(await computed('.foyer-body', ['transition-property', 'transition-duration'])).toEqual({
      'transition-property': 'height',
      'transition-duration': '0.15s',
    })
    // The first view only rises (it is visible in the frame after the click); later views fade in.
    expect(await computed('.foyer-view', ['animation-name', 'animation-duration'])).toEqual({
      'animation-name': 'foyer-view-rise',
      'animation-duration': '0.15s',
    })

    // The visitor asks for less motion (the setting applies at once, without a reload).
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
    await page.getByRole('button', { name: 'All Wallets' }).click()
    await expect.poll(() => page.getByRole('searchbox').count()).toBe(1)
    expect((await computed('.foyer-title', ['animation-name']))['animation-name']).toBe('none')
    expect((await computed('.foyer-view', ['animation-name']))['animation-name']).toBe('none')
    expect((await computed('.foyer-body', ['transition-property']))['transition-property']).toBe(
      'none',
    )
    // Nothing moves in the dialog at all, the view change included.
    expect(
      await page.evaluate(
        () => document.querySelector('[data-foyer-host]')?.shadowRoot?.getAnimations().length,
      ),
    ).toBe(0)
  })

  test('a bottom sheet on narrow screens (up to 430 px), the centred card above', async () => {
    await newPage({ width: 375, height: 700 })
    await page.goto(await stylePageUrl())
    await openDialog()
    const sheet = async (width: number) => {
      await page.setViewportSize({ width, height: 700 })
      const card = await box('.foyer-card')
      const corners = await computed('.foyer-card', [
        'border-top-left-radius',
        'border-bottom-left-radius',
        'border-bottom-right-radius',
      ])
      return { ...card, ...corners }
    }
    // Full width, flush with the bottom edge, square bottom corners.
    expect(await sheet(375)).toEqual({
      left: 0,
      right: 375,
      width: 375,
      bottom: 700,
      top: expect.any(Number),
      'border-top-left-radius': '16px',
      'border-bottom-left-radius': '0px',
      'border-bottom-right-radius': '0px',
    })
    expect(await sheet(430)).toMatchObject({ width: 430, bottom: 700 })
    // Wider: the 360 px card, centred, all corners round.
    const card = await sheet(431)
    expect(card).toMatchObject({ width: 360, 'border-bottom-left-radius': '16px' })
    expect(card.bottom).toBeLessThan(700)
    expect(card.left).toBeCloseTo((431 - 360) / 2, 0)
  })
})

describe('strict Content-Security-Policy', () => {
  test("the demo's connect-button page under style-src 'self' and script-src 'self': a styled dialog, no violation", async () => {
    const url = await serve(demoDist, { headers: { 'content-security-policy': strictPolicy() } })
    await newPage()
    const response = await page.goto(`${url}/button.html`)
    expect(response?.headers()['content-security-policy']).toBe(strictPolicy())
    await openDialog()

    // Constructable stylesheets: no <style> element, which the policy would refuse.
    expect(
      await page.evaluate(() => {
        const root = document.querySelector('[data-foyer-host]')!.shadowRoot!
        return {
          adopted: root.adoptedStyleSheets.length,
          styleElements: root.querySelectorAll('style').length,
        }
      }),
    ).toEqual({ adopted: 2, styleElements: 0 })
    expect((await box('.foyer-card')).width).toBe(360)
    expect((await computed('.foyer-card', ['background-color']))['background-color']).toBe(
      await resolveColor('#121313'),
    )
    expect((await computed('.foyer-root', ['z-index']))['z-index']).toBe('999')

    // Around the dialog: another view (the height follows it), back, and closed.
    await page.getByRole('button', { name: 'All Wallets' }).click()
    await expect.poll(() => page.getByRole('searchbox').count()).toBe(1)
    await page.getByRole('button', { name: 'Back' }).click()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    expect(await cspViolations()).toEqual([])

    // The policy is in force: an inline <style> is refused and reported.
    await page.evaluate(() => {
      const style = document.createElement('style')
      style.textContent = 'body { color: red; }'
      document.head.append(style)
    })
    await expect.poll(cspViolations).toEqual([expect.stringMatching(/^style-src-elem inline$/)])
  })

  test('without constructable stylesheets, the <style> fallback carrying the nonce is applied', async () => {
    const nonce = randomBytes(16).toString('base64')
    const url = await serve(stylePage.dir, {
      headers: { 'content-security-policy': strictPolicy(` 'nonce-${nonce}'`) },
      html: (html) => html.replace('__CSP_NONCE__', nonce),
    })
    // A browser before constructable stylesheets (as Safari before 16.4).
    const withoutConstructableStylesheets = () => {
      delete (ShadowRoot.prototype as Partial<ShadowRoot>).adoptedStyleSheets
    }

    await newPage()
    await page.addInitScript(withoutConstructableStylesheets)
    await page.goto(url)
    await openDialog()
    expect(
      await page.evaluate(() =>
        Array.from(
          document.querySelector('[data-foyer-host]')!.shadowRoot!.querySelectorAll('style'),
          (style) => style.nonce,
        ),
      ),
    ).toEqual([nonce, nonce])
    expect((await box('.foyer-card')).width).toBe(360)
    expect((await computed('.foyer-root', ['z-index']))['z-index']).toBe('999')
    expect(await cspViolations()).toEqual([])

    // The same page whose server gave the app no nonce: the policy refuses the fallback.
    await context?.close()
    const withoutNonce = await serve(stylePage.dir, {
      headers: { 'content-security-policy': strictPolicy(` 'nonce-${nonce}'`) },
      html: (html) => html.replace('__CSP_NONCE__', ''),
    })
    await newPage()
    await page.addInitScript(withoutConstructableStylesheets)
    await page.goto(withoutNonce)
    await openDialog()
    await expect.poll(cspViolations).toContain('style-src-elem inline')
    expect((await box('.foyer-card')).width).not.toBe(360)
  })
})
