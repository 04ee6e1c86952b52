import { createPublicClient, type Hex, http } from 'viem'
import { inject } from 'vitest'

/**
 * Verifies a `personal_sign` signature as an app would: through the chain (viem's public
 * `verifyMessage`), so a smart account's signature counts — ERC-1271 once deployed, ERC-6492 while
 * the account is still counterfactual — as well as an EOA's.
 */
export async function verifyAccountMessage(parameters: {
  address: Hex
  message: string
  signature: Hex
}): Promise<boolean> {
  const { devnet } = inject('world')
  const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return client.verifyMessage(parameters)
}
