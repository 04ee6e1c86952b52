// The frame page of the overlay's real-browser test: the production overlay and approval card,
// posting SHOW / HIDE to the embedding app as the host does.
import { formatAmount } from '../../approval/formatAmount.ts'
import { requestApproval } from '../../approval/requestApproval.ts'
import type { ApprovalSummary } from '../../approval/types.ts'
import { createOverlay } from '../createOverlay.ts'

const config = JSON.parse(document.getElementById('overlay-test-config')?.textContent ?? '{}') as {
  appOrigin: string
}

const overlay = createOverlay({
  document,
  window,
  onShow: () => window.parent.postMessage({ type: '@foyer-frame/SHOW' }, config.appOrigin),
  onHide: () => window.parent.postMessage({ type: '@foyer-frame/HIDE' }, config.appOrigin),
})

const summary: ApprovalSummary = {
  kind: 'evmTransaction',
  title: 'Send USDC',
  approveLabel: 'Confirm',
  origin: config.appOrigin,
  account: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    name: undefined,
    isAccount: true,
  },
  network: { name: 'Foyer Devnet A', chainId: 31337 },
  warnings: [
    {
      level: 'caution',
      message: 'The wallet does not know this token contract: the amount is shown in base units.',
    },
  ],
  details: {
    type: 'evmTransaction',
    calls: [
      {
        type: 'erc20Transfer',
        token: {
          address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
          name: 'USD Coin',
          symbol: 'USDC',
          decimals: 6,
          source: 'config',
        },
        to: {
          address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          name: undefined,
          isAccount: false,
        },
        amount: formatAmount({ value: 12_500_000n, decimals: 6, symbol: 'USDC' }),
        value: undefined,
      },
    ],
    fee: {
      status: 'estimated',
      gasLimit: 52_000n,
      maxFeePerGas: 2_000_000_000n,
      amount: formatAmount({ value: 104_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    },
    balanceChanges: {
      status: 'simulated',
      changes: [
        {
          token: {
            address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
            name: 'USD Coin',
            symbol: 'USDC',
            decimals: 6,
            source: 'config',
          },
          diff: -12_500_000n,
          amount: formatAmount({ value: 12_500_000n, decimals: 6, symbol: 'USDC' }),
          direction: 'out',
        },
      ],
    },
  },
}

/** What the test reads and drives in the frame (Playwright evaluates in the frame's realm). */
const overlayTest = {
  results: [] as boolean[],
  violations: [] as string[],
  open: () => {
    void requestApproval(overlay, summary).then((approved) => overlayTest.results.push(approved))
  },
}
document.addEventListener('securitypolicyviolation', (event) =>
  overlayTest.violations.push(`${event.violatedDirective} ${event.blockedURI}`),
)
Object.assign(window, { overlayTest })
