import type {
  EvmAccountRequiredError,
  InvalidPermissionsRequestError,
  WalletMethodNotSupportedError,
} from '../calls/errors.ts'
import { InvalidWalletAnswerError } from '../calls/errors.ts'
import { getEvmAccount, toQuantity } from '../calls/getEvmAccount.ts'
import {
  assertBoundedPermissions,
  fromRpcPermission,
  type Permission,
  type RpcPermission,
  toRpcPermission,
} from '../calls/permissions.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type GrantPermissionsParameters = {
  /** Unix seconds; in the future and at most 30 days away. */
  expiry: number
  /** Who may use the session: an account (e.g. the app's server) or a key. */
  signer:
    | { type: 'account'; data: { address: `0x${string}` } }
    | { type: 'key'; data: { type: 'secp256k1'; id: `0x${string}` } }
  permissions: readonly Permission[]
  /** Default: the active network. */
  chainId?: number | undefined
}
export type GrantPermissionsReturnType = {
  chainId: number
  /** The smart account that granted the session. */
  address: `0x${string}`
  expiry: number
  permissions: Permission[]
  /** ERC-7715 `permissionsContext`: what the session signer redeems, and what revokes it. */
  context: `0x${string}`
  signerMeta?: { delegationManager?: `0x${string}` } | undefined
}
export type GrantPermissionsErrorType =
  | InvalidPermissionsRequestError
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * Asks the active smart account for a session (ERC-7715 `wallet_grantPermissions`): a signer
 * that may call the listed contracts and move at most the listed token amounts until `expiry`,
 * without asking the visitor again; the smart account enforces the limits on chain. A session
 * without an expiry, a permission, or with an unbounded token limit is refused before the wallet
 * is asked. The embedded wallet records its sessions on the Foyer server, so the dialog lists them
 * (Manage smart sessions) and the visitor can revoke them.
 */
export async function grantPermissions(
  foyer: Foyer,
  { expiry, signer, permissions, chainId }: GrantPermissionsParameters,
): Promise<GrantPermissionsReturnType> {
  assertBoundedPermissions({ expiry, permissions }, Math.floor(Date.now() / 1000))
  const account = getEvmAccount(foyer)
  const answer = (await requestWallet(account.connector, 'wallet_grantPermissions', [
    {
      chainId: toQuantity(chainId ?? account.chainId),
      address: account.address,
      expiry,
      signer,
      permissions: permissions.map(toRpcPermission),
    },
  ])) as {
    chainId?: string
    address?: `0x${string}`
    expiry?: number
    permissions?: RpcPermission[]
    context?: `0x${string}`
    signerMeta?: GrantPermissionsReturnType['signerMeta']
  } | null
  if (!answer || typeof answer.context !== 'string')
    throw new InvalidWalletAnswerError({
      method: 'wallet_grantPermissions',
      details: 'No context.',
    })
  const granted: GrantPermissionsReturnType = {
    chainId: answer.chainId ? Number(BigInt(answer.chainId)) : (chainId ?? account.chainId),
    address: answer.address ?? account.address,
    expiry: answer.expiry ?? expiry,
    permissions: (answer.permissions ?? permissions.map(toRpcPermission)).map(fromRpcPermission),
    context: answer.context,
    ...(answer.signerMeta ? { signerMeta: answer.signerMeta } : {}),
  }
  return granted
}
