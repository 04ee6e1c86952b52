/**
 * Social login as a visitor meets it, in real Chromium against the local world (production demo
 * build, the Foyer server with its frame, the OpenID provider stand-in on loopback), Google each
 * run with a new identity in a new browser profile:
 * - click → provider page: from the click on "Continue with Google" to the provider's login form
 *   in the popup (the frame's start call, the authorization request, the page);
 * - approve → address: from the visitor's Continue on the provider's page to the wallet address in
 *   the app (code exchange, session, a new wallet made and split in the frame, connect).
 * The person's typing is not timed.
 */
import { performance } from 'node:perf_hooks'
import { demoUrl, launchChromium } from '../e2e/support/browser.ts'
import { startWorld } from '../scripts/world.ts'
import { summarize, type Timings } from './timings.ts'

export type BenchSocialLoginReturnType = {
  clickToProviderPageMs: Timings
  approveToAddressMs: Timings
}

export async function benchSocialLogin(runs = 5): Promise<BenchSocialLoginReturnType> {
  const world = await startWorld({ demo: 'preview', log: () => {} })
  const browser = await launchChromium()
  const toProvider: number[] = []
  const toAddress: number[] = []
  try {
    for (let run = 0; run < runs + 1; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${demoUrl}/?solana=0`)
      await page.locator('[data-foyer-connect-button]').click()
      const button = page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' })
      await button.waitFor()
      const clicked = performance.now()
      const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
      await popup.getByLabel('Name').waitFor()
      const providerShown = performance.now()
      await popup.getByLabel('Name').fill(`Bench ${run}`)
      await popup.getByLabel('Email').fill(`bench-${Date.now()}-${run}@example.com`)
      const approved = performance.now()
      await popup.getByRole('button', { name: 'Continue' }).click()
      await page.waitForFunction(
        () => /^0x/.test(document.querySelector('[data-testid="address"]')?.textContent ?? ''),
        null,
        { timeout: 30_000, polling: 'raf' },
      )
      const connected = performance.now()
      // The first run warms the server (provider discovery, the frame bundle): not counted.
      if (run > 0) {
        toProvider.push(providerShown - clicked)
        toAddress.push(connected - approved)
      }
      await context.close()
    }
  } finally {
    await browser.close()
    await world.stop()
  }
  return { clickToProviderPageMs: summarize(toProvider), approveToAddressMs: summarize(toAddress) }
}
