/**
 * The dialog in real Chromium, on the production build of the demo's connect-button page:
 * - the chunks that opening the dialog loads (raw, gzip, brotli);
 * - click → first view painted, measured in the page: from the click to the first animation frame
 *   after the view's own content (not the loading placeholder) is in the dialog. The first open
 *   loads the chunks (cold); the median of 20 further opens is the warm figure.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchChromium } from '../e2e/support/browser.ts'
import { serveStatic } from '../e2e/support/staticServer.ts'
import { addSizes, sizeOf } from './bundle.ts'

// In-page code is passed as source text: functions compiled by tsx carry helpers the page lacks.

/** Runs in the page: click the button, resolve at the first frame painted with the view's content. */
const openAndTime = `new Promise((resolve) => {
  const button = document.querySelector('[data-foyer-connect-button]')
  const start = performance.now()
  button.click()
  const check = () => {
    const root = document.querySelector('[data-foyer-host]')?.shadowRoot
    // The view itself, not the header or the placeholder shown while the view's chunk loads.
    const view = root?.querySelector('[role="dialog"] .foyer-view')
    const painted = view?.firstElementChild && !view.querySelector('[data-foyer-view-loading]')
    // The frame after the one that committed the view is the one that shows it.
    if (painted) requestAnimationFrame(() => resolve(performance.now() - start))
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export async function benchDialog(distDir: string, runs = 20) {
  const server = await serveStatic(distDir)
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.goto(`${server.url}/button.html`)
    await page.waitForLoadState('networkidle')
    const loaded: string[] = []
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname))

    const cold = (await page.evaluate(openAndTime)) as number
    await page.waitForLoadState('networkidle')
    const chunks = loaded
      .filter((path) => path.endsWith('.js'))
      .map((path) => ({
        file: path.replace(/^\//, ''),
        ...sizeOf(readFileSync(join(distDir, path))),
      }))

    const warm: number[] = []
    for (let run = 0; run < runs; run++) {
      await page.evaluate(closeDialog)
      warm.push((await page.evaluate(openAndTime)) as number)
    }
    return {
      chunks: { total: addSizes(chunks), files: chunks },
      openMs: {
        cold,
        warmMedian: median(warm),
        warmRuns: runs,
        warmMin: Math.min(...warm),
        warmMax: Math.max(...warm),
      },
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
