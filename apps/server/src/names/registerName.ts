import { type NameProfile, registerNameMessageMaxAgeMs } from '@foyer/protocol'
import type { Kysely } from 'kysely'
import {
  type Address,
  type Hex,
  HttpRequestError,
  TimeoutError,
  BaseError as ViemBaseError,
  verifyMessage,
} from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { SignatureMismatchError } from './errors.ts'
import { storeRegistration } from './nameStore.ts'
import { parseRegistrationMessage } from './parseRegistrationMessage.ts'

export type RegisterNameParameters = {
  db: Kysely<Database>
  zone: string
  /**
   * The network whose contracts answer for smart-account signatures (ERC-1271, and ERC-6492 for
   * accounts not deployed yet): the zone's ENS network. Without one only EOA signatures verify.
   */
  chain: ChainRuntime | undefined
  projectId: string
  address: Address
  /** The signed text, `{ name, attributes?, timestamp }` as JSON. */
  message: string
  signature: Hex
  /** Unix milliseconds; default now. */
  now?: number | undefined
}

/**
 * Registers a name for `address`: the message must name a free (or the address's own) name of
 * the zone with a timestamp within 10 minutes, be signed by the address (`personal_sign`; a
 * smart account's ERC-1271 signature verifies on the zone's network), and not have been used
 * before. Refusals store nothing.
 */
export async function registerName(parameters: RegisterNameParameters): Promise<NameProfile> {
  const { db, zone, chain, projectId, address, message, signature } = parameters
  const now = parameters.now ?? Date.now()
  const parsed = parseRegistrationMessage({ message, zone, now })
  if (!(await verifySignature({ chain, address, message, signature })))
    throw new SignatureMismatchError()
  return storeRegistration({
    db,
    name: parsed.name,
    zone,
    projectId,
    address,
    attributes: parsed.attributes,
    message,
    messageExpiresAt: new Date(parsed.timestamp + registerNameMessageMaxAgeMs),
    now: new Date(now),
  })
}

async function verifySignature(parameters: {
  chain: ChainRuntime | undefined
  address: Address
  message: string
  signature: Hex
}): Promise<boolean> {
  const { chain, ...signed } = parameters
  try {
    // The public client's verifyMessage tries ERC-6492 / ERC-1271 on chain, then ECDSA recovery.
    return chain ? await chain.client.verifyMessage(signed) : await verifyMessage(signed)
  } catch (error) {
    // A node that does not answer is the node's failure (502), not a bad signature.
    const unreachable =
      error instanceof ViemBaseError &&
      error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)
    if (unreachable) throw error
    return false
  }
}
