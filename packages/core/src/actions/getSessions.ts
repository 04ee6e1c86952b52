import type { Session } from '@foyer/protocol'
import type { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { EvmAccountRequiredError } from '../calls/errors.ts'
import { getEvmAccount } from '../calls/getEvmAccount.ts'
import {
  fromRpcPermission,
  type Permission,
  type RpcPermission,
  toCaip10,
} from '../calls/permissions.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'
import { createNetworkClient, tokenContractAddress } from '../send/publicClient.ts'

export type GetSessionsParameters = {
  /** Default: the active account. */
  address?: string | undefined
  /** Default: the active network. */
  chainId?: number | undefined
  /** Also the revoked and expired ones (default: only the active ones). */
  includeInactive?: boolean | undefined
}
/** What the token of a limit calls itself on chain (undefined when it could not be read). */
export type SessionToken = { symbol: string; decimals: number }
export type SmartSession = Omit<Session, 'permissions'> & {
  permissions: Permission[]
  /** Per token address (lower case) of an `erc20-token-transfer` limit: its symbol and decimals. */
  tokens: Record<string, SessionToken | undefined>
}
export type GetSessionsReturnType = SmartSession[]
export type GetSessionsErrorType = ApiRequestError | EvmAccountRequiredError | NotConnectedError

/**
 * The smart sessions the account granted (SPEC §1 "Manage smart sessions"), from the Foyer server
 * (`GET /v1/sessions/{caip10}`): the app origin, expiry, allowed contracts and functions and the
 * token limits of each. Only the active ones unless `includeInactive`.
 */
export async function getSessions(
  foyer: Foyer,
  { address, chainId, includeInactive = false }: GetSessionsParameters = {},
): Promise<GetSessionsReturnType> {
  const account = address === undefined || chainId === undefined ? getEvmAccount(foyer) : undefined
  const id = toCaip10(chainId ?? account!.chainId, address ?? account!.address)
  const { sessions } = await getApiClient(foyer).request('getSessions', { params: { id } })
  const now = Date.now() / 1000
  const shown = sessions
    .filter((session) => includeInactive || (!session.revokedAt && session.expiry > now))
    .map((session) => ({
      ...session,
      permissions: (session.permissions as RpcPermission[]).map(fromRpcPermission),
    }))
  const tokens = await readTokens(
    foyer,
    shown.flatMap((session) =>
      session.permissions.flatMap((permission) =>
        permission.type === 'erc20-token-transfer' ? [permission.data.address.toLowerCase()] : [],
      ),
    ),
  )
  return shown.map((session) => ({
    ...session,
    tokens: Object.fromEntries(
      session.permissions.flatMap((permission) =>
        permission.type === 'erc20-token-transfer'
          ? [
              [
                permission.data.address.toLowerCase(),
                tokens.get(permission.data.address.toLowerCase()),
              ],
            ]
          : [],
      ),
    ),
  }))
}

const erc20MetadataAbi = [
  {
    type: 'function',
    name: 'symbol',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'string' }],
  },
  {
    type: 'function',
    name: 'decimals',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint8' }],
  },
] as const

/** Symbol and decimals of each token, read from the active network (limits show in tokens, not base units). */
async function readTokens(foyer: Foyer, addresses: readonly string[]) {
  const found = new Map<string, SessionToken | undefined>()
  const unique = [...new Set(addresses)]
  if (unique.length === 0) return found
  const network = foyer.getState().activeNetwork
  const client = await createNetworkClient(network).catch(() => undefined)
  await Promise.all(
    unique.map(async (address) => {
      const known = foyer
        .getState()
        .account.tokenBalance.find(
          (token) => token.address && tokenContractAddress(token.address).toLowerCase() === address,
        )
      if (known) {
        found.set(address, { symbol: known.symbol, decimals: Number(known.quantity.decimals) })
        return
      }
      if (!client) return
      const read = (functionName: 'symbol' | 'decimals') =>
        client.readContract({
          address: address as `0x${string}`,
          abi: erc20MetadataAbi,
          functionName,
        })
      const [symbol, decimals] = await Promise.all([read('symbol'), read('decimals')]).catch(() => [
        undefined,
        undefined,
      ])
      if (typeof symbol === 'string' && typeof decimals === 'number')
        found.set(address, { symbol, decimals })
    }),
  )
  return found
}
