import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pixelmatch from 'pixelmatch'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type GalleryItem,
  type GalleryTheme,
  galleryItemPath,
  galleryItems,
  galleryThemes,
} from '../apps/demo/src/gallery/galleryItems.ts'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

// The look, held: every view and state of the dialog and the buttons (the demo's gallery items,
// apps/demo/src/gallery) in light and dark, photographed in Chromium against the local world and
// compared with the committed baselines in e2e/screenshots. Deterministic by construction: a fixed
// account on a fixed devnet, a fixed viewport at scale 1, reduced motion (no animation or
// transition runs) and Playwright's own animation freeze, fonts loaded, the text caret hidden, and
// the few regions that change on every run (the WalletConnect QR code, block times) masked.
//
// `npm run test:screenshots:update` (FOYER_UPDATE_SCREENSHOTS=1) rewrites the baselines on purpose.

const updating = process.env.FOYER_UPDATE_SCREENSHOTS === '1'
const baselineDir = resolve(import.meta.dirname, 'screenshots')
/** Colour distance per pixel that counts as a change (pixelmatch's 0–1 scale; 0.1 is its default). */
const pixelThreshold = 0.1
/** Changed pixels tolerated per image (antialiasing noise), as a share of its area. */
const maxChangedShare = 0.001
const viewport = { width: 800, height: 900 }

let browser: Browser
const pages = new Map<GalleryTheme, { context: BrowserContext; page: Page }>()
let diffDir: string | undefined

beforeAll(async () => {
  browser = await launchChromium()
  // One page per theme, reused by every item of that theme.
  for (const theme of galleryThemes) {
    const context = await browser.newContext({
      viewport,
      deviceScaleFactor: 1,
      colorScheme: theme,
      reducedMotion: 'reduce',
    })
    pages.set(theme, { context, page: await context.newPage() })
  }
  if (updating) mkdirSync(baselineDir, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

/** Opens the item's page and waits until the page says its state is reached and settled. */
async function show(page: Page, item: GalleryItem, theme: GalleryTheme) {
  await page.goto(`${demoUrl}${galleryItemPath(item, theme)}`)
  await page.waitForFunction(
    () => ['ready', 'error'].includes(document.documentElement.dataset.galleryItem ?? ''),
    undefined,
    { timeout: 45_000 },
  )
  const error = await page.evaluate(() => document.documentElement.dataset.galleryError)
  if (error) throw new Error(`gallery item ${item.id} (${theme}): ${error}`)
}

async function photograph(page: Page, item: GalleryItem): Promise<Buffer> {
  // Playwright's CSS locators pierce the dialog's open shadow root.
  const subject = page.locator(item.subject === 'dialog' ? '.foyer-card' : '.hero-actions')
  return subject.screenshot({
    animations: 'disabled',
    caret: 'hide',
    mask: (item.masks ?? []).map((selector) => page.locator(selector)),
    maskColor: '#ff00ff',
  })
}

/**
 * Compares `png` with the baseline `name`.png. On a mismatch the actual image and a diff image
 * (changed pixels in red) go to a temporary directory named in the failure.
 */
function compareWithBaseline(name: string, png: Buffer) {
  const baselineFile = join(baselineDir, `${name}.png`)
  if (updating) {
    writeFileSync(baselineFile, png)
    return
  }
  if (!existsSync(baselineFile))
    throw new Error(`No baseline ${baselineFile}: run npm run test:screenshots:update`)
  const expected = PNG.sync.read(readFileSync(baselineFile))
  const actual = PNG.sync.read(png)
  diffDir ??= mkdtempSync(join(tmpdir(), 'foyer-screenshots-'))
  const actualFile = join(diffDir, `${name}.actual.png`)
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeFileSync(actualFile, png)
    throw new Error(
      `${name}: ${actual.width}×${actual.height} px, baseline ${expected.width}×${expected.height} px (actual image: ${actualFile})`,
    )
  }
  const { width, height } = expected
  const diff = new PNG({ width, height })
  const changed = pixelmatch(expected.data, actual.data, diff.data, width, height, {
    threshold: pixelThreshold,
  })
  if (changed > maxChangedShare * width * height) {
    const diffFile = join(diffDir, `${name}.diff.png`)
    writeFileSync(diffFile, PNG.sync.write(diff))
    writeFileSync(actualFile, png)
    throw new Error(
      `${name}: ${changed} of ${width * height} pixels differ from the baseline (diff image: ${diffFile}, actual image: ${actualFile})`,
    )
  }
}

for (const theme of galleryThemes) {
  describe(`${theme} theme`, () => {
    for (const item of galleryItems) {
      test(`${item.title} looks as its baseline and axe finds nothing serious`, async () => {
        const { page } = pages.get(theme)!
        await show(page, item, theme)
        compareWithBaseline(`${item.id}.${theme}`, await photograph(page, item))
        const violations = await seriousViolations(
          page,
          item.subject === 'buttons' ? '.hero-actions' : undefined,
        )
        expect(violations, `axe on ${item.title} (${theme})`).toEqual([])
      })
    }
  })
}
