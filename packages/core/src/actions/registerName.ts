import { createRegisterNameMessage, type NameProfile, nameLabelProblem } from '@foyer/protocol'
import { ApiRequestError } from '../api/errors.ts'
import { getApiClient } from '../api/getApiClient.ts'
import type { Foyer } from '../createFoyer.ts'
import { NotConnectedError } from '../errors/connection.ts'
import { InvalidNameError, NamesNotSupportedError, RegisterNameError } from '../names/errors.ts'
import { getNameZone } from './getNameZone.ts'
import { loadProfile } from './loadProfile.ts'
import { signMessage } from './signMessage.ts'

export type RegisterNameParameters = {
  /** The label (`alice`); the server's zone is appended. */
  label: string
  avatar?: string | undefined
}
export type RegisterNameReturnType = NameProfile
export type RegisterNameErrorType =
  | NotConnectedError
  | InvalidNameError
  | NamesNotSupportedError
  | RegisterNameError

/**
 * Registers `<label>.<zone>` for the connected EVM address: the wallet signs the registration
 * message (the name and the time), the server checks the signature and stores the name, which
 * any ENS client then resolves. The account's profile name follows.
 */
export async function registerName(
  foyer: Foyer,
  parameters: RegisterNameParameters,
): Promise<RegisterNameReturnType> {
  const state = foyer.getState()
  const address = state.account.address
  if (!address) throw new NotConnectedError()
  if (state.activeNetwork.chainNamespace !== 'eip155') throw new NamesNotSupportedError()
  const label = parameters.label.trim().toLowerCase()
  const problem = nameLabelProblem(label)
  if (problem) throw new InvalidNameError(problem)
  const zone = await getNameZone(foyer)
  const name = `${label}.${zone}`
  const message = createRegisterNameMessage({
    name,
    attributes: parameters.avatar ? { avatar: parameters.avatar } : undefined,
  })
  let signature: string
  try {
    signature = await signMessage(foyer, { message })
  } catch (error) {
    // The visitor's "no" stays a rejection (EIP-1193 4001), not a failed registration.
    if (error instanceof Error && error.name === 'UserRejectedRequestError') throw error
    throw new RegisterNameError(name, { cause: error })
  }
  let profile: NameProfile
  try {
    profile = await getApiClient(foyer).request('postProfileAccount', {
      body: { coin_type: 60, address, message, signature },
    })
  } catch (error) {
    throw new RegisterNameError(name, {
      cause: error,
      details: error instanceof ApiRequestError ? error.serverMessage : undefined,
    })
  }
  await loadProfile(foyer, { force: true }).catch(() => undefined)
  return profile
}
