// The WalletConnect relay down and back, in Chromium: the demo and the mobile test wallet talk
// through a relay of this file's own (the world's shared one stays up for the other files), which
// goes down and comes back on its port with its mailbox, as the production relay keeps its
// messages. The dialog says the connection to the wallet is lost; a request made meanwhile waits
// and goes through once the relay is back; the session resumes without a new pairing.
import { type CreateDevRelayReturnType, createDevRelay } from '@foyer/dev-relay'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl } from './support/browser.ts'
import { mobileWalletUrl, useDappAndWallet } from './support/dappAndWallet.ts'

const { devnet } = inject('world')
const walletAccount = devnet.accounts[0]!.address
const demoMessage = 'Sign in to the Foyer demo'
const lostText = 'Connection to your wallet lost. Reconnecting…'

const sides = useDappAndWallet()
let relay: CreateDevRelayReturnType

beforeAll(async () => {
  relay = await createDevRelay({ port: 0 })
})
afterAll(async () => {
  await relay?.close()
})

const dialog = () => sides.dapp.getByRole('dialog')
const connectButton = () => sides.dapp.locator('[data-foyer-connect-button]')
const qrCode = () => dialog().getByRole('img', { name: 'WalletConnect QR code' })
const walletRegion = (name: string) => sides.wallet.getByRole('region', { name })
/** Topics of the wallet's active sessions, from their cards' heading ids (`session-<topic>`). */
const walletSessionTopics = () =>
  walletRegion('Active sessions')
    .locator('[id^="session-"]')
    .evaluateAll((headings) => headings.map((heading) => heading.id.slice('session-'.length)))

describe('WalletConnect relay down and back', () => {
  test('the dialog says the wallet is unreachable, a request waits, and the session resumes without a new pairing', async () => {
    const relayQuery = `relayUrl=${encodeURIComponent(relay.url)}`
    await sides.dapp.goto(`${demoUrl}/?namespaces=eip155&${relayQuery}`)
    await connectButton().click()
    await dialog().getByRole('button', { name: 'WalletConnect', exact: true }).click()
    await expect.poll(() => qrCode().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:/)
    const uri = (await qrCode().getAttribute('data-uri'))!
    await sides.wallet.goto(`${mobileWalletUrl}/?${relayQuery}`)
    await sides.wallet.getByLabel('WalletConnect URI').fill(uri)
    await sides.wallet.getByRole('button', { name: 'Connect' }).click()
    await walletRegion('Session proposals')
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Approve' })
      .click()
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletAccount)
    await expect.poll(walletSessionTopics, { timeout: 20_000 }).toHaveLength(1)
    const [topic] = await walletSessionTopics()

    // The relay goes down: the account view says so, and the app still shows the account.
    await relay.suspend()
    await connectButton().click()
    const notice = dialog().getByText(lostText)
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(1)
    expect(await notice.locator('xpath=ancestor::*[@role="status"]').count()).toBe(1)
    expect(await sides.dapp.getByTestId('status').textContent()).toBe('connected')
    expect(await seriousViolations(sides.dapp)).toEqual([])
    await sides.dapp.keyboard.press('Escape')
    await expect.poll(() => dialog().count()).toBe(0)

    // A request made while it is down waits: nothing reaches the wallet, nothing fails.
    const requests = () => walletRegion('Requests').getByRole('article', { name: /Sign a message/ })
    await sides.dapp.getByRole('button', { name: /^Sign/ }).click()
    await sides.dapp.waitForTimeout(2_000)
    expect(await requests().count()).toBe(0)
    expect(await sides.dapp.getByTestId('signature').textContent()).not.toMatch(/^0x/)
    expect(await sides.dapp.getByTestId('status').textContent()).toBe('connected')

    // Back on its port, with its mailbox: the request reaches the wallet, which signs.
    await relay.resume()
    await expect.poll(() => requests().count(), { timeout: 45_000 }).toBe(1)
    await requests().getByRole('button', { name: 'Approve' }).click()
    await expect
      .poll(() => sides.dapp.getByTestId('signature').textContent(), { timeout: 20_000 })
      .toMatch(/^0x/)
    const signature = (await sides.dapp.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address: walletAccount, message: demoMessage, signature })).toBe(
      true,
    )

    // Same session, no new pairing: one session on the same topic, no proposal, no QR code.
    expect(await walletSessionTopics()).toEqual([topic])
    expect(await walletRegion('Session proposals').getByRole('article').count()).toBe(0)
    await connectButton().click()
    await expect.poll(() => dialog().getAttribute('data-view')).toBe('Account')
    await expect.poll(() => dialog().getByText(lostText).count(), { timeout: 20_000 }).toBe(0)
    expect(relay.unknownMethods).toEqual([])
  })
})
