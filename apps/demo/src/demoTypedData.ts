import type { Hex } from 'viem'

/**
 * The EIP-712 typed data the demo asks the connected account to sign (`eth_signTypedData_v4`):
 * a check-in naming the account, on the active chain. The end-to-end tests verify the signature
 * for the account through the chain (ERC-1271 / ERC-6492 for the smart account).
 */
export function demoTypedData(parameters: { chainId: number; account: Hex }) {
  return {
    domain: { name: 'Foyer demo', version: '1', chainId: parameters.chainId },
    types: {
      CheckIn: [
        { name: 'account', type: 'address' },
        { name: 'visit', type: 'uint256' },
        { name: 'note', type: 'string' },
      ],
    },
    primaryType: 'CheckIn',
    message: { account: parameters.account, visit: 1n, note: 'Checking in at the Foyer demo' },
  } as const
}
