import { networkInterfaces } from 'node:os'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

/** Flags for Debian's Chromium on this offline machine (see DEVELOPERS.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const demoUrl = 'http://127.0.0.1:5173'

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
  if (!hostHasOnlyLoopback()) return browser
  // On a host with no network but loopback (scripts/offline.sh) Chromium reports
  // `navigator.onLine === false`, and WalletConnect's browser SDK then refuses to open its socket
  // to the local world's relay, which is on loopback and reachable. Every page of this browser
  // reports online, as on any machine with a network interface (`newPage` goes through here too).
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true }),
    )
    return context
  }
  return browser
}

/** True when every network interface of this machine is loopback. */
export function hostHasOnlyLoopback(): boolean {
  return Object.values(networkInterfaces())
    .flat()
    .every((address) => address?.internal !== false)
}

/** Every request a page makes, so tests can assert what left the page and when. */
export function recordRequests(target: Page | BrowserContext): string[] {
  const urls: string[] = []
  target.on('request', (request) => urls.push(request.url()))
  return urls
}
