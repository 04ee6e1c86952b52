// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOverlay, type Overlay } from '../ui/createOverlay.ts'
import { formatAmount } from './formatAmount.ts'
import { requestApproval } from './requestApproval.ts'
import type { ApprovalSummary } from './types.ts'

let overlay: Overlay

beforeEach(() => {
  overlay = createOverlay({
    document,
    window,
    onShow: () => {},
    onHide: () => {},
    observeVisibility: () => () => {},
  })
})

afterEach(() => {
  overlay.destroy()
  document.body.replaceChildren()
})

const smartAccount = '0x5b5f5e1D2A4b3e0b4E3D6F2e7a0C9C8E1b2A3d4F'
const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = {
  address: '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9',
  name: 'USD Coin (Devnet)',
  symbol: 'USDC',
  decimals: 6,
  source: 'config' as const,
}
const amount = (value: bigint) => formatAmount({ value, decimals: 6, symbol: 'USDC' })

const batch = (deploysAccount: boolean): ApprovalSummary => ({
  kind: 'evmCalls',
  title: 'Confirm 2 calls',
  approveLabel: 'Confirm',
  origin: 'https://app.example.com',
  account: { address: smartAccount, name: 'Smart account', isAccount: true },
  network: { name: 'Foyer Devnet A', chainId: 31337 },
  warnings: [],
  details: {
    type: 'evmTransaction',
    calls: [
      {
        type: 'erc20Approve',
        token: usdc,
        spender: { address: recipient, name: undefined, isAccount: false },
        amount: amount(5_000_000n),
        value: undefined,
      },
      {
        type: 'erc20Transfer',
        token: usdc,
        to: { address: recipient, name: undefined, isAccount: false },
        amount: amount(10_000_000n),
        value: undefined,
      },
    ],
    fee: {
      status: 'estimated',
      gasLimit: 400_000n,
      maxFeePerGas: 2_000_000_000n,
      amount: formatAmount({ value: 800_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    },
    balanceChanges: { status: 'unavailable', reason: 'Method not found' },
    userOperation: { owner: { address: owner, name: undefined, isAccount: true }, deploysAccount },
  },
})

describe('the approval card of a smart-account batch', () => {
  it('lists every call, says they are one all-or-nothing operation, and names the signing key', async () => {
    void requestApproval(overlay, batch(true))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const text = document.querySelector('[role="dialog"]')?.textContent ?? ''
    for (const expected of [
      'Confirm 2 calls',
      smartAccount,
      'Allow spending',
      '5 USDC',
      'Send USDC',
      '10 USDC',
      'One operation of your smart account: all 2 calls happen, or none',
      'Signed by',
      owner,
      'Created by this operation (its first)',
      'Up to 0.0008 ETH',
    ])
      expect(text).toContain(expected)
  })

  it('does not mention a deployment once the account exists', async () => {
    void requestApproval(overlay, batch(false))
    await new Promise((resolve) => setTimeout(resolve, 0))
    const text = document.querySelector('[role="dialog"]')?.textContent ?? ''
    expect(text).toContain('One operation of your smart account')
    expect(text).not.toContain('Created by this operation')
  })
})
