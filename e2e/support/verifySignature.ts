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

/**
 * Verifies an `eth_signTypedData_v4` signature as an app would: viem's public `verifyTypedData`,
 * which accepts a smart account's signature through ERC-1271 once it is deployed and ERC-6492
 * while it is counterfactual, and an EOA's by recovery.
 */
export async function verifyAccountTypedData(
  parameters: Parameters<ReturnType<typeof createPublicClient>['verifyTypedData']>[0],
): Promise<boolean> {
  const { devnet } = inject('world')
  const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
  return client.verifyTypedData(parameters)
}
