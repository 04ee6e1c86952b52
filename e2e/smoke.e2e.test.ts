import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { demoUrl, launchChromium } from './support/browser.ts'

let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

test('the demo page shows the chain id each anvil chain reports', async () => {
  const { devnet } = inject('world')
  const page = await browser.newPage()
  await page.goto(`${demoUrl}/?developer=1`)
  for (const chain of devnet.chains) {
    const output = page.getByTestId(`chain-id-${chain.rpcUrl}`)
    await expect.poll(() => output.textContent()).toBe(String(chain.chainId))
  }
  await page.close()
})
