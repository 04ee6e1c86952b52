import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { demoUrl, launchChromium } from './browser.ts'

export const mobileWalletUrl = 'http://127.0.0.1:4403'

export type DappAndWallet = {
  readonly dapp: Page
  readonly wallet: Page
  readonly dappContext: BrowserContext
}

/**
 * Registers the hooks of a WalletConnect test file: one Chromium for the file; per test, the demo
 * and the mobile test wallet in separate contexts (as two devices), and afterwards the check that
 * nothing either side did left loopback (no verify, telemetry or relay lookups outside).
 * `clipboard` grants the demo clipboard access, for the Copy link button.
 */
export function useDappAndWallet({ clipboard = false } = {}): DappAndWallet {
  let browser: Browser
  let dappContext: BrowserContext
  let walletContext: BrowserContext
  let dapp: Page
  let wallet: Page
  let requests: string[] = []

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    requests = []
    dappContext = await browser.newContext()
    if (clipboard)
      await dappContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoUrl })
    walletContext = await browser.newContext()
    dapp = await dappContext.newPage()
    wallet = await walletContext.newPage()
    for (const page of [dapp, wallet]) {
      page.on('request', (request) => requests.push(request.url()))
      page.on('websocket', (socket) => requests.push(socket.url()))
    }
  })
  afterEach(async () => {
    expect(requests.filter((url) => !/^(https?|wss?):\/\/127\.0\.0\.1:\d+\//.test(url))).toEqual([])
    await dappContext?.close()
    await walletContext?.close()
  })

  return {
    get dapp() {
      return dapp
    },
    get wallet() {
      return wallet
    },
    get dappContext() {
      return dappContext
    },
  }
}
