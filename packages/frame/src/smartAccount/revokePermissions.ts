import { sessionRevokeMessage } from '@foyer/protocol'
import { encodeFunctionData, type Hex, isAddressEqual, isHex, toFunctionSelector } from 'viem'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError } from '../frame/handleRpcRequest.ts'
import {
  decodeAllowedMethodsTerms,
  decodeAllowedTargetsTerms,
  decodeErc20TransferAmountTerms,
  decodeTimestampTerms,
} from './caveatTerms.ts'
import { registryReason, runSmartAccountOperation } from './grantPermissions.ts'
import {
  decodePermissionsContext,
  delegationHash,
  delegationManagerAbi,
  type SessionDelegation,
} from './sessionDelegation.ts'

export type RevokePermissionsParameters = { permissionsContext: Hex; chainId?: Hex | undefined }
export type RevokePermissionsReturnType = {
  /** The revoked delegation's hash (the session's `pci`). */
  pci: Hex
  /**
   * The transaction that included the revoking user operation; undefined when the session was
   * already disabled on chain (revoked again because the server had not heard of it).
   */
  transactionHash: Hex | undefined
  chainId: number
  /** The smart account that had granted the session. */
  account: Hex
}
export type RevokePermissionsErrorType = RpcError

/**
 * `wallet_revokePermissions({ permissionsContext })`: a session the visitor's smart account
 * granted is shown on a card (key, expiry, contracts, limits, read back from the delegation
 * itself), then disabled on chain by one user operation calling
 * `DelegationManager.disableDelegation`: every later redemption of it reverts.
 */
export async function revokePermissions(
  context: RpcContext,
  params: unknown,
): Promise<RevokePermissionsReturnType> {
  const request = (Array.isArray(params) ? params[0] : params) as
    | { permissionsContext?: unknown; chainId?: unknown }
    | undefined
  const permissionsContext = request?.permissionsContext
  if (typeof permissionsContext !== 'string' || !isHex(permissionsContext))
    throw new RpcError('`permissionsContext` must be the hex context of a granted session', -32602)
  let delegations: SessionDelegation[]
  try {
    delegations = decodePermissionsContext(permissionsContext)
  } catch {
    throw new RpcError('`permissionsContext` is not a delegation chain', -32602)
  }
  const [delegation] = delegations
  if (!delegation || delegations.length !== 1)
    throw new RpcError('`permissionsContext` must hold the one delegation of a session', -32602)
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)
  const chainIdParam = request?.chainId
  if (
    chainIdParam !== undefined &&
    !(typeof chainIdParam === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(chainIdParam))
  )
    throw new RpcError('`chainId` must be a hex chain id', -32602)
  const chainId = chainIdParam === undefined ? context.chainId : Number(chainIdParam)
  const account = context.rpcUrls[chainId] ? await context.smartAccounts?.get(chainId) : undefined
  if (!account) throw new RpcError('Unsupported chain id', 5710, { details: `${chainId}` })
  // Only the account's own sessions: the DelegationManager would refuse others anyway.
  if (!isAddressEqual(delegation.delegator, account.address))
    throw new RpcError('The session was not granted by the connected account', 4100)
  const { network } = account.clients

  await context.approve({
    kind: 'evmPermissions',
    origin: context.origin,
    chainId,
    account: account.address,
    owner,
    signer: delegation.delegate,
    ...describeCaveats(delegation, network.enforcers),
    revoke: true,
    deploysAccount: false,
  })
  const pci = delegationHash(delegation)
  // Revoked on chain before and not in the server's list then: only the list is left to update
  // (`disableDelegation` would revert AlreadyDisabled).
  const disabled = await account.clients.client.readContract({
    address: network.delegationManager,
    abi: delegationManagerAbi,
    functionName: 'disabledDelegations',
    args: [pci],
  })
  if (disabled) return { pci, transactionHash: undefined, chainId, account: account.address }
  const transactionHash = await runSmartAccountOperation(context, {
    clients: account.clients,
    owner,
    account: account.address,
    calls: [
      {
        to: network.delegationManager,
        value: 0n,
        data: encodeFunctionData({
          abi: delegationManagerAbi,
          functionName: 'disableDelegation',
          args: [delegation],
        }),
      },
    ],
  })
  return { pci, transactionHash, chainId, account: account.address }
}

/** Functions the card names rather than showing their selector. */
const erc20Signatures = [
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
]

/** The policies a session's caveats enforce, read back for the card. */
function describeCaveats(
  delegation: SessionDelegation,
  enforcers: { timestamp: Hex; allowedTargets: Hex; allowedMethods: Hex; erc20TransferAmount: Hex },
) {
  let expiry = 0
  let targets: Hex[] = []
  let selectors: Hex[] = []
  const tokenLimits: { token: Hex; allowance: bigint }[] = []
  for (const caveat of delegation.caveats) {
    if (isAddressEqual(caveat.enforcer, enforcers.timestamp))
      expiry = decodeTimestampTerms(caveat.terms).before
    else if (isAddressEqual(caveat.enforcer, enforcers.allowedTargets))
      targets = decodeAllowedTargetsTerms(caveat.terms)
    else if (isAddressEqual(caveat.enforcer, enforcers.allowedMethods))
      selectors = decodeAllowedMethodsTerms(caveat.terms)
    else if (isAddressEqual(caveat.enforcer, enforcers.erc20TransferAmount)) {
      const terms = decodeErc20TransferAmountTerms(caveat.terms)
      tokenLimits.push({ token: terms.token, allowance: terms.maxAmount })
    }
  }
  return {
    expiry,
    contracts: targets.map((address) => ({
      address,
      functions: selectors.map((selector) => ({
        selector,
        signature: erc20Signatures.find((signature) => toFunctionSelector(signature) === selector),
      })),
    })),
    tokenLimits,
  }
}

/**
 * The RPC method: revokes on chain, then has the server's registry mark the session revoked
 * with the account's signature of `sessionRevokeMessage(pci)`. The chain refuses the session
 * from then on whatever the registry does; a registry that cannot be reached or refuses still
 * fails the request, saying so, because its list would go on showing the session as active.
 * Revoking it again then only updates the list. Answers `{}` (ERC-7715).
 */
export async function walletRevokePermissions(
  context: RpcContext,
  params: unknown,
): Promise<Record<string, never>> {
  const { pci, chainId, account } = await revokePermissions(context, params)
  const { sessions } = context
  if (sessions) {
    // HybridDeleGator's ERC-1271 accepts its owner's ECDSA signature of the message's hash.
    const signature = await context.withSigner(({ eip155 }) =>
      eip155.signMessage({ message: sessionRevokeMessage(pci) }),
    )
    await sessions.revoke({ chainId, account, pci, signature }).catch((cause: unknown) => {
      throw new RpcError(
        `The session is revoked on chain, but the server still lists it: ${registryReason(cause)}`,
        -32603,
        { cause: cause as Error },
      )
    })
  }
  return {}
}
