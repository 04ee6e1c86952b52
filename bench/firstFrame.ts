/**
 * Click → first wallet row, in real Chromium on the production build of the demo's typical-app
 * page (wallets.html: injected wallets, WalletConnect and a server configured, mainnet + Base):
 * the time from the click event's own timestamp to the rendering of the first frame in which the
 * dialog's first wallet row is on screen (laid out, not transparent). The page is loaded and left
 * idle first, as a visitor's page is before they click; the click is a real input event.
 * Measured as is and with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate), median of
 * `runs` clicks each. Also: the requests the page made before the first click, by origin.
 */
import { launchChromium } from '../e2e/support/browser.ts'
import { serveStatic } from '../e2e/support/staticServer.ts'
import { summarize, type Timings } from './timings.ts'

// In-page code is passed as source text: functions compiled by tsx carry helpers the page lacks.

/** Runs in the page before each click: resolves with click → first frame showing the first row. */
const watchFirstRow = `new Promise((resolve, reject) => {
  let clickedAt
  const onClick = (event) => {
    if (event.target.closest?.('[data-foyer-connect-button]')) clickedAt = event.timeStamp
  }
  document.addEventListener('click', onClick, true)
  const visible = (element) => {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    let opacity = 1
    for (let node = element; node; node = node.parentElement ?? node.getRootNode().host) {
      const style = getComputedStyle(node)
      if (style.visibility === 'hidden' || style.display === 'none') return false
      opacity *= Number(style.opacity)
    }
    return opacity > 0.5
  }
  const started = performance.now()
  const check = () => {
    const root = document.querySelector('[data-foyer-host]')?.shadowRoot
    const row = root?.querySelector('[role="dialog"] [data-foyer-item][data-connector-id]')
    // A row committed before this frame's animation callbacks is painted in this frame. (The
    // callback's own timestamp is the frame's start, which can precede a click the same frame
    // handled: the time now is when this frame's rendering begins.)
    if (clickedAt !== undefined && row && visible(row)) {
      document.removeEventListener('click', onClick, true)
      resolve(performance.now() - clickedAt)
    } else if (performance.now() - started > 10000) reject(new Error('no wallet row within 10 s'))
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})`

/** Runs in the page: Escape closes the dialog; resolve once it is gone. */
const closeDialog = `new Promise((resolve) => {
  const root = document.querySelector('[data-foyer-host]')?.shadowRoot
  const target = root?.activeElement ?? document.activeElement ?? document.body
  target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }))
  const check = () => {
    if (!document.querySelector('[data-foyer-host]')?.shadowRoot?.querySelector('[role="dialog"]')) resolve()
    else requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})`

export type FirstFrameResult = {
  /**
   * The page's first click alone, ms: the one every visitor makes, with the dialog's code loaded
   * but never run yet (the medians below are of warm clicks).
   */
  firstClickMs: number
  /** Click → first frame showing the first wallet row, ms. */
  firstRowMs: Timings
  /** The same with the CPU throttled 4×. */
  firstRowThrottledMs: Timings
  /** Requests before the first click: to the page's origin, and to any other. */
  requestsBeforeClick: { sameOrigin: number; otherOrigins: string[] }
}

export async function benchFirstFrame(distDir: string, runs = 25): Promise<FirstFrameResult> {
  const server = await serveStatic(distDir)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${server.url}/wallets.html`)
    await page.waitForLoadState('networkidle')
    // The page went idle: the dialog, its first view and the adapters are loaded, the overlay is
    // mounted (closed).
    await page.waitForSelector('[data-foyer-host]', { state: 'attached' })
    await page.waitForLoadState('networkidle')
    const origin = new URL(server.url).origin
    const requestsBeforeClick = {
      sameOrigin: requests.filter((url) => url.startsWith(origin)).length,
      otherOrigins: requests.filter((url) => !url.startsWith(origin)),
    }
    const button = page.locator('[data-foyer-connect-button]')
    const box = (await button.boundingBox())!
    const clickOnce = async () => {
      const measured = page.evaluate(watchFirstRow) as Promise<number>
      // Let the watcher's listener and first frame callback be in place before the click.
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve()))')
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
      const ms = await measured
      await page.evaluate(closeDialog)
      // Let the page settle (focus back on the button, effects done) as between two real clicks.
      await page.waitForTimeout(100)
      return ms
    }
    const measure = async () => {
      const samples: number[] = []
      for (let run = 0; run < runs; run++) samples.push(await clickOnce())
      return summarize(samples)
    }
    const firstClickMs = Math.round((await clickOnce()) * 10) / 10
    const firstRowMs = await measure()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    const firstRowThrottledMs = await measure()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    return { firstClickMs, firstRowMs, firstRowThrottledMs, requestsBeforeClick }
  } finally {
    await browser.close()
    await server.close()
  }
}
