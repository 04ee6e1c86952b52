import { createSolanaRpc, generateKeyPairSigner, lamports, address as toAddress } from '@solana/kit'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { shownSol } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { approveInFrame } from './support/secureFrame.ts'

const { devnet } = inject('world')
const solana = devnet.solana!
const rpc = createSolanaRpc(solana.rpcUrl)
const mailboxUrl = 'http://127.0.0.1:4400/dev/mailbox.json'
const email = `solana-${Date.now().toString(36)}@example.com`

type Mail = { to: string[]; subject: string; text: string; receivedAt: string }

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialog = () => page.getByRole('dialog')
const connectButton = () => page.locator('[data-foyer-connect-button]')
const lamportsOf = async (account: string) =>
  (await rpc.getBalance(toAddress(account), { commitment: 'confirmed' }).send()).value

async function loginMails(): Promise<Mail[]> {
  const response = await fetch(`${mailboxUrl}?to=${encodeURIComponent(email)}`)
  return ((await response.json()) as { mails: Mail[] }).mails.filter(
    (mail) => mail.subject === 'Your login code',
  )
}

async function switchTo(networkName: RegExp) {
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog().getByRole('button', { name: networkName }).click()
}

test('email login also connects the embedded Solana account: its address and SOL balance show on the Solana network without a new login, and Max SOL leaves the fee', async () => {
  // Email login on the EVM network, the code read from the dev mailbox.
  await page.goto(`${demoUrl}/?developer=1`)
  await connectButton().click()
  await dialog().getByRole('textbox', { name: 'Email address' }).fill(email)
  await dialog().getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(async () => (await loginMails()).length, { timeout: 30_000 }).toBe(1)
  const code = /\b(\d{6})\b/.exec((await loginMails())[0]!.text)![1]!
  // The sixth digit sends the code: no Verify click.
  await dialog().getByRole('textbox', { name: 'Verification code' }).fill(code)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 30_000 })
    .toMatch(/^0x[0-9a-fA-F]{40}$/)

  // The Solana network: the embedded wallet's ed25519 account is there, no login asked.
  await switchTo(/^Solana Localnet/)
  await expect
    .poll(() => page.getByTestId('network').textContent(), { timeout: 20_000 })
    .toMatch(/^solana:/)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const solanaAddress = (await page.getByTestId('address').textContent())!
  expect(await page.getByTestId('status').textContent()).toBe('connected')
  await page.keyboard.press('Escape')

  // Fund it, then reload: the session and the Solana network are restored, the balance is read.
  await rpc.requestAirdrop(toAddress(solanaAddress), lamports(1_500_000_000n)).send()
  await expect.poll(() => lamportsOf(solanaAddress)).toBe(1_500_000_000n)
  await page.reload()
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 30_000 })
    .toBe(solanaAddress)
  // The account header reads the balance from the cluster (the server's balance route caches
  // the 0 it read before the airdrop for 30 s).
  await connectButton().click()
  await expect
    .poll(() => dialog().locator('[data-foyer-balance]').textContent(), { timeout: 20_000 })
    .toBe(shownSol(1_500_000_000n))
  // Still the one login.
  expect(await loginMails()).toHaveLength(1)

  // Max SOL: the form leaves the fee the RPC prices; the frame signs, the app sends.
  const receiver = (await generateKeyPairSigner()).address
  await dialog().locator('[data-foyer-feature="send"]').click()
  await dialog().getByLabel('Token', { exact: true }).selectOption('native')
  await dialog().getByLabel('Receiver address', { exact: true }).fill(receiver)
  await dialog().getByRole('button', { name: 'Max amount' }).click()
  await expect
    .poll(() => dialog().getByLabel('Amount', { exact: true }).inputValue(), { timeout: 10_000 })
    .toBe('1.499995')
  await expect
    .poll(() => dialog().locator('[data-foyer-send-fee]').textContent(), { timeout: 10_000 })
    .toBe('Network fee ≈ 0.000005 SOL')
  await dialog().getByRole('button', { name: 'Send', exact: true }).click()
  // The frame shows the decoded transfer on its own origin; the visitor approves it there.
  await approveInFrame(page)
  await expect.poll(() => page.getByText('Transaction sent').count(), { timeout: 30_000 }).toBe(1)
  expect(await lamportsOf(receiver)).toBe(1_499_995_000n)
  expect(await lamportsOf(solanaAddress)).toBe(0n)
})
