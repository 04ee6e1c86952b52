import jsQR from 'jsqr'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createPublicClient, erc20Abi, formatUnits, http } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
const usdc = chainA.tokens.find((token) => token.symbol === 'USDC')!
// Accounts 7 and 8 are this file's own; account 1 holds sample NFT #2 from the deployment.
const sender = devnet.accounts[7]!.address
const receiver = devnet.accounts[8]!.address
const nftHolder = devnet.accounts[1]!.address
const client = createPublicClient({ transport: http(chainA.rpcUrl) })

let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoUrl })
  page = await context.newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')

/** The USDC balance as anvil reports it, formatted as the dialog shows quantities (3 decimals). */
async function usdcOnChain(address: `0x${string}`) {
  const raw = await client.readContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
  const [whole, fraction = ''] = formatUnits(raw, usdc.decimals).split('.')
  return `${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)} USDC`
}

async function expectNoSeriousViolations(view: string) {
  expect(await seriousViolations(page), `axe on ${view}`).toEqual([])
}

async function openTab(name: 'Tokens' | 'NFTs' | 'Activity') {
  await dialog().getByRole('tab', { name }).click()
  await expect
    .poll(() => dialog().getByRole('tab', { name }).getAttribute('aria-selected'))
    .toBe('true')
}

async function usdcRowQuantity() {
  return dialog().locator('li[data-token-symbol="USDC"] [data-foyer-token-quantity]').textContent()
}

test('sends 12.5 USDC, then both balances, the activity, the NFTs and the receive QR show in the dialog', async () => {
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), sender)
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(sender)

  // Account → Tokens: the USDC balance anvil reports.
  await connectButton().click()
  await openTab('Tokens')
  const before = await usdcOnChain(sender)
  await expect.poll(usdcRowQuantity, { timeout: 15_000 }).toBe(before)
  await expectNoSeriousViolations('Account / Tokens')

  // Send: the SPEC validation texts, then a real transfer.
  await dialog().locator('[data-foyer-feature="send"]').click()
  await expect.poll(() => dialog().getByLabel('Amount', { exact: true }).count()).toBe(1)
  // The form preselects the first token; clearing it shows the token rule.
  await expect.poll(() => dialog().getByLabel('Token', { exact: true }).inputValue()).not.toBe('')
  await dialog().getByLabel('Token', { exact: true }).selectOption('')
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => dialog().getByText('A token is required').count()).toBe(1)
  await dialog().getByLabel('Token', { exact: true }).selectOption(usdc.address.toLowerCase())
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => dialog().getByText('An amount and receiver address are required').count())
    .toBe(1)
  await expectNoSeriousViolations('Send (validation)')
  await dialog().getByLabel('Amount', { exact: true }).fill('12.5')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(receiver)
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(() => page.getByText('Transaction sent').count(), { timeout: 30_000 }).toBe(1)

  // On chain: exactly 12.5 USDC moved.
  const senderAfter = await usdcOnChain(sender)
  const receiverAfter = await usdcOnChain(receiver)
  expect(senderAfter).toBe('999,987.500 USDC')
  expect(receiverAfter).toBe('1,000,012.500 USDC')

  // The dialog shows the sender's new balance, and Activity lists the transfer.
  await page.keyboard.press('Escape')
  await expect.poll(() => dialog().count()).toBe(0)
  await connectButton().click()
  await openTab('Tokens')
  await expect.poll(usdcRowQuantity, { timeout: 15_000 }).toBe(senderAfter)
  await openTab('Activity')
  const transfer = dialog().locator('li[data-foyer-activity]').filter({ hasText: '12.500 USDC' })
  await expect.poll(() => transfer.count(), { timeout: 20_000 }).toBeGreaterThan(0)
  await expect.poll(() => transfer.first().textContent()).toContain('Sent')
  await expectNoSeriousViolations('Account / Activity')

  // The receiver's balance, seen by switching the wallet to that account.
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), receiver)
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(receiver)
  await openTab('Tokens')
  await expect.poll(usdcRowQuantity, { timeout: 15_000 }).toBe(receiverAfter)

  // NFTs: the sample collection's token #2 belongs to account 1.
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), nftHolder)
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(nftHolder)
  await openTab('NFTs')
  const nft = dialog().getByRole('button', { name: 'Foyer Devnet Punk #2' })
  await expect.poll(() => nft.count(), { timeout: 20_000 }).toBe(1)
  await expectNoSeriousViolations('Account / NFTs')
  await nft.click()
  await expect
    .poll(() => dialog().getByRole('img', { name: 'Foyer Devnet Punk #2' }).count())
    .toBe(1)
  await dialog().getByRole('button', { name: 'Back to NFTs' }).click()

  // Receive: the QR code decodes to the connected address.
  await dialog().locator('[data-foyer-feature="receive"]').click()
  const qr = dialog().getByRole('img', { name: 'QR code of your address' })
  await expect.poll(() => qr.count()).toBe(1)
  await expectNoSeriousViolations('Receive')
  const pixels = await qr.evaluate(async (svg) => {
    const size = 400
    const markup = new XMLSerializer().serializeToString(svg)
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = size
    canvas.height = size
    const context2d = canvas.getContext('2d')!
    context2d.fillStyle = '#fff'
    context2d.fillRect(0, 0, size, size)
    context2d.drawImage(image, 20, 20, size - 40, size - 40)
    return Array.from(context2d.getImageData(0, 0, size, size).data)
  })
  const decoded = jsQR(Uint8ClampedArray.from(pixels), 400, 400)
  expect(decoded?.data.toLowerCase()).toBe(nftHolder.toLowerCase())
})
