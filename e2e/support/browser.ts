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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs })
}

/** Every request a page makes, so tests can assert what left the page and when. */
export function recordRequests(target: Page | BrowserContext): string[] {
  const urls: string[] = []
  target.on('request', (request) => urls.push(request.url()))
  return urls
}
