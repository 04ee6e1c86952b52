import type { FarcasterTestAccount } from './approveFarcasterSignIn.ts'

const privateKeyPattern = /^0x[0-9a-fA-F]{64}$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

/**
 * The Farcaster accounts of a parsed devnet JSON (`farcaster.accounts`, written by tools/devnet).
 * Devnet files from before the registries have none: that, or a malformed entry, gives fewer.
 */
export function readFarcasterAccounts(devnet: unknown): FarcasterTestAccount[] {
  const accounts = (devnet as { farcaster?: { accounts?: unknown } } | null)?.farcaster?.accounts
  if (!Array.isArray(accounts)) return []
  return accounts.flatMap((entry): FarcasterTestAccount[] => {
    const account = (entry ?? {}) as Record<string, unknown>
    const optional = (key: string, pattern?: RegExp) => {
      const value = account[key]
      return typeof value === 'string' && (!pattern || pattern.test(value)) ? value : undefined
    }
    if (
      !Number.isSafeInteger(account.fid) ||
      (account.fid as number) <= 0 ||
      typeof account.username !== 'string' ||
      typeof account.displayName !== 'string' ||
      typeof account.custodyPrivateKey !== 'string' ||
      !privateKeyPattern.test(account.custodyPrivateKey)
    ) {
      return []
    }
    const authPrivateKey = optional('authPrivateKey', privateKeyPattern)
    return [
      {
        fid: account.fid as number,
        username: account.username,
        displayName: account.displayName,
        pfpUrl: optional('pfpUrl'),
        custodyAddress: optional('custodyAddress', addressPattern) as `0x${string}` | undefined,
        custodyPrivateKey: account.custodyPrivateKey as `0x${string}`,
        authAddress: optional('authAddress', addressPattern) as `0x${string}` | undefined,
        authPrivateKey: authPrivateKey as `0x${string}` | undefined,
      },
    ]
  })
}
