import type { Browser, Frame, Page } from 'playwright-core'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { createFrameClient, FrameClient } from './client/createFrameClient.ts'
import type { createIndexedDbDeviceShareStore } from './custody/deviceShareStore.ts'
import {
  bundleForBrowser,
  createLoopbackPages,
  launchChromium,
} from './test-utils/browser/loopbackPages.ts'
import type { MemoryAuthServer } from './test-utils/createMemoryAuthServer.ts'

/** What the test pages put on `window` (see test-utils/browser). */
type TestWindow = Window & {
  client: FrameClient
  received: unknown[]
  foyerTest: {
    createFrameClient: typeof createFrameClient
    server: MemoryAuthServer
    createIndexedDbDeviceShareStore: typeof createIndexedDbDeviceShareStore
  }
}

// Real Chromium, three loopback origins (ports differ): the app, the frame, a foreign site.
let browser: Browser
const pages = createLoopbackPages()
let appOrigin: string
let frameOrigin: string
let foreignOrigin: string

const html = (body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`

beforeAll(async () => {
  const [appScript, frameScript] = await Promise.all([
    bundleForBrowser(new URL('./test-utils/browser/appEntry.ts', import.meta.url)),
    bundleForBrowser(new URL('./test-utils/browser/frameEntry.ts', import.meta.url)),
  ])
  const appRoutes = {
    '/': { type: 'text/html', body: () => html('<script type="module" src="/app.js"></script>') },
    '/app.js': { type: 'text/javascript', body: () => appScript },
  }
  appOrigin = await pages.serve(appRoutes)
  frameOrigin = await pages.serve({
    '/embedded/frame': {
      type: 'text/html',
      body: () =>
        html(
          `<script type="application/json" id="foyer-frame-config">${JSON.stringify({ allowedOrigins: [appOrigin] })}</script><script type="module" src="/frame.js"></script>`,
        ),
    },
    '/frame.js': { type: 'text/javascript', body: () => frameScript },
  })
  foreignOrigin = await pages.serve({
    ...appRoutes,
    // A foreign page embedded in the app page that tries to drive the wallet frame next to it.
    '/attack.html': {
      type: 'text/html',
      body: () =>
        html(`<script>
          window.received = []
          addEventListener('message', (event) => window.received.push(event.data))
          const frame = [...Array(parent.frames.length).keys()].map((i) => parent.frames[i]).find((f) => f !== window)
          frame.postMessage({ type: '@foyer-app/CONNECT_EMAIL', id: 'evil-1', payload: { email: 'victim@example.com' } }, '*')
          frame.postMessage({ type: '@foyer-app/GET_USER', id: 'evil-2', payload: {} }, '*')
          parent.postMessage('attack-sent', '*')
        </script>`),
    },
  })
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await pages.close()
})

async function openApp(page: Page, origin = appOrigin) {
  await page.goto(`${origin}/`)
  await page.waitForFunction(() => 'foyerTest' in window)
  await page.evaluate((frameUrl) => {
    const w = window as unknown as TestWindow
    w.client = w.foyerTest.createFrameClient({
      frameUrl,
      projectId: 'browser-test',
      timeouts: { load: 3_000 },
    })
  }, `${frameOrigin}/embedded/frame`)
}

const walletFrame = (page: Page): Frame => {
  const frame = page.frames().find((f) => f.url().startsWith(frameOrigin))
  if (!frame) throw new Error('wallet frame not found')
  return frame
}

describe('the embedded frame in Chromium', () => {
  it('loads only on first use, completes the cross-origin handshake, logs in and signs', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openApp(page)
    expect(await page.locator('iframe').count()).toBe(0)
    const email = 'ada@example.com'
    expect(
      await page.evaluate(
        (e) => (window as unknown as TestWindow).client.request('CONNECT_EMAIL', { email: e }),
        email,
      ),
    ).toEqual({ action: 'VERIFY_OTP' })
    const otp = await walletFrame(page).evaluate(
      () => (window as unknown as TestWindow).foyerTest.server.mailbox.at(-1)?.otp ?? '',
    )
    await page.evaluate(
      (code) => (window as unknown as TestWindow).client.request('CONNECT_OTP', { otp: code }),
      otp,
    )
    const user = await page.evaluate(() =>
      (window as unknown as TestWindow).client.request('GET_USER', {}),
    )
    const { result } = await page.evaluate(
      ([message, address]) =>
        (window as unknown as TestWindow).client.request('RPC_REQUEST', {
          method: 'personal_sign',
          params: [message, address],
        }),
      [toHex('signed in Chromium'), user.address],
    )
    expect(
      await verifyMessage({
        address: user.address,
        message: 'signed in Chromium',
        signature: result as Hex,
      }),
    ).toBe(true)

    // The device share sits in the frame origin's IndexedDB under a non-extractable key, and
    // survives a reload of the page.
    const frame = walletFrame(page)
    const stored = await frame.evaluate(async (userId) => {
      const store = (window as unknown as TestWindow).foyerTest.createIndexedDbDeviceShareStore()
      const share = await store.getShare(userId)
      const db = await new Promise<IDBDatabase>((resolve) => {
        const request = indexedDB.open('foyer-frame')
        request.onsuccess = () => resolve(request.result)
      })
      const key = await new Promise<CryptoKey>((resolve) => {
        const request = db.transaction('custody').objectStore('custody').get('wrapping-key')
        request.onsuccess = () => resolve(request.result)
      })
      const exportable = await crypto.subtle.exportKey('raw', key).then(
        () => true,
        () => false,
      )
      return {
        share: Array.from(share as Uint8Array),
        isCryptoKey: key instanceof CryptoKey,
        extractable: key.extractable,
        exportable,
      }
    }, user.userId)
    expect(stored).toMatchObject({ isCryptoKey: true, extractable: false, exportable: false })
    expect(stored.share.length).toBeGreaterThan(16)
    await openApp(page)
    await page.evaluate(() => (window as unknown as TestWindow).client.request('GET_CHAIN_ID', {}))
    const afterReload = await walletFrame(page).evaluate(
      async (userId) =>
        Array.from(
          (await (window as unknown as TestWindow).foyerTest
            .createIndexedDbDeviceShareStore()
            .getShare(userId)) ?? [],
        ),
      user.userId,
    )
    expect(afterReload).toEqual(stored.share)
    await context.close()
  })

  it('ignores messages a foreign-origin page posts to the frame', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openApp(page)
    await page.evaluate(() => (window as unknown as TestWindow).client.request('GET_CHAIN_ID', {}))
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve) => {
          addEventListener('message', (event) => {
            if (event.data === 'attack-sent') resolve()
          })
          const attacker = document.createElement('iframe')
          attacker.src = src
          document.body.appendChild(attacker)
        }),
      `${foreignOrigin}/attack.html`,
    )
    // Messages are handled in order: once this answer is back, the attack was processed too.
    expect(
      await page.evaluate(() =>
        (window as unknown as TestWindow).client.request('IS_CONNECTED', {}),
      ),
    ).toEqual({
      isConnected: false,
    })
    const attacker = page.frames().find((f) => f.url().startsWith(foreignOrigin))!
    expect(await attacker.evaluate(() => (window as unknown as TestWindow).received)).toEqual([])
    expect(
      await walletFrame(page).evaluate(
        () => (window as unknown as TestWindow).foyerTest.server.mailbox,
      ),
    ).toEqual([])
    await context.close()
  })

  it('stays silent in a page whose origin is not allowed, so the app reports the load failure', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await openApp(page, foreignOrigin)
    const error = await page.evaluate(() =>
      (window as unknown as TestWindow).client.request('GET_CHAIN_ID', {}).then(
        () => null,
        (e: { shortMessage: string; code: string }) => ({
          shortMessage: e.shortMessage,
          code: e.code,
        }),
      ),
    )
    expect(error).toEqual({
      shortMessage: 'Network Error - Could not load embedded wallet',
      code: 'iframe_load_failed',
    })
    await context.close()
  })
})
