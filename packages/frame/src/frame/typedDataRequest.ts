import { type Hex, isAddress, isAddressEqual, type TypedDataDefinition } from 'viem'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError } from './handleRpcRequest.ts'

/**
 * The typed data of an `eth_signTypedData_v4` request (a JSON string or an object), without
 * `EIP712Domain` among its types (implied by `domain`; viem refuses it there).
 */
export function parseTypedDataParam(typedData: unknown): TypedDataDefinition {
  let definition: TypedDataDefinition
  try {
    definition = (
      typeof typedData === 'string' ? JSON.parse(typedData) : typedData
    ) as TypedDataDefinition
  } catch (error) {
    throw new RpcError('Invalid params', -32602, { details: (error as Error).message })
  }
  if (!definition || typeof definition !== 'object' || typeof definition.types !== 'object')
    throw new RpcError('Invalid params', -32602, { details: 'Typed data has no types' })
  const { EIP712Domain: _, ...types } = definition.types as Record<string, unknown>
  return { ...definition, types } as TypedDataDefinition
}

/**
 * The owner key also signs the smart account's user operations (EIP-712, the account as the
 * verifying contract) and its delegations (the DelegationManager's domain). Typed data for
 * either, asked for by an app, would hand it the account's funds or an unbounded session, so it
 * is refused before any card: those are signed only through `wallet_sendCalls` and
 * `wallet_grantPermissions`, whose cards say what they do.
 */
export async function assertNotSmartAccountInternal(
  context: RpcContext,
  typedData: TypedDataDefinition,
): Promise<void> {
  const verifyingContract = (typedData.domain as { verifyingContract?: unknown } | undefined)
    ?.verifyingContract
  if (typeof verifyingContract !== 'string' || !isAddress(verifyingContract, { strict: false }))
    return
  const smartAccounts = context.smartAccounts
  if (!smartAccounts) return
  const accounts = await Promise.all(
    smartAccounts.chainIds.map((chainId) => smartAccounts.get(chainId).catch(() => undefined)),
  )
  const internal = accounts.some(
    (account) =>
      account &&
      (isAddressEqual(account.address, verifyingContract as Hex) ||
        isAddressEqual(account.clients.network.delegationManager, verifyingContract as Hex)),
  )
  if (internal)
    throw new RpcError(
      'Typed data of the smart account’s own operations or delegations is not signed on request',
      4100,
      {
        details:
          'Send calls with wallet_sendCalls and ask for sessions with wallet_grantPermissions',
      },
    )
}
