import { erc20Abi, toViemChain } from '@foyer/devnet'
import type { Browser, Page } from 'playwright-core'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseAbiItem,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { demoTypedData } from '../apps/demo/src/demoTypedData.ts'
import { seriousViolations } from './support/axe.ts'
import { demoUrl, launchChromium } from './support/browser.ts'
import { codeIn, countMails, nextMail } from './support/mailbox.ts'
import { clickInFrame, frameDialog, waitForFrameDialog } from './support/secureFrame.ts'
import { verifyAccountTypedData } from './support/verifySignature.ts'

const { devnet } = inject('world')
const chain = devnet.chains[0]!
const client = createPublicClient({ transport: http(chain.rpcUrl) })
const email = `smart-${Date.now().toString(36)}@example.com`
/** The demo's batch and session transfers go to dev account 9; its session key is account 8. */
const receiver = devnet.accounts[9]!.address
const userOperationEvent = parseAbiItem(
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

let browser: Browser
let page: Page
let smartAccount: Hex
beforeAll(async () => {
  browser = await launchChromium()
  page = await (await browser.newContext()).newPage()
})
afterAll(async () => {
  await browser?.close()
})

const dialogOf = () => page.getByRole('dialog')
const output = (id: string) => page.getByTestId(id).textContent()
const usdcOf = (address: Hex) =>
  client.readContract({
    address: chain.contracts.usdc,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  })
/** The user operations the bundler included for the smart account so far. */
const userOperationsOf = (sender: Hex) =>
  client.getLogs({
    address: chain.contracts.entryPoint07,
    event: userOperationEvent,
    args: { sender },
    fromBlock: 0n,
  })

/** Dev account 3 (no test counts its balances) gives the counterfactual account gas money and 20 USDC. */
async function fund(address: Hex) {
  const funder = createWalletClient({
    account: privateKeyToAccount(devnet.accounts[3]!.privateKey),
    chain: toViemChain(chain),
    transport: http(chain.rpcUrl),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
  })
  await client.waitForTransactionReceipt({
    hash: await funder.writeContract({
      address: chain.contracts.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [address, parseUnits('20', 6)],
    }),
  })
}

/** Until the frame shows no card (the app's own key never makes it ask the visitor). */
const frameCards = () => frameDialog(page).count()

/**
 * The demo asks `eth_signTypedData_v4` of the smart account (its active account); the visitor
 * signs on the frame's typed-data card; the app's answer verifies for the smart account on chain.
 */
async function signTypedDataAsApp(): Promise<Hex> {
  await page.getByRole('button', { name: 'Check in with typed data (EIP-712)' }).click()
  await waitForFrameDialog(page, 'Sign typed data')
  expect(await frameDialog(page).textContent()).toContain('Checking in at the Foyer demo')
  await clickInFrame(page, 'Sign')
  await expect.poll(() => output('typed-signature'), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]+$/)
  const signature = (await output('typed-signature')) as Hex
  expect(
    await verifyAccountTypedData({
      address: smartAccount,
      ...demoTypedData({ chainId: chain.chainId, account: smartAccount }),
      signature,
    }),
  ).toBe(true)
  return signature
}

describe('the embedded wallet’s smart account: batches and smart sessions', () => {
  test('email login shows the smart account (counterfactual) as the connected address', async () => {
    const seen = await countMails(email, 'Your login code')
    await page.goto(`${demoUrl}/?namespaces=eip155&smartSessions=1`)
    await page.locator('[data-foyer-connect-button]').click()
    await dialogOf().getByRole('textbox', { name: 'Email address' }).fill(email)
    await dialogOf().getByRole('button', { name: 'Continue', exact: true }).click()
    const code = codeIn(await nextMail(email, 'Your login code', seen))
    await dialogOf().getByRole('textbox', { name: 'Verification code' }).fill(code)
    await expect.poll(() => output('address'), { timeout: 30_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    smartAccount = (await output('address')) as Hex
    // Connected, the dialog closes; the account button opens the Account view.
    await expect
      .poll(
        async () => {
          if ((await dialogOf().count()) === 0)
            await page.locator('[data-foyer-connect-button]').click()
          return dialogOf().getByRole('button', { name: 'Smart account' }).count()
        },
        { timeout: 30_000 },
      )
      .toBe(1)
    // SPEC §6: the smart account by default on EVM; not on chain before its first operation.
    const smartButton = dialogOf().getByRole('button', { name: 'Smart account' })
    expect(await smartButton.getAttribute('aria-pressed')).toBe('true')
    expect(
      await dialogOf()
        .locator('[data-foyer-smart-account]')
        .getAttribute('data-foyer-smart-account'),
    ).toBe('counterfactual')
    expect(await client.getCode({ address: smartAccount })).toBeUndefined()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await fund(smartAccount)
  })

  test('eth_signTypedData_v4 of the counterfactual smart account verifies for it (ERC-6492)', async () => {
    const signature = await signTypedDataAsApp()
    // Wrapped with the account's deployment: longer than a bare 65-byte signature.
    expect(signature.length).toBeGreaterThan(132)
    expect(await client.getCode({ address: smartAccount })).toBeUndefined()
  })

  test('approve + transfer in ONE wallet_sendCalls: one card, one user operation, status 200', async () => {
    const receiverBefore = await usdcOf(receiver)
    await page.getByRole('button', { name: 'Approve 5 USDC + transfer 1 USDC (one batch)' }).click()
    await waitForFrameDialog(page, 'Confirm 2 calls')
    await clickInFrame(page, 'Confirm')
    await expect.poll(() => output('calls-id'), { timeout: 60_000 }).toMatch(/^0x[0-9a-f]+$/)
    // wallet_sendCalls answers once the bundler has the operation (EIP-5792), before inclusion.
    await expect
      .poll(async () => (await userOperationsOf(smartAccount)).length, { timeout: 30_000 })
      .toBe(1)

    const operations = await userOperationsOf(smartAccount)
    expect(operations).toHaveLength(1)
    expect(operations[0]!.args.success).toBe(true)
    expect(await usdcOf(receiver)).toBe(receiverBefore + parseUnits('1', 6))
    expect(
      await client.readContract({
        address: chain.contracts.usdc,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [smartAccount, chain.contracts.uniswapV2Router02],
      }),
    ).toBe(parseUnits('5', 6))

    await page.getByRole('button', { name: 'Check the batch' }).click()
    await expect.poll(() => output('calls-status')).toContain('"status":200')
    const status = JSON.parse((await output('calls-status'))!) as {
      atomic: boolean
      receipts: { transactionHash: Hex }[]
    }
    expect(status.atomic).toBe(true)
    expect(status.receipts[0]!.transactionHash).toBe(operations[0]!.transactionHash)
    // Deployed by its first operation (SPEC §3 smartAccountDeployed).
    expect(await client.getCode({ address: smartAccount })).toMatch(/^0x[0-9a-f]+$/)
  })

  test('eth_signTypedData_v4 of the deployed smart account verifies for it (ERC-1271)', async () => {
    const signature = await signTypedDataAsApp()
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
  })

  test('a batch with a target without 0x gets SPEC’s error and nothing is sent', async () => {
    const before = await userOperationsOf(smartAccount)
    const block = await client.getBlockNumber()
    await page.getByRole('button', { name: 'Send a batch with a target without 0x' }).click()
    await expect
      .poll(() => output('smart-account-error'))
      .toBe('Batched-send calls need a 0x-prefixed target address')
    expect(await frameCards()).toBe(0)
    expect(await userOperationsOf(smartAccount)).toHaveLength(before.length)
    expect(await client.getBlockNumber()).toBe(block)
  })

  test('a session of 10 USDC: the app spends within it without a prompt, not beyond, not after revoke', async () => {
    await page
      .getByRole('button', { name: 'Grant a session: 10 USDC on the USDC contract' })
      .click()
    await waitForFrameDialog(page, 'Grant session')
    await clickInFrame(page, 'Grant')
    await expect.poll(() => output('session-context'), { timeout: 60_000 }).toMatch(/^0x[0-9a-f]+$/)

    // Listed in the dialog's Sessions view with its limit in USDC.
    await page.locator('[data-foyer-connect-button]').click()
    await dialogOf().getByRole('button', { name: 'Manage smart sessions' }).click()
    const list = dialogOf().getByRole('list', { name: 'Active smart sessions' })
    await expect.poll(() => list.textContent(), { timeout: 15_000 }).toContain('Up to 10 USDC')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    const spend = async (amount: string) => {
      await page.getByRole('textbox', { name: 'USDC' }).fill(amount)
      await page.getByRole('button', { name: 'Spend with the session' }).click()
    }
    const receiverBefore = await usdcOf(receiver)
    await spend('3')
    await expect
      .poll(() => output('session-spent'), { timeout: 30_000 })
      .toMatch(/^0x[0-9a-f]{64}$/)
    expect(await frameCards()).toBe(0)
    expect(await usdcOf(receiver)).toBe(receiverBefore + parseUnits('3', 6))

    // 3 + 8 is over the 10 USDC limit: the account's enforcer refuses it.
    await spend('8')
    await expect.poll(() => output('smart-account-error'), { timeout: 30_000 }).toBeTruthy()
    expect(await usdcOf(receiver)).toBe(receiverBefore + parseUnits('3', 6))

    await page.getByRole('button', { name: 'Revoke the session' }).click()
    await waitForFrameDialog(page, 'Revoke session')
    await clickInFrame(page, 'Revoke')
    await expect.poll(() => output('session-revoked'), { timeout: 60_000 }).toBe('revoked')

    await spend('1')
    await expect.poll(() => output('session-spent')).toBe('')
    await expect.poll(() => output('smart-account-error'), { timeout: 30_000 }).toBeTruthy()
    expect(await usdcOf(receiver)).toBe(receiverBefore + parseUnits('3', 6))
  })
})
