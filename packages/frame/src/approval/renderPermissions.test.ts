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
const sessionKey = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdc = {
  address: '0xfbfbfDdd6e35dA57b7B0F9a2C10E34Be70B3A4E9',
  name: 'USD Coin (Devnet)',
  symbol: 'USDC',
  decimals: 6,
  source: 'config' as const,
}

const session = (revoke: boolean, deploysAccount = false): ApprovalSummary => ({
  kind: 'evmPermissions',
  title: revoke ? 'Revoke session' : 'Grant session',
  approveLabel: revoke ? 'Revoke' : 'Grant',
  origin: 'https://app.example.com',
  appName: 'Example App',
  account: { address: smartAccount, name: 'Smart account', isAccount: true },
  network: { name: 'Foyer Devnet A', chainId: 31337 },
  warnings: [],
  details: {
    type: 'permissions',
    revoke,
    signer: { address: sessionKey, name: undefined, isAccount: false },
    expiry: '2030-01-02T03:04:05.000Z',
    contracts: [
      {
        contract: { address: usdc.address, name: 'USD Coin (Devnet) (USDC)', isAccount: false },
        functions: ['transfer(address,uint256)'],
      },
    ],
    tokenLimits: [
      { token: usdc, allowance: formatAmount({ value: 10_000_000n, decimals: 6, symbol: 'USDC' }) },
    ],
    owner: { address: owner, name: undefined, isAccount: true },
    deploysAccount,
  },
})

const shown = async (summary: ApprovalSummary) => {
  const decision = requestApproval(overlay, summary)
  await new Promise((resolve) => setTimeout(resolve, 0))
  return { decision, text: document.querySelector('[role="dialog"]')?.textContent ?? '' }
}

describe('the approval card of a smart session', () => {
  it('shows the app, the session key, until when, the allowed calls and each token’s limit', async () => {
    const { text } = await shown(session(false, true))
    for (const expected of [
      'Grant session',
      'Example App',
      'https://app.example.com',
      smartAccount,
      'Acts for you',
      sessionKey,
      new Date('2030-01-02T03:04:05.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
      'Allowed calls',
      usdc.address,
      'transfer(address,uint256)',
      'Spending limits',
      'At most 10 USDC in all',
      'On chain by your smart account: anything else is refused',
      'Signed by',
      owner,
      'Created first, by its first operation',
    ])
      expect(text).toContain(expected)
  })

  it('says a revoke ends the session on chain, and reports a rejection', async () => {
    const { decision, text } = await shown(session(true))
    expect(text).toContain('Revoke session')
    expect(text).toContain('On chain: once revoked, the session key can do nothing more')
    expect(text).not.toContain('Created first')
    const buttons = [...document.querySelectorAll('button')]
    expect(buttons.map((button) => button.textContent)).toContain('Revoke')
    buttons.find((button) => button.textContent === 'Reject')?.click()
    // The frame answers the app 4001 for this (grantPermissions.test.ts).
    expect(await decision).toBe(false)
  })
})
