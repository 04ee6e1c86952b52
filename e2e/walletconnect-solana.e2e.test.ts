import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { expect, inject, test } from 'vitest'
import { seriousViolations } from './support/axe.ts'
import { shownSol } from './support/balances.ts'
import { demoUrl } from './support/browser.ts'
import { mobileWalletUrl, useDappAndWallet } from './support/dappAndWallet.ts'

const { devnet } = inject('world')
const solana = devnet.solana!
const rpc = createSolanaRpc(solana.rpcUrl)
// The mobile test wallet approves with EVM account 0 and Solana dev key 0 unless told otherwise.
const evmAccount = devnet.accounts[0]!.address
const solanaAccount = solana.accounts[0]!.address
const demoMessage = 'Sign in to the Foyer demo'

const sides = useDappAndWallet()

const dialog = () => sides.dapp.getByRole('dialog')
const connectButton = () => sides.dapp.locator('[data-foyer-connect-button]')
const qrCode = () => dialog().getByRole('img', { name: 'WalletConnect QR code' })
const walletRegion = (name: string) => sides.wallet.getByRole('region', { name })

test('one WalletConnect session connects EVM and Solana: switch to Solana without a prompt, see SOL, sign there, disconnect both', async () => {
  // The demo with its Solana network: WalletConnect proposes eip155 and solana.
  await sides.dapp.goto(`${demoUrl}/?developer=1`)
  await connectButton().click()
  await dialog().locator('[data-connector-id="walletConnect"]').click()
  await expect.poll(() => qrCode().getAttribute('data-uri'), { timeout: 15_000 }).toMatch(/^wc:/)
  const uri = (await qrCode().getAttribute('data-uri'))!

  await sides.wallet.goto(`${mobileWalletUrl}/`)
  await sides.wallet.getByLabel('WalletConnect URI').fill(uri)
  await sides.wallet.getByRole('button', { name: 'Connect' }).click()
  await walletRegion('Session proposals')
    .getByRole('article')
    .first()
    .getByRole('button', { name: 'Approve' })
    .click()

  // Account shows the EVM address; the wallet's session holds the Solana account too.
  await expect
    .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(evmAccount)
  await expect
    .poll(() => walletRegion('Active sessions').getByRole('article').first().textContent())
    .toContain(solanaAccount)

  // Switch to the Solana network: the same session's Solana account, no new prompt.
  await connectButton().click()
  await dialog()
    .getByRole('button', { name: /^Switch network/ })
    .click()
  await dialog()
    .getByRole('button', { name: /^Solana Localnet/ })
    .click()
  await expect
    .poll(() => sides.dapp.getByTestId('address').textContent(), { timeout: 20_000 })
    .toBe(solanaAccount)
  expect(await sides.dapp.getByTestId('network').textContent()).toMatch(/^solana:/)
  expect(await sides.dapp.getByTestId('status').textContent()).toBe('connected')
  expect(await walletRegion('Requests').getByRole('article').count()).toBe(0)

  // Its SOL balance, as the local cluster reports it.
  if (!(await dialog().isVisible())) await connectButton().click()
  await dialog().getByRole('tab', { name: 'Tokens' }).click()
  const balance = (
    await rpc.getBalance(toAddress(solanaAccount), { commitment: 'confirmed' }).send()
  ).value
  await expect
    .poll(
      () =>
        dialog().locator('li[data-token-symbol="SOL"] [data-foyer-token-quantity]').textContent(),
      { timeout: 20_000 },
    )
    .toBe(shownSol(balance))
  expect(await seriousViolations(sides.dapp)).toEqual([])

  // A message signed on Solana from the demo's actions panel verifies (ed25519, base58).
  await sides.dapp.keyboard.press('Escape')
  await sides.dapp.getByRole('button', { name: /^Sign/ }).click()
  await walletRegion('Requests')
    .getByRole('article', { name: /Sign a message on Solana/ })
    .getByRole('button', { name: 'Approve' })
    .click()
  await expect
    .poll(() => sides.dapp.getByTestId('signature').textContent(), { timeout: 20_000 })
    .toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  const signature = (await sides.dapp.getByTestId('signature').textContent())!
  const verified = await verifySignature(
    await getPublicKeyFromAddress(solanaAccount as Address),
    new Uint8Array(getBase58Encoder().encode(signature)) as SignatureBytes,
    new Uint8Array(getUtf8Encoder().encode(demoMessage)),
  )
  expect(verified).toBe(true)

  // Disconnect from the dialog: the one session ends, both namespaces are gone.
  await connectButton().click()
  await dialog().getByRole('button', { name: 'Disconnect' }).click()
  await expect
    .poll(() => sides.dapp.getByTestId('status').textContent(), { timeout: 20_000 })
    .toBe('disconnected')
  await walletRegion('Active sessions').getByText('No active session.').waitFor()
})
