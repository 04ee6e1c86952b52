import type { FrameLocator, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The embedded wallet's frame: its own origin, shown above the app when it needs the visitor. */
export const secureFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[title="Foyer embedded wallet"]')

/** The frame's dialog (its card), once shown. */
export const frameDialog = (page: Page): Locator => secureFrame(page).getByRole('dialog')

/** Waits until the frame shows a dialog with this title. */
export async function waitForFrameDialog(page: Page, title: string | RegExp) {
  await expect
    .poll(() => frameDialog(page).getByRole('heading', { name: title }).count(), {
      timeout: 30_000,
    })
    .toBe(1)
}

/**
 * Clicks a guarded button of the frame as the visitor would: a real click, once the frame has
 * seen itself fully visible long enough to enable it.
 */
export async function clickInFrame(page: Page, name: string | RegExp) {
  const button = frameDialog(page).getByRole('button', { name })
  // The card has settled, fully visible (so every guarded button is enabled): Chromium drops
  // clicks on a frame that has only just appeared.
  await expect
    .poll(() => secureFrame(page).locator('[role="dialog"][data-foyer-ready]').count(), {
      timeout: 15_000,
    })
    .toBe(1)
  await button.click()
}

/** Waits for the frame's approval (a signature, a transaction, a new device) and approves it. */
export async function approveInFrame(page: Page) {
  await clickInFrame(page, /^(Sign|Sign in|Confirm|Approve device)$/)
}
