import type { Browser, Page } from 'playwright-core'
import { createPublicClient, createTestClient, erc20Abi, http, parseUnits } from 'viem'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'

const { devnet } = inject('world')
const chainA = devnet.chains[0]!
const usdc = chainA.tokens.find((token) => token.symbol === 'USDC')!
const dai = chainA.tokens.find((token) => token.symbol === 'DAI')!
// Account 4 is this file's own.
const trader = devnet.accounts[4]!.address
const client = createPublicClient({ transport: http(chainA.rpcUrl) })

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
  await page.goto(`${demoUrl}/?testWallet=1&namespaces=eip155`)
  await page.waitForFunction(() => window.foyerTestWallet !== undefined)
  await page.evaluate((address) => window.foyerTestWallet!.selectAccount(address), trader)
  await page.locator('[data-foyer-connect-button]').click()
  await dialog()
    .getByRole('button', { name: /Foyer Test Wallet/ })
    .first()
    .click()
  await page.waitForFunction(
    (address) => document.querySelector('[data-testid="address"]')?.textContent === address,
    trader,
  )
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const balanceOf = (token: { address: `0x${string}` }) =>
  client.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [trader],
  })

async function openSwap() {
  // A test that failed may have left the dialog open.
  if ((await dialog().count()) > 0) await page.keyboard.press('Escape')
  await page.locator('[data-foyer-connect-button]').click()
  await dialog().locator('[data-foyer-feature="swaps"]').click()
  await expect
    .poll(
      () =>
        dialog()
          .getByRole('button', { name: /^Token you pay: / })
          .isEnabled(),
      {
        timeout: 15_000,
      },
    )
    .toBe(true)
}

async function pick(side: 'Token you pay' | 'Token you receive', symbol: string) {
  await dialog()
    .getByRole('button', { name: new RegExp(`^${side}: `) })
    .click()
  await dialog().getByRole('searchbox', { name: 'Search tokens' }).fill(symbol)
  await dialog()
    .getByRole('list', { name: side })
    .getByRole('button', { name: new RegExp(`^${symbol} `) })
    .click()
}

/** The quote's minimum and expected amount out, read from the view (6 decimals shown). */
async function quoted() {
  const quote = dialog().locator('[data-foyer-swap-quote]')
  await expect.poll(() => quote.count(), { timeout: 15_000 }).toBe(1)
  return (await dialog().locator('[data-foyer-swap-out]').textContent())!.replaceAll(',', '')
}

test('swaps 100 USDC for DAI with an approval first; balances move by the quote within the slippage', async () => {
  await openSwap()
  await pick('Token you pay', 'USDC')
  await pick('Token you receive', 'DAI')
  await dialog().getByLabel('You pay', { exact: true }).fill('100')
  const expectedOut = Number(await quoted())
  expect(expectedOut).toBeGreaterThan(0)
  expect(await seriousViolations(page)).toEqual([])
  const [usdcBefore, daiBefore] = await Promise.all([balanceOf(usdc), balanceOf(dai)])
  await dialog().getByRole('button', { name: 'Approve USDC and swap' }).click()
  // The swap mined: the dialog returns to the account.
  await expect
    .poll(() => dialog().locator('[data-foyer-wallet-features]').count(), { timeout: 60_000 })
    .toBe(1)
  const [usdcAfter, daiAfter] = await Promise.all([balanceOf(usdc), balanceOf(dai)])
  expect(usdcBefore - usdcAfter).toBe(parseUnits('100', usdc.decimals))
  const received = Number(daiAfter - daiBefore) / 10 ** dai.decimals
  // Within 1 % of the quote (SPEC §9 slippage), and the pools moved only by this swap.
  expect(received).toBeGreaterThanOrEqual(expectedOut * 0.99)
  expect(received).toBeLessThanOrEqual(expectedOut * 1.0001)
  // Activity lists the swap.
  await dialog().getByRole('tab', { name: 'Activity' }).click()
  await expect
    .poll(() => dialog().getByRole('tabpanel').textContent(), { timeout: 15_000 })
    .toContain('-100.000 USDC')
})

test('swaps ETH for USDC without an approval', async () => {
  await openSwap()
  await pick('Token you pay', 'ETH')
  await pick('Token you receive', 'USDC')
  await dialog().getByLabel('You pay', { exact: true }).fill('0.5')
  const expectedOut = Number(await quoted())
  const before = await balanceOf(usdc)
  await dialog().getByRole('button', { name: 'Swap', exact: true }).click()
  await expect
    .poll(() => dialog().locator('[data-foyer-wallet-features]').count(), { timeout: 60_000 })
    .toBe(1)
  const received = Number((await balanceOf(usdc)) - before) / 10 ** usdc.decimals
  expect(received).toBeGreaterThanOrEqual(expectedOut * 0.99)
})

test('a price that moves beyond the slippage before the swap is refused and nothing is lost', async () => {
  await openSwap()
  await pick('Token you pay', 'USDC')
  await pick('Token you receive', 'DAI')
  await dialog().getByLabel('You pay', { exact: true }).fill('50')
  await quoted()
  // Someone else moves the pool a lot between the quote and the visitor's click: the quote the
  // view holds is now stale (anvil mines the whale's swap first).
  const whale = devnet.accounts[3]!
  const test = createTestClient({ mode: 'anvil', transport: http(chainA.rpcUrl) })
  await test.setAutomine(true)
  const { createWalletClient } = await import('viem')
  const { privateKeyToAccount } = await import('viem/accounts')
  const wallet = createWalletClient({
    account: privateKeyToAccount(whale.privateKey),
    transport: http(chainA.rpcUrl),
    chain: {
      id: chainA.chainId,
      name: chainA.name,
      nativeCurrency: chainA.nativeCurrency,
      rpcUrls: { default: { http: [chainA.rpcUrl] } },
    },
  })
  const router = chainA.contracts.uniswapV2Router02
  const amount = parseUnits('300000', usdc.decimals)
  await wallet.writeContract({
    address: usdc.address,
    abi: erc20Abi,
    functionName: 'approve',
    args: [router, amount],
  })
  await wallet.writeContract({
    address: router,
    abi: [
      {
        type: 'function',
        name: 'swapExactTokensForTokens',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'amountIn', type: 'uint256' },
          { name: 'amountOutMin', type: 'uint256' },
          { name: 'path', type: 'address[]' },
          { name: 'to', type: 'address' },
          { name: 'deadline', type: 'uint256' },
        ],
        outputs: [{ name: 'amounts', type: 'uint256[]' }],
      },
    ],
    functionName: 'swapExactTokensForTokens',
    args: [amount, 0n, [usdc.address, dai.address], whale.address, 2n ** 40n],
  })
  const [usdcBefore, daiBefore] = await Promise.all([balanceOf(usdc), balanceOf(dai)])
  await dialog()
    .getByRole('button', { name: /^(Approve USDC and swap|Swap)$/ })
    .click()
  await expect
    .poll(() => dialog().getByRole('alert').textContent(), { timeout: 60_000 })
    .toMatch(/slippage|price moved|INSUFFICIENT_OUTPUT_AMOUNT/i)
  expect(await balanceOf(usdc)).toBe(usdcBefore)
  expect(await balanceOf(dai)).toBe(daiBefore)
})
