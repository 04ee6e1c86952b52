import { RECENT_WALLETS_LIMIT } from '../constants.ts'

/** Puts `walletId` first, drops duplicates and keeps at most 2 (SPEC §5). */
export function addRecentWallet(
  recentWallets: readonly string[],
  walletId: string,
  limit: number = RECENT_WALLETS_LIMIT,
): string[] {
  return [walletId, ...recentWallets.filter((id) => id !== walletId)].slice(0, limit)
}
