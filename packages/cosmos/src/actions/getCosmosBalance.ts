import type { InvalidCosmosAddressError } from '../errors.ts'
import type { CosmosChainInfo } from '../networks.ts'
import { validateCosmosAddress } from './validateCosmosAddress.ts'

export type GetCosmosBalanceParameters = {
  chain: CosmosChainInfo
  address: string
  /** Default the chain's denom. */
  denom?: string | undefined
}
/** Base units of the denom (e.g. uatom). */
export type GetCosmosBalanceReturnType = bigint
export type GetCosmosBalanceErrorType = InvalidCosmosAddressError | Error

/** The balance of an address in one denom, as the chain's RPC reports it (x/bank `Balance`). */
export async function getCosmosBalance(
  parameters: GetCosmosBalanceParameters,
): Promise<GetCosmosBalanceReturnType> {
  const { chain, denom = chain.denom } = parameters
  const address = await validateCosmosAddress({
    address: parameters.address,
    bech32Prefix: chain.bech32Prefix,
  })
  // cosmjs is loaded on the first read, so a page that only shows the button never loads it.
  const { StargateClient } = await import('@cosmjs/stargate')
  const client = await StargateClient.connect(chain.rpcUrl)
  try {
    return BigInt((await client.getBalance(address, denom)).amount)
  } finally {
    client.disconnect()
  }
}
