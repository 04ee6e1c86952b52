import type { Foyer } from '../createFoyer.ts'
import type { ConnectorNotFoundError, NotConnectedError } from '../errors/connection.ts'
import type { ChainNamespace } from '../types/network.ts'
import { getConnectedAccount } from './getConnectedAccount.ts'

export type SignMessageParameters = {
  /** Text, or `0x…` bytes on EVM. */
  message: string
  /** Sign with this namespace's connected account instead of the active one. */
  namespace?: ChainNamespace | undefined
}
export type SignMessageReturnType = string
export type SignMessageErrorType = NotConnectedError | ConnectorNotFoundError | Error

/**
 * Asks the connected wallet to sign a message with the active account, or with the account of
 * `namespace` (`personal_sign` on EVM, `solana:signMessage` on Solana), whichever connector it
 * came through.
 */
export async function signMessage(
  foyer: Foyer,
  { message, namespace }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  const { connector, address } = getConnectedAccount(foyer, namespace)
  if (connector.signMessage) return connector.signMessage({ message, address })
  return String(await connector.request({ method: 'personal_sign', params: [message, address] }))
}
