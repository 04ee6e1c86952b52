import { verifyBitcoinMessage } from '@foyer/bitcoin'
import { regtestNetwork } from '@foyer/devnet/bitcoin'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { p2wpkh } from '@scure/btc-signer'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownBalance } from './support/balances.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { pickConnector } from './support/pickConnector.ts'

const { devnet } = inject('world')
const bitcoin = devnet.bitcoin!
// The demo's Bitcoin test wallet holds dev account 0's payment and ordinals keys.
const { payment, ordinal } = bitcoin.accounts[0]!
// A fresh address nobody has used: a new key's P2WPKH.
const receiver = p2wpkh(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey()), regtestNetwork)
  .address!
const connectorId = 'bip122.foyer-test-wallet'
const demoMessage = 'Sign in to the Foyer demo'

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
type Stats = { funded_txo_sum: number; spent_txo_sum: number }
/** Confirmed and unconfirmed satoshis of an address, as the node's Esplora API reports them. */
async function satsOf(address: string) {
  const response = await fetch(`${bitcoin.esploraUrl}/address/${address}`)
  const { chain_stats, mempool_stats } = (await response.json()) as Record<string, Stats>
  const confirmed = BigInt(chain_stats!.funded_txo_sum - chain_stats!.spent_txo_sum)
  const pending = BigInt(mempool_stats!.funded_txo_sum - mempool_stats!.spent_txo_sum)
  return { confirmed, pending, total: confirmed + pending }
}
const mine = () =>
  fetch(`${bitcoin.esploraUrl}/regtest/mine`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ blocks: 1 }),
  })
const shownBtc = (sats: bigint) => shownBalance(sats, 8, 'BTC')

test('connects the Bitcoin test wallet, shows the regtest balance, switches payment ↔ ordinals, sends 0.1 BTC and signs (BIP-322)', async () => {
  await page.goto(`${demoUrl}/?testWallet=1`)
  await page.waitForFunction(() => window.foyerBitcoinTestWallet !== undefined)

  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Connect')
  // One row for the test wallet, which serves every namespace: the chooser picks this one.
  await pickConnector(dialog(), connectorId)
  await expect
    .poll(() => page.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(payment.address)
  expect(await page.getByTestId('network').textContent()).toBe(bitcoin.caipNetworkId)

  // The balance as the node reports it.
  await connectButton().click()
  await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
  const accountBalance = dialog().locator('[data-foyer-balance]')
  const before = await satsOf(payment.address)
  await expect
    .poll(() => accountBalance.textContent(), { timeout: 20_000 })
    .toBe(shownBtc(before.total))
  expect(await seriousViolations(page)).toEqual([])

  // Payment ↔ ordinals: the account shown follows, and the choice is the visitor's.
  await dialog().getByRole('button', { name: 'Ordinals' }).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(ordinal.address)
  await expect
    .poll(() => accountBalance.textContent(), { timeout: 20_000 })
    .toBe(shownBtc((await satsOf(ordinal.address)).total))
  expect(
    await dialog().getByRole('button', { name: 'Ordinals' }).getAttribute('aria-pressed'),
  ).toBe('true')
  await dialog().getByRole('button', { name: 'Payment' }).click()
  await expect.poll(() => page.getByTestId('address').textContent()).toBe(payment.address)
  await page.keyboard.press('Escape')

  // An invalid receiver is refused before the wallet is asked to sign (it would refuse).
  await page.evaluate(() => window.foyerBitcoinTestWallet!.setBehaviour({ signing: 'reject' }))
  await page.getByLabel(/^Amount/).fill('0.1')
  await page.getByLabel('To').fill('bcrt1qnotanaddress')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('action-error').textContent())
    .toBe('Invalid Bitcoin address')
  await page.evaluate(() => window.foyerBitcoinTestWallet!.setBehaviour({ signing: 'approve' }))

  // 0.1 BTC to a fresh address: in the mempool at once, confirmed after a block; the sender paid
  // it and a fee, and the dialog shows what the node reports.
  await page.getByLabel('To').fill(receiver)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect
    .poll(() => page.getByTestId('transaction').textContent(), { timeout: 30_000 })
    .toMatch(/^[0-9a-f]{64}$/)
  expect(await satsOf(receiver)).toEqual({
    confirmed: 0n,
    pending: 10_000_000n,
    total: 10_000_000n,
  })
  await mine()
  expect(await satsOf(receiver)).toEqual({
    confirmed: 10_000_000n,
    pending: 0n,
    total: 10_000_000n,
  })
  const after = await satsOf(payment.address)
  expect(after.pending).toBe(0n)
  const fee = before.total - after.total - 10_000_000n
  expect(fee).toBeGreaterThan(0n)
  expect(fee).toBeLessThan(10_000n)
  await connectButton().click()
  await expect
    .poll(() => accountBalance.textContent(), { timeout: 20_000 })
    .toBe(shownBtc(after.total))
  await page.keyboard.press('Escape')

  // Sign a message (BIP-322): it verifies for the payment address, not for another message.
  await page.getByRole('button', { name: `Sign “${demoMessage}”` }).click()
  await expect
    .poll(() => page.getByTestId('signature').textContent(), { timeout: 20_000 })
    .not.toBe('—')
  const signature = (await page.getByTestId('signature').textContent())!
  const verify = (message: string) =>
    verifyBitcoinMessage({ address: payment.address, message, signature })
  expect(await verify(demoMessage)).toBe(true)
  expect(await verify(`${demoMessage}!`)).toBe(false)
})
