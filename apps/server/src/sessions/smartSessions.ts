import {
  decodePermissionsContext,
  decodeTimestampTerms,
  delegationHash,
  hashSessionDelegation,
  type SessionDelegation,
} from '@foyer/frame'
import type { SmartAccountNetwork } from '@foyer/protocol'
import {
  type RegisterSessionBody,
  type Session,
  type SessionPermission,
  sessionRevokeMessage,
} from '@foyer/protocol'
import type { Kysely } from 'kysely'
import {
  type Address,
  getAddress,
  type Hex,
  HttpRequestError,
  isAddressEqual,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem'
import type { ChainRuntime } from '../chains/types.ts'
import type { Database } from '../db/schema.ts'
import { InvalidInputError, NotFoundError } from '../errors.ts'

/** `{id}` of `/v1/sessions/{id}`: the chain and the smart account. */
export type SessionAccount = { chainId: number; address: Address; id: string }

/** The CAIP-10 id, checked to be an EVM account; stored with the address lower-case. */
export function parseSessionAccount(id: string): SessionAccount {
  const [, chainId, address] = id.split(':') as [string, string, string]
  return {
    chainId: Number(chainId),
    address: getAddress(address),
    id: `eip155:${Number(chainId)}:${address.toLowerCase()}`,
  }
}

/** The chain and Delegation Framework of a session's account, or a 400 when the server has none. */
export function sessionNetwork(parameters: {
  account: SessionAccount
  chains: readonly ChainRuntime[]
  smartAccounts: readonly SmartAccountNetwork[]
}): { chain: ChainRuntime; network: SmartAccountNetwork } {
  const { account, chains, smartAccounts } = parameters
  const chain = chains.find((candidate) => candidate.config.chainId === account.chainId)
  const network = smartAccounts.find(
    (candidate) => candidate.chainId === `eip155:${account.chainId}`,
  )
  if (!chain || !network)
    throw new InvalidInputError(
      `chain ${account.chainId} has no smart accounts on this server`,
      'id',
    )
  return { chain, network }
}

/** The one delegation of a session's context, from `account`, or a 400. */
function sessionDelegationOf(context: Hex, account: SessionAccount): SessionDelegation {
  let delegations: SessionDelegation[]
  try {
    delegations = decodePermissionsContext(context)
  } catch {
    throw new InvalidInputError('context is not an encoded delegation chain', 'context')
  }
  const [delegation] = delegations
  if (!delegation || delegations.length !== 1)
    throw new InvalidInputError('context must hold exactly one delegation', 'context')
  if (!isAddressEqual(delegation.delegator, account.address))
    throw new InvalidInputError('the delegation is not from this account', 'context')
  return delegation
}

/** Whether the account signed `hash` (ERC-1271 / ERC-6492 on chain, else ECDSA). */
async function accountSigned(parameters: {
  chain: ChainRuntime
  address: Address
  verify: (client: ChainRuntime['client']) => Promise<boolean>
}): Promise<boolean> {
  try {
    return await parameters.verify(parameters.chain.client)
  } catch (error) {
    // A node that does not answer is the node's failure (502), not a bad signature.
    const unreachable =
      error instanceof ViemBaseError &&
      error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError)
    if (unreachable) throw error
    return false
  }
}

/**
 * Stores a granted session after checking it: the context is one delegation from the account,
 * signed for it (the DelegationManager's EIP-712 digest, verified through the account's ERC-1271
 * on its chain), and `expiry` is the one its timestamp caveat enforces. Registering the same
 * session again changes nothing. Answers its `pci` (the delegation's hash).
 */
export async function registerSmartSession(parameters: {
  db: Kysely<Database>
  account: SessionAccount
  chain: ChainRuntime
  network: SmartAccountNetwork
  projectId: string
  session: RegisterSessionBody
}): Promise<{ pci: Hex }> {
  const { db, account, chain, network, projectId, session } = parameters
  const delegation = sessionDelegationOf(session.context as Hex, account)
  const timestamp = delegation.caveats.find((caveat) =>
    isAddressEqual(caveat.enforcer, network.enforcers.timestamp as Address),
  )
  if (!timestamp || decodeTimestampTerms(timestamp.terms).before !== session.expiry)
    throw new InvalidInputError('expiry is not the one the delegation enforces', 'expiry')
  const hash = hashSessionDelegation({
    chainId: account.chainId,
    delegationManager: network.delegationManager as Address,
    delegation,
  })
  const signed = await accountSigned({
    chain,
    address: account.address,
    verify: (client) =>
      client.verifyHash({ address: account.address, hash, signature: delegation.signature }),
  })
  if (!signed) throw new InvalidInputError('the account did not sign this delegation', 'context')
  const pci = delegationHash(delegation).toLowerCase() as Hex
  await db
    .insertInto('smart_sessions')
    .values({
      account: account.id,
      pci,
      project_id: projectId,
      origin: session.origin,
      expiry: session.expiry,
      permissions: JSON.stringify(session.permissions),
      context: session.context.toLowerCase(),
      revoked_at: null,
    })
    .onConflict((conflict) => conflict.columns(['account', 'pci']).doNothing())
    .execute()
  return { pci }
}

/** The project's sessions of the account: active first, then newest first. */
export async function listSmartSessions(parameters: {
  db: Kysely<Database>
  account: SessionAccount
  projectId: string
  now?: number | undefined
}): Promise<Session[]> {
  const { db, account, projectId } = parameters
  const nowSeconds = Math.floor((parameters.now ?? Date.now()) / 1000)
  const rows = await db
    .selectFrom('smart_sessions')
    .selectAll()
    .where('account', '=', account.id)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .execute()
  const sessions = rows.map(
    (row): Session => ({
      pci: row.pci,
      projectId: row.project_id,
      origin: row.origin,
      expiry: Number(row.expiry),
      permissions: row.permissions as SessionPermission[],
      context: row.context,
      createdAt: new Date(row.created_at).toISOString(),
      revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
    }),
  )
  const active = (session: Session) => session.revokedAt === null && session.expiry > nowSeconds
  return [...sessions.filter(active), ...sessions.filter((session) => !active(session))]
}

/**
 * Marks a session revoked, with the account's own signature (EIP-191, ERC-1271 for the smart
 * account) of `sessionRevokeMessage(pci)`. Revoking it again keeps the first time.
 */
export async function revokeSmartSession(parameters: {
  db: Kysely<Database>
  account: SessionAccount
  chain: ChainRuntime
  projectId: string
  pci: Hex
  signature: Hex
}): Promise<{ pci: Hex; revokedAt: string }> {
  const { db, account, chain, projectId, signature } = parameters
  const pci = parameters.pci.toLowerCase() as Hex
  const row = await db
    .selectFrom('smart_sessions')
    .select(['revoked_at'])
    .where('account', '=', account.id)
    .where('pci', '=', pci)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) throw new NotFoundError('No such session')
  const signed = await accountSigned({
    chain,
    address: account.address,
    verify: (client) =>
      client.verifyMessage({
        address: account.address,
        message: sessionRevokeMessage(pci),
        signature,
      }),
  })
  if (!signed) throw new InvalidInputError('signature does not match account', 'signature')
  if (row.revoked_at) return { pci, revokedAt: new Date(row.revoked_at).toISOString() }
  const revokedAt = new Date()
  await db
    .updateTable('smart_sessions')
    .set({ revoked_at: revokedAt })
    .where('account', '=', account.id)
    .where('pci', '=', pci)
    .where('revoked_at', 'is', null)
    .execute()
  return { pci, revokedAt: revokedAt.toISOString() }
}
