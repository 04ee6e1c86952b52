import { createPublicClient, http, verifyMessage } from 'viem'
import { describe, expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { demoUrl } from './support/browser.ts'
import { mobileWalletUrl, useDappAndWallet } from './support/dappAndWallet.ts'

const { devnet } = inject('world')
const [chainA, chainB] = devnet.chains as [(typeof devnet.chains)[0], (typeof devnet.chains)[0]]
// The mobile test wallet approves with account 0 unless told otherwise.
const walletAccount = devnet.accounts[0]!.address
const demoMessage = 'Sign in to the Foyer demo'

const sides = useDappAndWallet({ clipboard: true })

const dialog = () => sides.dapp.getByRole('dialog')
const connectButton = () => sides.dapp.locator('[data-foyer-connect-button]')
const qrCode = () => dialog().getByRole('img', { name: 'WalletConnect QR code' })
const walletRegion = (name: string) => sides.wallet.getByRole('region', { name })

/** Opens the dialog's WalletConnect view and takes the pairing URI from its Copy link button. */
async function copyPairingUri(query = ''): Promise<string> {
  await sides.dapp.goto(`${demoUrl}/?namespaces=eip155${query}`)
  await connectButton().click()
  await dialog().getByRole('button', { name: 'WalletConnect', exact: true }).click()
  await expect.poll(() => qrCode().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:/)
  await dialog().getByRole('button', { name: 'Copy link' }).click()
  const uri = await sides.dapp.evaluate(() => navigator.clipboard.readText())
  expect(uri).toBe(await qrCode().getAttribute('data-uri'))
  return uri
}

async function pasteIntoWallet(uri: string, query = '') {
  await sides.wallet.goto(`${mobileWalletUrl}/${query}`)
  await sides.wallet.getByLabel('WalletConnect URI').fill(uri)
  await sides.wallet.getByRole('button', { name: 'Connect' }).click()
}

async function approveProposal() {
  const proposal = walletRegion('Session proposals').getByRole('article').first()
  await proposal.getByRole('button', { name: 'Approve' }).click()
}

async function approveRequest(title: RegExp) {
  const card = walletRegion('Requests').getByRole('article', { name: title })
  await card.getByRole('button', { name: 'Approve' }).click()
}

describe('WalletConnect with the mobile test wallet, through the local relay', () => {
  test('connects from the copied link, signs, sends, switches chain, and follows a wallet-side disconnect', async () => {
    const uri = await copyPairingUri()
    expect(await seriousViolations(sides.dapp)).toEqual([])
    await pasteIntoWallet(uri)
    await approveProposal()
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletAccount)

    // A message signed from the demo verifies with viem.
    await sides.dapp.getByRole('button', { name: /^Sign/ }).click()
    await approveRequest(/Sign a message/)
    await expect
      .poll(() => sides.dapp.getByTestId('signature').textContent(), { timeout: 20_000 })
      .toMatch(/^0x/)
    const signature = (await sides.dapp.getByTestId('signature').textContent()) as `0x${string}`
    expect(await verifyMessage({ address: walletAccount, message: demoMessage, signature })).toBe(
      true,
    )

    // A transaction sent from the demo lands on anvil.
    await sides.dapp.getByRole('button', { name: 'Send 0.001 to myself' }).click()
    await approveRequest(/transaction/i)
    await expect
      .poll(() => sides.dapp.getByTestId('transaction').textContent(), { timeout: 20_000 })
      .toMatch(/^0x/)
    const hash = (await sides.dapp.getByTestId('transaction').textContent()) as `0x${string}`
    const receipt = await createPublicClient({
      transport: http(chainA.rpcUrl),
    }).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')

    // Chain switch from the dialog, approved in the sides.wallet.
    await connectButton().click()
    await dialog()
      .getByRole('button', { name: `Network ${chainA.name}`, exact: true })
      .click()
    await dialog()
      .getByRole('button', { name: new RegExp(chainB.name) })
      .click()
    await approveRequest(/network|chain/i)
    await expect
      .poll(() => sides.dapp.getByTestId('network').textContent(), { timeout: 20_000 })
      .toBe(`eip155:${chainB.chainId}`)

    // The wallet ends the session: the dialog shows disconnected.
    await walletRegion('Active sessions')
      .getByRole('button', { name: 'Disconnect' })
      .first()
      .click()
    await expect
      .poll(() => sides.dapp.getByTestId('status').textContent(), { timeout: 20_000 })
      .toBe('disconnected')
  })

  test('a new session survives a reload of the app', async () => {
    const uri = await copyPairingUri()
    await pasteIntoWallet(uri, '?autoApprove=1')
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletAccount)
    await sides.dapp.reload()
    await expect
      .poll(() => sides.dapp.getByTestId('status').textContent(), { timeout: 20_000 })
      .toBe('connected')
    expect(await sides.dapp.getByTestId('address').textContent()).toBe(walletAccount)
  })

  test('signs in with the WalletConnect wallet (SIWX): the wallet shows the EIP-4361 message, the session holds its address and ends on disconnect', async () => {
    const uri = await copyPairingUri('&siwx=1')
    await pasteIntoWallet(uri)
    await approveProposal()
    // Right after the connection the wallet is asked to sign the sign-in message.
    const request = walletRegion('Requests').getByRole('article', { name: /Sign a message/ })
    await expect
      .poll(() => request.textContent(), { timeout: 20_000 })
      .toContain('wants you to sign in with your Ethereum account')
    expect(await request.textContent()).toContain(walletAccount)
    await approveRequest(/Sign a message/)
    const session = () => sides.dapp.getByTestId('session').textContent()
    await expect.poll(session, { timeout: 20_000 }).toBe(walletAccount)
    const cookie = (await sides.dappContext.cookies()).find((entry) => entry.name === 'foyer_siwx')
    expect(cookie?.httpOnly).toBe(true)

    await connectButton().click()
    await dialog().getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => sides.dapp.getByTestId('status').textContent()).toBe('disconnected')
    // Signing out asks the server to end the session: it follows the disconnect.
    await expect.poll(() => session(), { timeout: 10_000 }).toBe('—')
  })

  test('a rejected proposal shows Connection rejected', async () => {
    const uri = await copyPairingUri()
    await pasteIntoWallet(uri)
    await walletRegion('Session proposals')
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Reject' })
      .click()
    await expect
      .poll(() => dialog().getByText('Connection rejected').count(), { timeout: 20_000 })
      .toBe(1)
  })

  test('a pairing URI about to expire is replaced by a fresh one', async () => {
    // Lifetime 22 s: treated as expired with 10 s left, so each URI is replaced after about 12 s.
    // A new pairing retires the one before it (the SDK drops pending pairings), so the fresh URI
    // must be pasted within its own 12 s.
    const first = await copyPairingUri('&pairingLifetime=22000')
    await expect.poll(() => qrCode().getAttribute('data-uri'), { timeout: 20_000 }).not.toBe(first)
    const second = (await qrCode().getAttribute('data-uri'))!
    expect(second).toMatch(/^wc:/)
    // The fresh URI pairs.
    await pasteIntoWallet(second, '?autoApprove=1')
    await expect
      .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
      .toBe(walletAccount)
  })
})
