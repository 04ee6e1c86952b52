import type { EvmAccountRequiredError, WalletMethodNotSupportedError } from '../calls/errors.ts'
import { getEvmAccount } from '../calls/getEvmAccount.ts'
import { requestWallet } from '../calls/requestWallet.ts'
import type { Foyer } from '../createFoyer.ts'
import type { NotConnectedError } from '../errors/connection.ts'

export type RevokePermissionsParameters = {
  /** The session's `context`, as `grantPermissions` answered it (a Sessions entry's `context`). */
  permissionsContext: `0x${string}`
}
export type RevokePermissionsReturnType = undefined
export type RevokePermissionsErrorType =
  | WalletMethodNotSupportedError
  | EvmAccountRequiredError
  | NotConnectedError
  | Error

/**
 * Ends a session of the active smart account (ERC-7715 `wallet_revokePermissions`): the wallet
 * disables it on chain once the visitor approves, so its signer can do nothing more (the embedded
 * wallet also marks it revoked on the Foyer server, signed by the account).
 */
export async function revokePermissions(
  foyer: Foyer,
  { permissionsContext }: RevokePermissionsParameters,
): Promise<RevokePermissionsReturnType> {
  const { connector } = getEvmAccount(foyer)
  await requestWallet(connector, 'wallet_revokePermissions', [{ permissionsContext }])
  return undefined
}
