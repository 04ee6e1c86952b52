/**
 * What approval in the frame adds to a signature, in real Chromium on loopback: the app page and
 * the wallet frame on two origins, the production frame host and overlay (the in-memory auth
 * server stands in for the Foyer server's routes, so only the frame's own work is timed).
 * - request → shown: from the app's `RPC_REQUEST` (personal_sign) to the frame shown with its
 *   decoded card (SHOW received by the app);
 * - shown → enabled: until Sign acts, which is the 600 ms the card must have been fully visible
 *   (by design: a page cannot flash the card under the visitor's pointer);
 * - click → signature: from the visitor's click (Playwright, over CDP) to the signature in the app.
 * And what a passkey adds on a new device (`benchPasskeyUnlock`): from the click on "Recover with
 * passkey" to the wallet usable here (WebAuthn get with PRF on Chromium's virtual authenticator,
 * unwrap, Shamir, key derivation, a new share set).
 */
import { performance } from 'node:perf_hooks'
import type { Page } from 'playwright-core'
import { launchChromium } from '../e2e/support/browser.ts'
import {
  bundleForBrowser,
  createLoopbackPages,
} from '../packages/frame/src/test-utils/browser/loopbackPages.ts'
import { frameStyles } from '../packages/frame/src/ui/frameStyles.ts'
import { summarize, type Timings } from './timings.ts'

export type BenchApprovalReturnType = {
  requestToShownMs: Timings
  shownToEnabledMs: Timings
  clickToSignatureMs: Timings
}

type BenchWindow = Window & {
  foyerTest: { createFrameClient: (parameters: unknown) => BenchClient }
  client: BenchClient
}
type BenchClient = {
  request: (name: string, payload: unknown) => Promise<Record<string, unknown>>
  isShown: () => boolean
}

const html = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

/**
 * The app and the frame on two loopback origins of one site, `localhost`: passkeys need a domain,
 * and a frame of another site gets no storage in Chromium (third-party storage is blocked).
 */
async function openFramePages() {
  const pages = createLoopbackPages()
  const [appScript, frameScript] = await Promise.all(
    ['appEntry.ts', 'approvalFrameEntry.ts'].map((entry) =>
      bundleForBrowser(
        new URL(`../packages/frame/src/test-utils/browser/${entry}`, import.meta.url),
        {
          minify: true,
        },
      ),
    ),
  )
  const onLocalhost = (origin: string) => origin.replace('127.0.0.1', 'localhost')
  const appOrigin = onLocalhost(
    await pages.serve({
      '/': { type: 'text/html', body: () => html('<script type="module" src="/app.js"></script>') },
      '/app.js': { type: 'text/javascript', body: () => appScript! },
    }),
  )
  const frameOrigin = await pages.serve({
    '/frame': {
      type: 'text/html',
      body: () =>
        html(
          `<link rel="stylesheet" href="/frame.css"><script type="application/json" id="foyer-frame-config">${JSON.stringify({ allowedOrigins: [appOrigin] })}</script><script type="module" src="/frame.js"></script>`,
        ),
    },
    '/frame.js': { type: 'text/javascript', body: () => frameScript! },
    '/frame.css': { type: 'text/css', body: () => frameStyles },
  })
  return { pages, appOrigin, frameOrigin: onLocalhost(frameOrigin) }
}

export async function benchApproval(runs = 10): Promise<BenchApprovalReturnType> {
  const { pages, appOrigin, frameOrigin } = await openFramePages()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    await page.goto(appOrigin)
    await page.waitForFunction(() => 'foyerTest' in window)
    const address = await logIn(page, frameOrigin)
    const samples = { shown: [] as number[], enabled: [] as number[], signed: [] as number[] }
    const frame = page.frameLocator('iframe')
    for (let run = 0; run < runs; run++) {
      // Timed inside the page: the request, then the first animation frame the frame is shown in.
      const shownAfter = page.evaluate(async (address) => {
        const w = window as unknown as BenchWindow
        const start = performance.now()
        ;(window as unknown as { pending: Promise<unknown> }).pending = w.client.request(
          'RPC_REQUEST',
          { method: 'personal_sign', params: [`0x${'61'.repeat(32)}`, address] },
        )
        while (!w.client.isShown()) await new Promise(requestAnimationFrame)
        return performance.now() - start
      }, address)
      samples.shown.push(await shownAfter)
      const shownAt = performance.now()
      const sign = frame.getByRole('button', { name: 'Sign', exact: true })
      await page.waitForFunction(() => true)
      await sign.waitFor()
      while ((await sign.getAttribute('aria-disabled')) === 'true')
        await new Promise((resolve) => setTimeout(resolve, 10))
      samples.enabled.push(performance.now() - shownAt)
      const clickAt = performance.now()
      await sign.click()
      await page.evaluate(() => (window as unknown as { pending: Promise<unknown> }).pending)
      samples.signed.push(performance.now() - clickAt)
      await page.waitForFunction(() => !(window as unknown as BenchWindow).client.isShown())
    }
    return {
      requestToShownMs: summarize(samples.shown),
      shownToEnabledMs: summarize(samples.enabled),
      clickToSignatureMs: summarize(samples.signed),
    }
  } finally {
    await browser.close()
    await pages.close()
  }
}

export async function benchPasskeyUnlock(runs = 5): Promise<{ clickToUnlockedMs: Timings }> {
  const { pages, appOrigin, frameOrigin } = await openFramePages()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
      },
    })
    await page.goto(appOrigin)
    await page.waitForFunction(() => 'foyerTest' in window)
    await logIn(page, frameOrigin)
    const frame = page.frameLocator('iframe')
    const setUp = page.evaluate(() =>
      (window as unknown as BenchWindow).client.request('SETUP_RECOVERY', {}),
    )
    await clickWhenEnabled(frame.getByRole('button', { name: 'Use a passkey' }))
    await setUp
    const walletFrame = page.frames().find((candidate) => candidate.url().startsWith(frameOrigin))!
    const samples: number[] = []
    for (let run = 0; run < runs; run++) {
      // This device forgets the wallet (its share and recovery key), as a new device would be.
      await walletFrame.evaluate(async () => {
        const { foyerTest } = window as unknown as {
          foyerTest: {
            server: { database: Map<string, unknown> }
            deviceShareStore: { deleteShare: (id: string) => Promise<void> }
          }
        }
        for (const userId of foyerTest.server.database.keys())
          await foyerTest.deviceShareStore.deleteShare(userId)
      })
      const unlocked = page.evaluate(async () => {
        const { client } = window as unknown as BenchWindow
        await client.request('RELOAD', {})
        await client.request('UNLOCK_WALLET', {})
      })
      const button = frame.getByRole('button', { name: 'Recover with passkey' })
      await button.waitFor()
      while ((await button.getAttribute('aria-disabled')) === 'true')
        await new Promise((resolve) => setTimeout(resolve, 10))
      const clickAt = performance.now()
      await button.click()
      await unlocked
      samples.push(performance.now() - clickAt)
    }
    return { clickToUnlockedMs: summarize(samples) }
  } finally {
    await browser.close()
    await pages.close()
  }
}

async function clickWhenEnabled(button: import('playwright-core').Locator) {
  await button.waitFor()
  while ((await button.getAttribute('aria-disabled')) === 'true')
    await new Promise((resolve) => setTimeout(resolve, 10))
  await button.click()
}

/** Email login through the frame against the in-memory server; resolves the wallet address. */
async function logIn(page: Page, frameOrigin: string): Promise<string> {
  await page.evaluate(async (frameUrl) => {
    const w = window as unknown as BenchWindow
    w.client = w.foyerTest.createFrameClient({ frameUrl, projectId: 'bench' })
    await w.client.request('CONNECT_EMAIL', { email: 'bench@example.com' })
  }, `${frameOrigin}/frame`)
  const walletFrame = page.frames().find((frame) => frame.url().startsWith(frameOrigin))!
  const otp = await walletFrame.evaluate(
    () =>
      (
        window as unknown as { foyerTest: { server: { mailbox: { otp?: string }[] } } }
      ).foyerTest.server.mailbox.at(-1)?.otp,
  )
  return page.evaluate(async (otp) => {
    const w = window as unknown as BenchWindow
    await w.client.request('CONNECT_OTP', { otp })
    const user = await w.client.request('GET_USER', {})
    return user.address as string
  }, otp)
}
