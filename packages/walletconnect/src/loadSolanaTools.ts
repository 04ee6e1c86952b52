/** The connector's Solana code with `@solana/kit` and `@foyer/solana`, fetched on first use only. */
export const loadSolanaTools = () => import('./solanaTools.ts')

export type SolanaTools = Awaited<ReturnType<typeof loadSolanaTools>>
