import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  bundleForBrowser,
  createLoopbackPages,
  launchChromium,
} from '../test-utils/browser/loopbackPages.ts'
import { SECURE_WINDOW_TITLE, VISIBILITY_HINT } from './createOverlay.ts'
import { frameStyles } from './frameStyles.ts'
import { secureWindowContentSecurityPolicy, secureWindowPage } from './secureWindowPage.ts'

/** What the frame test page puts on `window` (see test-utils/overlayFrameEntry.ts). */
type OverlayTestWindow = Window & {
  overlayTest: { results: boolean[]; violations: string[]; open: () => void }
  axe: { run: (context: Element, options: object) => Promise<{ violations: AxeViolation[] }> }
}
type AxeViolation = { id: string; nodes: { target: string[]; failureSummary?: string }[] }

// Real Chromium, two loopback origins (ports differ): the app page and the wallet frame.
let browser: Browser
let context: BrowserContext | undefined
const pages = createLoopbackPages()
let appOrigin: string
let frameOrigin: string

beforeAll(async () => {
  const frameScript = await bundleForBrowser(
    new URL('./test-utils/overlayFrameEntry.ts', import.meta.url),
  )
  const axeScript = readFileSync(
    createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
    'utf8',
  )

  // The app: shows the wallet iframe as a full-viewport layer on SHOW, as the client will.
  appOrigin = await pages.serve({
    '/': {
      type: 'text/html',
      body: () => `<!doctype html><html><head><meta charset="utf-8"><style>
        body { margin: 0; font: 16px sans-serif; background: #fff7ed; }
        #wallet { position: absolute; top: 0; left: 0; width: 1px; height: 1px; border: 0; }
        #wallet.shown { position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: 10; }
      </style></head><body>
        <h1>The app</h1><button>An app button</button>
        <iframe id="wallet" title="Wallet" src="${frameOrigin}/frame"></iframe>
        <script>
          const wallet = document.getElementById('wallet')
          addEventListener('message', (event) => {
            if (event.origin !== ${JSON.stringify(frameOrigin)} || event.source !== wallet.contentWindow) return
            if (event.data?.type === '@foyer-frame/SHOW') wallet.classList.add('shown')
            if (event.data?.type === '@foyer-frame/HIDE') wallet.classList.remove('shown')
          })
        </script></body></html>`,
    },
  })
  // The frame: the production stylesheet and CSP (no inline script or style allowed).
  frameOrigin = await pages.serve({
    '/frame': {
      type: 'text/html',
      headers: () => ({
        'content-security-policy': [
          "default-src 'none'",
          "script-src 'self'",
          "style-src 'self'",
          "connect-src 'self'",
          `frame-ancestors ${appOrigin}`,
          "base-uri 'none'",
          "form-action 'none'",
        ].join('; '),
      }),
      body: () =>
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Foyer secure frame</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/frame.css">
<script type="application/json" id="overlay-test-config">${JSON.stringify({ appOrigin })}</script>
<script type="module" src="/frame.js"></script></head><body></body></html>`,
    },
    '/frame.css': { type: 'text/css', body: () => frameStyles },
    '/secure-window': {
      type: 'text/html',
      headers: () => ({ 'content-security-policy': secureWindowContentSecurityPolicy }),
      body: () => secureWindowPage,
    },
    '/frame.js': { type: 'text/javascript', body: () => frameScript },
    '/axe.js': { type: 'text/javascript', body: () => axeScript },
  })
  browser = await launchChromium()
}, 60_000)

afterEach(async () => {
  await context?.close()
  context = undefined
})

afterAll(async () => {
  await browser?.close()
  await pages.close()
})

/** Opens the app, waits for the frame, opens the approval card and waits for SHOW to apply. */
async function openCard(options: { colorScheme?: 'light' | 'dark' } = {}) {
  context = await browser.newContext({
    viewport: { width: 800, height: 700 },
    colorScheme: options.colorScheme ?? 'light',
  })
  const page = await context.newPage()
  await page.goto(`${appOrigin}/`)
  const frame = await walletFrame(page)
  await frame.waitForFunction(() => 'overlayTest' in window)
  await frame.evaluate(() => (window as unknown as OverlayTestWindow).overlayTest.open())
  await page.waitForFunction(() => document.getElementById('wallet')?.classList.contains('shown'))
  await frame.getByRole('dialog').waitFor()
  return { page, frame, confirm: frame.getByRole('button', { name: 'Confirm' }) }
}

async function walletFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('#wallet')
  const frame = await handle.contentFrame()
  if (!frame) throw new Error('wallet frame not found')
  await frame.waitForLoadState()
  return frame
}

const results = (frame: Frame) =>
  frame.evaluate(() => (window as unknown as OverlayTestWindow).overlayTest.results)
const ariaDisabled = (frame: Frame) =>
  frame.getByRole('button', { name: 'Confirm' }).getAttribute('aria-disabled')
const waitForEnabled = (frame: Frame) =>
  frame.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Confirm')
        ?.ariaDisabled === 'false',
    undefined,
    { timeout: 5_000 },
  )

/** A trusted mouse click at the centre of the Confirm button, whatever the page drew on top. */
async function clickAtConfirm(page: Page, frame: Frame) {
  const box = await frame.getByRole('button', { name: 'Confirm' }).boundingBox()
  if (!box) throw new Error('no Confirm button on screen')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

describe('the overlay in Chromium, in a cross-origin iframe', () => {
  it('approves on a trusted click once the card has been fully visible', async () => {
    const { frame, confirm } = await openCard()
    // The guard holds for visibleForMs after the card is first reported visible.
    expect(await ariaDisabled(frame)).toBe('true')
    await waitForEnabled(frame)
    await confirm.click()
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([true])
    // Closing the last card posts HIDE: the app shrinks the iframe again (the message arrives
    // on the app's next task, so wait for it rather than read the class at once).
    await frame
      .page()
      .waitForFunction(
        () => document.getElementById('wallet')?.classList.contains('shown') === false,
        undefined,
        { timeout: 5_000 },
      )
    expect(
      await frame.evaluate(() => (window as unknown as OverlayTestWindow).overlayTest.violations),
    ).toEqual([])
  })

  it('stays disabled and ignores clicks while the page covers the frame (clicks passing through)', async () => {
    const { page, frame } = await openCard()
    // A decoy over the whole wallet layer that lets clicks through to the button below.
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.textContent = 'Click anywhere to claim your prize'
      cover.style.cssText =
        'position:fixed;inset:0;z-index:20;pointer-events:none;background:rgb(255 255 255 / 0.02)'
      document.body.appendChild(cover)
    })
    await page.waitForTimeout(1_200)
    expect(await ariaDisabled(frame)).toBe('true')
    expect(await frame.getByText(VISIBILITY_HINT).isVisible()).toBe(true)
    await clickAtConfirm(page, frame)
    await page.waitForTimeout(100)
    expect(await results(frame)).toEqual([])

    // Uncovered: the same click at the same place approves, so the click did reach the button.
    await page.evaluate(() => document.getElementById('cover')?.remove())
    await waitForEnabled(frame)
    await clickAtConfirm(page, frame)
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([true])
  })

  it('disables the button at once when the page covers it after it was enabled', async () => {
    const { page, frame } = await openCard()
    await waitForEnabled(frame)
    const box = (await frame.getByRole('button', { name: 'Confirm' }).boundingBox())!
    await page.evaluate((rect) => {
      const decoy = document.createElement('div')
      decoy.textContent = 'Play'
      decoy.style.cssText = `position:fixed;left:${rect.x}px;top:${rect.y}px;width:${rect.width}px;height:${rect.height}px;z-index:20;pointer-events:none;background:#16a34a;color:#fff`
      document.body.appendChild(decoy)
    }, box)
    await frame.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Confirm')
          ?.ariaDisabled === 'true',
      undefined,
      { timeout: 2_000 },
    )
    await clickAtConfirm(page, frame)
    await page.waitForTimeout(100)
    expect(await results(frame)).toEqual([])
  })

  it('stays disabled and ignores clicks while the page makes the frame translucent', async () => {
    const { page, frame } = await openCard()
    await page.evaluate(() => {
      document.getElementById('wallet')!.style.opacity = '0.5'
    })
    await page.waitForTimeout(1_200)
    expect(await ariaDisabled(frame)).toBe('true')
    await clickAtConfirm(page, frame)
    await page.waitForTimeout(100)
    expect(await results(frame)).toEqual([])

    await page.evaluate(() => {
      document.getElementById('wallet')!.style.opacity = '1'
    })
    await waitForEnabled(frame)
    await clickAtConfirm(page, frame)
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([true])
  })

  it('gives a script in the app page no way into the frame', async () => {
    const { page, frame } = await openCard()
    await waitForEnabled(frame)
    const attempt = await page.evaluate(() => {
      const wallet = document.getElementById('wallet') as HTMLIFrameElement
      try {
        ;(wallet.contentWindow!.document.querySelector('button') as HTMLButtonElement).click()
        return 'clicked'
      } catch (error) {
        return (error as DOMException).name
      }
    })
    expect(attempt).toBe('SecurityError')
    expect(
      await page.evaluate(
        () => (document.getElementById('wallet') as HTMLIFrameElement).contentDocument,
      ),
    ).toBeNull()
    await page.waitForTimeout(100)
    expect(await results(frame)).toEqual([])
  })

  it('moves focus into the dialog, traps Tab, and cancels on Escape', async () => {
    const { page, frame } = await openCard()
    expect(
      await frame.evaluate(() =>
        document.querySelector('[role="dialog"]')!.contains(document.activeElement),
      ),
    ).toBe(true)
    const focusedName = () =>
      frame.evaluate(() => document.activeElement?.textContent?.slice(0, 40) ?? '')
    const seen = new Set<string>()
    for (let index = 0; index < 12; index++) {
      await page.keyboard.press('Tab')
      expect(
        await frame.evaluate(() =>
          document.querySelector('[role="dialog"]')!.contains(document.activeElement),
        ),
      ).toBe(true)
      seen.add(await focusedName())
    }
    expect(seen).toContain('Confirm')
    expect(seen).toContain('Reject')
    await page.keyboard.press('Escape')
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([false])
  })

  it('approves with a trusted Enter on the focused button', async () => {
    const { page, frame, confirm } = await openCard()
    await waitForEnabled(frame)
    await confirm.focus()
    await page.keyboard.press('Enter')
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([true])
  })

  for (const theme of ['light', 'dark'] as const)
    it(`is styled from /frame.css under the CSP, transparent outside the card, and passes axe (${theme})`, async () => {
      const { frame } = await openCard({ colorScheme: theme })
      const styles = await frame.evaluate(() => {
        const card = document.querySelector('.foyer-card')!
        return {
          root: getComputedStyle(document.documentElement).backgroundColor,
          body: getComputedStyle(document.body).backgroundColor,
          overlay: getComputedStyle(document.querySelector('.foyer-overlay')!).position,
          card: getComputedStyle(card).backgroundColor,
        }
      })
      expect(styles).toEqual({
        root: 'rgba(0, 0, 0, 0)',
        body: 'rgba(0, 0, 0, 0)',
        overlay: 'fixed',
        card: theme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(17, 24, 39)',
      })
      await frame.addScriptTag({ url: '/axe.js' })
      // Let the entrance animation finish: axe measures contrast on final colours.
      await frame.waitForTimeout(300)
      const violations = await frame.evaluate(async () => {
        const { axe } = window as unknown as OverlayTestWindow
        const result = await axe.run(document.querySelector('.foyer-overlay')!, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
          rules: { region: { enabled: false } },
        })
        return result.violations.map((violation) => ({
          id: violation.id,
          nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`),
        }))
      })
      expect(violations).toEqual([])
      // The host sets data-theme from SYNC_THEME: it wins over the system preference.
      const other = theme === 'light' ? 'dark' : 'light'
      expect(
        await frame.evaluate((next) => {
          document.documentElement.dataset.theme = next
          return getComputedStyle(document.querySelector('.foyer-card')!).backgroundColor
        }, other),
      ).toBe(other === 'light' ? 'rgb(255, 255, 255)' : 'rgb(17, 24, 39)')
      expect(
        await frame.evaluate(() => (window as unknown as OverlayTestWindow).overlayTest.violations),
      ).toEqual([])
    })
})

describe('where the browser cannot tell that the page covers the frame (Firefox, Safari)', () => {
  /** Chromium without IntersectionObserver v2's `isVisible`, as those browsers are. */
  async function openWithoutCoveringDetection() {
    context = await browser.newContext({ viewport: { width: 800, height: 700 } })
    await context.addInitScript(() => {
      delete (IntersectionObserverEntry.prototype as { isVisible?: unknown }).isVisible
    })
    const page = await context.newPage()
    await page.goto(`${appOrigin}/`)
    const frame = await walletFrame(page)
    await frame.waitForFunction(() => 'overlayTest' in window)
    await frame.evaluate(() => (window as unknown as OverlayTestWindow).overlayTest.open())
    await frame.getByRole('heading', { name: SECURE_WINDOW_TITLE }).waitFor()
    return { page, frame }
  }

  it('moves the card to a window of the frame’s origin, where the visitor approves', async () => {
    const { page, frame } = await openWithoutCoveringDetection()
    // Nothing to approve inside the frame, which a page could cover.
    expect(await frame.getByRole('button', { name: 'Confirm' }).count()).toBe(0)
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Open secure window' }).click(),
    ])
    expect(popup.url()).toBe(`${frameOrigin}/secure-window`)
    const confirm = popup.getByRole('button', { name: 'Confirm' })
    await confirm.waitFor()
    expect(await popup.getByRole('heading', { name: 'Send USDC' }).count()).toBe(1)
    // Enabled only after the window has been open a moment: the click that opened it cannot
    // also approve (a double click).
    expect(await confirm.getAttribute('aria-disabled')).toBe('true')
    await popup.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('button')).find((b) => b.textContent === 'Confirm')
          ?.ariaDisabled === 'false',
    )
    await Promise.all([popup.waitForEvent('close'), confirm.click()])
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([true])
  })

  it('closing the secure window rejects, and a script’s click in it approves nothing', async () => {
    const { page, frame } = await openWithoutCoveringDetection()
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('button', { name: 'Open secure window' }).click(),
    ])
    await popup.getByRole('button', { name: 'Confirm' }).waitFor()
    await popup.waitForTimeout(800)
    // A script of the frame's own origin is the only one that can reach the window: its click is
    // not trusted.
    await popup.evaluate(() =>
      Array.from(document.querySelectorAll('button'))
        .find((b) => b.textContent === 'Confirm')
        ?.click(),
    )
    await popup.waitForTimeout(100)
    expect(await results(frame)).toEqual([])
    await popup.close()
    await frame.waitForFunction(
      () => (window as unknown as OverlayTestWindow).overlayTest.results.length === 1,
    )
    expect(await results(frame)).toEqual([false])
  })
})
