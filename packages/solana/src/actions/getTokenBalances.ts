import type { CaipNetwork } from '@foyer/core'
import type { Address } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { InvalidSolanaAddressError } from '../errors.ts'
import { createRpc } from './createRpc.ts'
import { toAddress } from './toAddress.ts'

export type GetTokenBalancesParameters = {
  network: CaipNetwork
  owner: string
  /** Only this token (mint address); every SPL token the owner holds otherwise. */
  mint?: string | undefined
}
export type SolanaTokenBalance = {
  mint: Address
  /** Base units, summed over every token account of the owner for this mint. */
  amount: bigint
  decimals: number
  /** The owner's token accounts for this mint, associated one included. */
  tokenAccounts: Address[]
}
export type GetTokenBalancesReturnType = SolanaTokenBalance[]
export type GetTokenBalancesErrorType = InvalidSolanaAddressError | Error

type ParsedTokenAccount = {
  mint: Address
  tokenAmount: { amount: string; decimals: number }
}

/**
 * SPL token balances of an owner from `getTokenAccountsByOwner` (jsonParsed), one entry per mint,
 * in the order the RPC lists them. Token-2022 accounts are not included.
 */
export async function getTokenBalances(
  parameters: GetTokenBalancesParameters,
): Promise<GetTokenBalancesReturnType> {
  const owner = toAddress(parameters.owner)
  const filter = parameters.mint
    ? { mint: toAddress(parameters.mint) }
    : { programId: TOKEN_PROGRAM_ADDRESS }
  const { value } = await createRpc(parameters)
    .getTokenAccountsByOwner(owner, filter, { encoding: 'jsonParsed', commitment: 'confirmed' })
    .send()
  const byMint = new Map<Address, SolanaTokenBalance>()
  for (const { pubkey, account } of value) {
    const info = account.data.parsed.info as unknown as ParsedTokenAccount
    const entry = byMint.get(info.mint) ?? {
      mint: info.mint,
      amount: 0n,
      decimals: info.tokenAmount.decimals,
      tokenAccounts: [],
    }
    entry.amount += BigInt(info.tokenAmount.amount)
    entry.tokenAccounts.push(pubkey)
    byMint.set(info.mint, entry)
  }
  return [...byMint.values()]
}
