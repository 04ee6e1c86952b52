// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createOverlay, type Overlay } from '../ui/createOverlay.ts'
import { describeApproval } from './describeApproval.ts'
import { formatAmount } from './formatAmount.ts'
import { requestApproval } from './requestApproval.ts'
import type { ApprovalSummary } from './types.ts'

let overlay: Overlay
let setVisible: (visible: boolean) => void = () => {}

beforeEach(() => {
  overlay = createOverlay({
    document,
    window,
    onShow: () => {},
    onHide: () => {},
    observeVisibility: (_element, onChange) => {
      setVisible = onChange
      return () => {}
    },
  })
})

afterEach(() => {
  overlay.destroy()
  document.body.replaceChildren()
})

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const buttonNamed = (name: string) =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('.foyer-actions button')).find(
    (button) => button.textContent === name,
  )

const account = {
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  name: undefined,
  isAccount: true,
}
const usdc = {
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  source: 'config' as const,
}
const approvalSummary: ApprovalSummary = {
  kind: 'evmTransaction',
  title: 'Approve USDC spending',
  approveLabel: 'Confirm',
  origin: 'https://app.example.com',
  account,
  network: { name: 'Foyer Devnet A', chainId: 31337 },
  warnings: [{ level: 'danger', message: 'Unlimited approval: Router can spend all your USDC.' }],
  details: {
    type: 'evmTransaction',
    calls: [
      {
        type: 'erc20Approve',
        token: usdc,
        spender: {
          address: '0x0000000000000000000000000000000000000abc',
          name: 'Router',
          isAccount: false,
        },
        amount: formatAmount({ value: 2n ** 256n - 1n, decimals: 6, symbol: 'USDC' }),
        value: undefined,
      },
    ],
    fee: {
      status: 'estimated',
      gasLimit: 50_000n,
      maxFeePerGas: 2_000_000_000n,
      amount: formatAmount({ value: 100_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    },
    balanceChanges: { status: 'unavailable', reason: 'Method not found' },
  },
}

describe('requestApproval', () => {
  it('shows the requesting origin, account, network, warnings and the decoded call', async () => {
    void requestApproval(overlay, approvalSummary)
    await flush()
    const dialog = document.querySelector('[role="dialog"]')!
    const heading = document.getElementById(dialog.getAttribute('aria-labelledby')!)
    expect(heading?.textContent).toBe('Approve USDC spending')
    expect(dialog.querySelector('.foyer-request-origin')?.textContent).toBe(
      'https://app.example.com',
    )
    const text = dialog.textContent ?? ''
    for (const expected of [
      'Foyer Devnet A',
      account.address,
      'Unlimited approval: Router can spend all your USDC.',
      'Allow spending',
      'Unlimited USDC',
      'USD Coin (USDC)',
      'Balance changes could not be simulated',
      'Up to 0.0001 ETH',
    ])
      expect(text).toContain(expected)
    expect(dialog.querySelector('.foyer-warning-danger')).not.toBeNull()
    // A dangerous request gets a red Confirm, never the inviting primary colour.
    expect(buttonNamed('Confirm')?.className).toContain('foyer-button-danger')
  })

  it('names the app beside its origin, shortened, when the app declared a name', async () => {
    const summary = await describeApproval(
      {
        kind: 'evmMessage',
        origin: 'https://app.example.com',
        appName: ` ${'Very Long App Name '.repeat(4)}`,
        chainId: 31337,
        address: account.address as `0x${string}`,
        message: 'hello',
      },
      { getPublicClient: () => undefined as never, chains: {} },
    )
    expect(summary.appName).toBe(`${'Very Long App Name '.repeat(3).slice(0, 47)}…`)
    void requestApproval(overlay, summary)
    await flush()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.querySelector('.foyer-request-app')?.textContent).toBe(summary.appName)
    expect(dialog.querySelector('.foyer-request-origin')?.textContent).toBe(
      'https://app.example.com',
    )
    // No declared name: the origin alone.
    overlay.destroy()
    document.body.replaceChildren()
    overlay = createOverlay({ document, window, onShow: () => {}, onHide: () => {} })
    void requestApproval(overlay, approvalSummary)
    await flush()
    expect(document.querySelector('.foyer-request-app')).toBeNull()
  })

  it('resolves false on Reject and on Escape', async () => {
    const rejected = requestApproval(overlay, approvalSummary)
    await flush()
    buttonNamed('Reject')!.click()
    expect(await rejected).toBe(false)

    const escaped = requestApproval(overlay, approvalSummary)
    await flush()
    document.activeElement!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
    )
    expect(await escaped).toBe(false)
  })

  it('does not approve on a script click, even when the card is visible', async () => {
    const result = requestApproval(overlay, approvalSummary)
    await flush()
    setVisible(true)
    await new Promise((resolve) => setTimeout(resolve, 650))
    const confirm = buttonNamed('Confirm')!
    expect(confirm.getAttribute('aria-disabled')).toBe('false')
    confirm.click()
    confirm.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(await Promise.race([result, flush().then(() => 'pending')])).toBe('pending')
  })

  it('renders messages, typed-data trees and Solana instructions as text only', async () => {
    const context = { chains: {}, getPublicClient: () => ({}) as never }
    const message = await describeApproval(
      {
        kind: 'evmMessage',
        origin: 'https://app.example.com',
        chainId: 1,
        address: account.address as `0x${string}`,
        message: '<img src=x onerror=alert(1)> hello',
      },
      context,
    )
    void requestApproval(overlay, message)
    await flush()
    const pre = document.querySelector('.foyer-message')!
    expect(pre.textContent).toBe('<img src=x onerror=alert(1)> hello')
    expect(document.querySelector('img')).toBeNull()
    expect(buttonNamed('Sign')?.className).toContain('foyer-button-primary')
    overlay.destroy()

    overlay = createOverlay({
      document,
      window,
      onShow: () => {},
      onHide: () => {},
      observeVisibility: () => () => {},
    })
    const typed = await describeApproval(
      {
        kind: 'evmTypedData',
        origin: 'https://app.example.com',
        chainId: 1,
        address: account.address as `0x${string}`,
        typedData: {
          domain: { name: 'Mail', chainId: 1 },
          types: {
            Person: [{ name: 'name', type: 'string' }],
            Mail: [
              { name: 'to', type: 'Person[]' },
              { name: 'body', type: 'string' },
            ],
          },
          primaryType: 'Mail',
          message: { to: [{ name: 'Bob' }], body: 'hi' },
        },
      },
      context,
    )
    void requestApproval(overlay, typed)
    await flush()
    const tree = document.querySelector('.foyer-card-body')!.textContent
    expect(tree).toContain('Message · Mail')
    expect(tree).toContain('[0]: ')
    expect(tree).toContain('name: Bob')
    expect(tree).toContain('body: hi')
  })

  it('rejects a request nobody decided in time, also one that waited behind another card', async () => {
    const first = requestApproval(overlay, approvalSummary, { expiresInMs: 60 })
    const queued = requestApproval(overlay, approvalSummary, { expiresInMs: 40 })
    await flush()
    expect(document.querySelectorAll('.foyer-card')).toHaveLength(1)
    // The first expires and closes; the queued one had expired meanwhile and never shows.
    expect(await first).toBe(false)
    expect(await queued).toBe(false)
    await flush()
    expect(document.querySelectorAll('.foyer-card')).toHaveLength(0)
  })
})
