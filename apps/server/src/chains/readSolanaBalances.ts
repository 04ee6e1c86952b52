import type { TokenBalance } from '@foyer/protocol'
import { formatUnits } from 'viem'
import { UpstreamUnavailableError } from '../errors.ts'
import type { SolanaChainConfig } from './types.ts'

export type ReadSolanaBalancesParameters = {
  chain: SolanaChainConfig
  /** Base58 owner address. */
  address: string
  /** Builds the icon URL of a token symbol. */
  tokenIconUrl: (symbol: string) => string
  timeoutMs?: number
}

/** The SPL Token program; Token-2022 accounts are not reported. */
const tokenProgramId = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const solDecimals = 9

type ParsedTokenAccount = {
  account: {
    data: { parsed: { info: { mint: string; tokenAmount: { amount: string } } } }
  }
}

/**
 * SOL and every listed SPL token with a non-zero balance, read from the network's JSON-RPC
 * (`getBalance`, `getTokenAccountsByOwner` jsonParsed) at `confirmed`. No price source covers a
 * Solana network here, so every entry is priced 0 with `priceSource: 'unavailable'`.
 */
export async function readSolanaBalances(
  parameters: ReadSolanaBalancesParameters,
): Promise<TokenBalance[]> {
  const { chain, address, tokenIconUrl, timeoutMs = 10_000 } = parameters
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    let response: Response
    try {
      response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new UpstreamUnavailableError({ cause: error, details: `${method} failed` })
    }
    const body = (await response.json().catch(() => undefined)) as
      | { result?: T; error?: { message?: string } }
      | undefined
    if (!response.ok || !body || body.error || body.result === undefined) {
      throw new UpstreamUnavailableError({
        details: `${method}: ${body?.error?.message ?? `HTTP ${response.status}`}`,
      })
    }
    return body.result
  }

  const [lamports, tokenAccounts] = await Promise.all([
    call<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]),
    chain.tokens.length === 0
      ? Promise.resolve({ value: [] as ParsedTokenAccount[] })
      : call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [
          address,
          { programId: tokenProgramId },
          { encoding: 'jsonParsed', commitment: 'confirmed' },
        ]),
  ])

  // An owner may hold one mint in several token accounts; its balance is their sum.
  const amountByMint = new Map<string, bigint>()
  for (const { account } of tokenAccounts.value) {
    const { mint, tokenAmount } = account.data.parsed.info
    amountByMint.set(mint, (amountByMint.get(mint) ?? 0n) + BigInt(tokenAmount.amount))
  }

  const unpriced = (
    entry: Omit<TokenBalance, 'value' | 'price' | 'priceSource' | 'quantity'> & {
      amount: bigint
      decimals: number
    },
  ): TokenBalance => {
    const { amount, decimals, ...rest } = entry
    return {
      ...rest,
      value: 0,
      price: 0,
      priceSource: 'unavailable',
      quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
    }
  }
  const balances: TokenBalance[] = [
    unpriced({
      name: 'Solana',
      symbol: 'SOL',
      chainId: chain.caipNetworkId,
      // `getBalance` answers lamports as a JSON number; u64 lamports fit below 2^53 in practice.
      amount: BigInt(lamports.value),
      decimals: solDecimals,
      iconUrl: tokenIconUrl('SOL'),
    }),
  ]
  for (const token of chain.tokens) {
    const amount = amountByMint.get(token.mint) ?? 0n
    if (amount === 0n) continue
    balances.push(
      unpriced({
        name: token.name,
        symbol: token.symbol,
        chainId: chain.caipNetworkId,
        address: `${chain.caipNetworkId}:${token.mint}`,
        amount,
        decimals: token.decimals,
        iconUrl: tokenIconUrl(token.symbol),
      }),
    )
  }
  return balances
}
