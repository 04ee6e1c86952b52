import { erc20Abi, getAddress, type Hex, type PublicClient } from 'viem'
import { revealInvisibleCharacters } from './decodeText.ts'
import type { ApprovalToken } from './types.ts'
import { withTimeout } from './withTimeout.ts'

export type ReadTokenMetadataParameters = {
  client: PublicClient
  address: Hex
  timeoutMs: number
}

/**
 * What an unknown token contract says about itself (`name`, `symbol`, `decimals`): `source:
 * 'chain'` when it answers `decimals`, else `unknown`. Anyone can deploy a contract calling
 * itself "USDC", so the card marks these as unverified.
 */
export async function readTokenMetadata(
  parameters: ReadTokenMetadataParameters,
): Promise<ApprovalToken> {
  const { client, address, timeoutMs } = parameters
  const read = <name extends 'name' | 'symbol' | 'decimals'>(functionName: name) =>
    withTimeout(client.readContract({ address, abi: erc20Abi, functionName }), timeoutMs)
  const [name, symbol, decimals] = await Promise.allSettled([
    read('name'),
    read('symbol'),
    read('decimals'),
  ])
  const text = (result: PromiseSettledResult<string>) =>
    result.status === 'fulfilled' && result.value
      ? revealInvisibleCharacters(result.value.slice(0, 64))
      : undefined
  const known = decimals.status === 'fulfilled' && decimals.value <= 77
  return {
    address: getAddress(address),
    name: known ? text(name) : undefined,
    symbol: known ? text(symbol) : undefined,
    decimals: known ? decimals.value : undefined,
    source: known ? 'chain' : 'unknown',
  }
}
