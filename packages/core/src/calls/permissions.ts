import { InvalidPermissionsRequestError } from './errors.ts'

/** ERC-7715 permission types the embedded smart account enforces on chain. */
export type Permission =
  | {
      type: 'contract-call'
      /** The contract and its functions (`'transfer(address,uint256)'` or `0x` selectors). */
      data: { address: `0x${string}`; functions: readonly string[] }
    }
  | {
      type: 'erc20-token-transfer'
      /** The token and the most its session may move in all, in base units. */
      data: { address: `0x${string}`; allowance: bigint }
    }

/** The permission as JSON-RPC carries it (amounts as hex quantities). */
export type RpcPermission =
  | Extract<Permission, { type: 'contract-call' }>
  | { type: 'erc20-token-transfer'; data: { address: `0x${string}`; allowance: `0x${string}` } }

/** The most a session may ever last (the embedded wallet refuses longer ones too). */
export const MAX_SESSION_SECONDS = 30 * 24 * 60 * 60

/** At least this many base units is "unlimited": more than any real balance (2^128). */
const UNBOUNDED_ALLOWANCE = 2n ** 128n

/**
 * Refuses, before the wallet is asked, a session that would be unbounded: no future expiry (or
 * one beyond 30 days), no contract it may call, or a token limit that is zero or unlimited
 * (2^128 base units or more, the maximum approval among them). `now` in unix seconds.
 */
export function assertBoundedPermissions(
  { expiry, permissions }: { expiry: unknown; permissions: readonly Permission[] },
  now: number,
): void {
  if (typeof expiry !== 'number' || !Number.isInteger(expiry) || expiry <= now)
    throw new InvalidPermissionsRequestError({
      details: 'The session needs an expiry in the future.',
    })
  if (expiry > now + MAX_SESSION_SECONDS)
    throw new InvalidPermissionsRequestError({ details: 'A session lasts 30 days at most.' })
  if (!permissions.some((permission) => permission.type === 'contract-call'))
    throw new InvalidPermissionsRequestError({
      details: 'The session must name the contracts it may call (a contract-call permission).',
    })
  for (const permission of permissions) {
    if (permission.type !== 'erc20-token-transfer') continue
    const { allowance } = permission.data
    if (typeof allowance !== 'bigint' || allowance <= 0n || allowance >= UNBOUNDED_ALLOWANCE)
      throw new InvalidPermissionsRequestError({
        details: `The limit of ${permission.data.address} must be a bounded amount.`,
      })
  }
}

export function toRpcPermission(permission: Permission): RpcPermission {
  return permission.type === 'erc20-token-transfer'
    ? {
        type: permission.type,
        data: {
          address: permission.data.address,
          allowance: `0x${permission.data.allowance.toString(16)}`,
        },
      }
    : permission
}

export function fromRpcPermission(permission: RpcPermission): Permission {
  return permission.type === 'erc20-token-transfer'
    ? {
        type: permission.type,
        data: { address: permission.data.address, allowance: BigInt(permission.data.allowance) },
      }
    : permission
}

/** CAIP-10 id of an EVM account on a chain: the server keys sessions by it. */
export const toCaip10 = (chainId: number, address: string) => `eip155:${chainId}:${address}`
