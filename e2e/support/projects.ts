/**
 * Projects besides the world's own, as an operator would set them up with `project upsert`:
 * one whose server turns swaps and analytics off, one that does not allow the demo's origin, one
 * whose server allows several wallets per namespace (multiWallet is off unless the server says).
 */
export const e2eProjects = {
  operatorOff: 'e2e-operator-off',
  foreignOrigin: 'e2e-foreign-origin',
  multiWallet: 'e2e-multi-wallet',
} as const
