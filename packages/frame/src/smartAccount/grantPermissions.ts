import {
  type Address,
  getAddress,
  type Hex,
  hexToBigInt,
  isAddress,
  isAddressEqual,
  isHex,
  toFunctionSelector,
  toHex,
} from 'viem'
import { BaseError } from '../errors.ts'
// A cycle with handleRpcRequest.ts, used only inside functions (never while modules load).
import { type RpcContext, RpcError } from '../frame/handleRpcRequest.ts'
import {
  isSmartAccountDeployed,
  prepareSmartAccountOperation,
  type SmartAccountClients,
  sendSignedUserOperation,
  signUserOperation,
} from './delegator.ts'
import {
  createSessionDelegation,
  delegationHash,
  encodePermissionsContext,
  type SessionPolicies,
  signSessionDelegation,
} from './sessionDelegation.ts'

/** From here on an allowance means "everything" (as approval cards call it): unbounded. */
const unlimitedAllowance = 2n ** 128n

/** The longest session the frame grants. */
export const maxSessionSeconds = 30 * 24 * 60 * 60

/**
 * ERC-7715's `permissions` capability (in `wallet_getCapabilities`, for the smart account on
 * networks with the Delegation Framework): the signers and permission types
 * `wallet_grantPermissions` accepts. Its `policies` must be empty (`policyTypes`): the limits are
 * in the permissions, and `enforcedPolicies` names what the account's caveats then enforce on
 * chain for every session (expiry always; contracts and functions; one token's allowance), with
 * the longest expiry granted.
 */
export const permissionsCapability = {
  supported: true,
  signerTypes: ['account', 'key'],
  keyTypes: ['secp256k1'],
  permissionTypes: ['contract-call', 'erc20-token-transfer'],
  policyTypes: [],
  enforcedPolicies: ['expiry', 'allowed-contracts', 'allowed-functions', 'erc20-token-allowance'],
  maxExpirySeconds: maxSessionSeconds,
} as const

/** An ERC-7715 permission the frame can enforce on chain. */
export type SessionPermission =
  | { type: 'contract-call'; data: { address: Address; functions: string[] } }
  | { type: 'erc20-token-transfer'; data: { address: Address; allowance: Hex } }

export type GrantPermissionsParameters = {
  chainId: Hex
  /** The smart account; default the visitor's. */
  address?: Address | undefined
  /** Unix seconds. */
  expiry: number
  signer:
    | { type: 'account'; data: { address: Address } }
    | { type: 'key'; data: { type: 'secp256k1'; id: Address } }
  permissions: SessionPermission[]
  policies?: [] | undefined
}

export type GrantPermissionsReturnType = {
  chainId: Hex
  /** The smart account that delegated. */
  address: Address
  expiry: number
  permissions: SessionPermission[]
  /** The encoded delegation chain the session key passes to `redeemDelegations`. */
  context: Hex
  signerMeta: { delegationManager: Address }
}

export type GrantPermissionsErrorType = RpcError

/** A granted session: the answer, and what the frame registers with the server. */
export type GrantedSession = GrantPermissionsReturnType & {
  /** The delegation's hash: the session's id (`pci`). */
  pci: Hex
}

const invalid = (message: string) => new RpcError(message, -32602)

/**
 * ERC-7715 `wallet_grantPermissions` for the visitor's smart account: a session key may call
 * the named contracts' named functions until `expiry`, moving at most each token's allowance,
 * enforced on chain by the Delegation Framework's caveats. A request the frame cannot bound (no
 * expiry, too long, no contract, an unbounded allowance) is refused before anything is shown.
 * Then the card; only after the visitor's Grant is the account deployed (when new: its first
 * user operation) and the delegation signed by the owner key.
 */
export async function grantPermissions(
  context: RpcContext,
  params: unknown,
): Promise<GrantedSession> {
  const request = parseGrantPermissionsRequest(params)
  const owner = context.address
  if (!owner) throw new RpcError('Not connected to email or social', 4100)
  const chainId = Number(hexToBigInt(request.chainId))
  const account = context.rpcUrls[chainId] ? await context.smartAccounts?.get(chainId) : undefined
  if (!account) throw new RpcError('Unsupported chain id', 5710, { details: `${chainId}` })
  if (request.address && !isAddressEqual(request.address, account.address))
    throw new RpcError('The address is not the connected account', 4100)
  const { network } = account.clients
  const signer =
    request.signer.type === 'account' ? request.signer.data.address : request.signer.data.id
  const policies = request.policies
  const delegation = createSessionDelegation({
    network,
    delegator: account.address,
    delegate: signer,
    policies,
  })
  const deployed = await isSmartAccountDeployed(account.clients.client, account.address)

  await context.approve({
    kind: 'evmPermissions',
    origin: context.origin,
    chainId,
    account: account.address,
    owner,
    signer,
    expiry: request.expiry,
    contracts: request.contracts,
    tokenLimits: policies.tokenLimit
      ? [{ token: policies.tokenLimit.token, allowance: policies.tokenLimit.allowance }]
      : [],
    revoke: false,
    deploysAccount: !deployed,
  })

  // The DelegationManager checks the signature through the account's ERC-1271, so it must exist.
  if (!deployed)
    await deployAccount(context, { clients: account.clients, owner, account: account.address })
  const signature = await context.withSigner(async ({ eip155 }) => {
    if (!isAddressEqual(eip155.address, owner))
      throw new RpcError('The address is not the connected account', 4100)
    return signSessionDelegation({
      owner: eip155,
      chainId,
      delegationManager: network.delegationManager,
      delegation,
    })
  })
  const signed = { ...delegation, signature }
  return {
    chainId: toHex(chainId),
    address: account.address,
    expiry: request.expiry,
    permissions: request.permissions,
    context: encodePermissionsContext([signed]),
    signerMeta: { delegationManager: network.delegationManager },
    pci: delegationHash(signed),
  }
}

/** How long the frame waits for an operation it sent to be included. */
const receiptTimeoutMs = 60_000

/**
 * Runs one user operation of the account (after the card the caller showed) and waits for it:
 * a call to itself with nothing in it when only the deployment is wanted.
 */
export async function runSmartAccountOperation(
  context: RpcContext,
  parameters: {
    clients: SmartAccountClients
    owner: Address
    account: Address
    calls: { to: Address; value: bigint; data: Hex }[]
  },
): Promise<Hex> {
  const { clients, owner, account, calls } = parameters
  const prepared = await prepareSmartAccountOperation({ clients, owner, sender: account, calls })
  const signature = await context.withSigner(async ({ eip155 }) => {
    if (!isAddressEqual(eip155.address, owner))
      throw new RpcError('The address is not the connected account', 4100)
    return signUserOperation({
      owner: eip155,
      chainId: clients.chainId,
      network: clients.network,
      userOperation: prepared.userOperation,
    })
  })
  const hash = await sendSignedUserOperation({
    clients,
    userOperation: prepared.userOperation,
    signature,
  })
  const receipt = await clients.bundler.waitForUserOperationReceipt({
    hash,
    timeout: receiptTimeoutMs,
  })
  if (!receipt.success) throw new RpcError('The user operation reverted', -32603, { details: hash })
  return receipt.receipt.transactionHash
}

function deployAccount(
  context: RpcContext,
  parameters: { clients: SmartAccountClients; owner: Address; account: Address },
) {
  return runSmartAccountOperation(context, {
    ...parameters,
    calls: [{ to: parameters.account, value: 0n, data: '0x' }],
  })
}

type ParsedGrantPermissionsRequest = {
  chainId: Hex
  address: Address | undefined
  expiry: number
  signer: GrantPermissionsParameters['signer']
  permissions: SessionPermission[]
  contracts: { address: Address; functions: { selector: Hex; signature?: string | undefined }[] }[]
  policies: SessionPolicies
}

/**
 * The request, checked: every rule that keeps a session bounded is enforced here, so nothing
 * unbounded ever reaches the card (ERC-7715 invalid params, -32602, with the reason).
 */
export function parseGrantPermissionsRequest(params: unknown): ParsedGrantPermissionsRequest {
  const request = (Array.isArray(params) ? params[0] : params) as
    | Record<string, unknown>
    | undefined
  if (!request || typeof request !== 'object') throw invalid('No permissions request')
  const { chainId, address, expiry, signer, permissions, policies } = request
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,15}$/.test(chainId))
    throw invalid('`chainId` must be a hex chain id')
  if (address !== undefined && (typeof address !== 'string' || !isAddress(address)))
    throw invalid('`address` must be an EVM address')
  if (expiry === undefined || expiry === null)
    throw invalid('A session needs an expiry (`expiry`, unix seconds)')
  if (typeof expiry !== 'number' || !Number.isSafeInteger(expiry))
    throw invalid('`expiry` must be unix seconds')
  const now = Math.floor(Date.now() / 1000)
  if (expiry <= now) throw invalid('The session’s expiry is in the past')
  if (expiry > now + maxSessionSeconds)
    throw invalid('A session lasts at most 30 days: `expiry` is too far ahead')
  const parsedSigner = parseSigner(signer)
  if (policies !== undefined && (!Array.isArray(policies) || policies.length > 0))
    throw invalid('`policies` are not supported: put the limits in `permissions`')
  if (!Array.isArray(permissions) || permissions.length === 0)
    throw invalid('`permissions` must list what the session may do')

  const contracts: ParsedGrantPermissionsRequest['contracts'] = []
  const tokenLimits: { token: Address; allowance: bigint }[] = []
  const parsedPermissions: SessionPermission[] = []
  for (const permission of permissions as unknown[]) {
    const { type, data } = (permission ?? {}) as { type?: unknown; data?: Record<string, unknown> }
    if (type === 'contract-call') {
      const target = data?.address
      if (typeof target !== 'string' || !isAddress(target))
        throw invalid('A contract-call permission needs the contract’s `address`')
      const functions = data?.functions
      if (!Array.isArray(functions) || functions.length === 0)
        throw invalid('A contract-call permission must name its `functions`')
      const parsed = functions.map(parseFunction)
      contracts.push({ address: getAddress(target), functions: parsed })
      parsedPermissions.push({
        type,
        data: { address: getAddress(target), functions: functions as string[] },
      })
    } else if (type === 'erc20-token-transfer') {
      const token = data?.address
      if (typeof token !== 'string' || !isAddress(token))
        throw invalid('An erc20-token-transfer permission needs the token’s `address`')
      const allowance = data?.allowance
      if (allowance === undefined)
        throw invalid('An erc20-token-transfer permission needs a bounded `allowance`')
      if (typeof allowance !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(allowance))
        throw invalid('`allowance` must be a hex amount in base units')
      const value = hexToBigInt(allowance as Hex)
      if (value === 0n || value >= unlimitedAllowance)
        throw invalid('The session’s token `allowance` must be a bounded, non-zero amount')
      tokenLimits.push({ token: getAddress(token), allowance: value })
      parsedPermissions.push({
        type,
        data: { address: getAddress(token), allowance: allowance as Hex },
      })
    } else {
      throw invalid(`Unsupported permission type: ${String(type)}`)
    }
  }
  if (contracts.length === 0)
    throw invalid('A session must name the contracts it may call (a contract-call permission)')
  if (tokenLimits.length > 1)
    throw invalid('A session limits one token: grant one session per token')
  const [tokenLimit] = tokenLimits
  // The transfer-amount enforcer lets only transfers of its token through: other contracts could
  // never be called, so such a request is a mistake the app should hear about.
  if (
    tokenLimit &&
    contracts.some((contract) => !isAddressEqual(contract.address, tokenLimit.token))
  )
    throw invalid('A session with a token limit may call only that token’s contract')
  const targets = [...new Set(contracts.map((contract) => contract.address))]
  const selectors = [
    ...new Set(contracts.flatMap((contract) => contract.functions.map((fn) => fn.selector))),
  ]
  return {
    chainId: chainId as Hex,
    address: address === undefined ? undefined : getAddress(address as string),
    expiry,
    signer: parsedSigner,
    permissions: parsedPermissions,
    contracts,
    policies: { expiry, targets, selectors, tokenLimit },
  }
}

function parseSigner(signer: unknown): GrantPermissionsParameters['signer'] {
  const { type, data } = (signer ?? {}) as { type?: unknown; data?: Record<string, unknown> }
  if (type === 'account' && typeof data?.address === 'string' && isAddress(data.address))
    return { type, data: { address: getAddress(data.address) } }
  if (
    type === 'key' &&
    data?.type === 'secp256k1' &&
    typeof data.id === 'string' &&
    isAddress(data.id)
  )
    return { type, data: { type: 'secp256k1', id: getAddress(data.id) } }
  throw invalid(
    '`signer` must be an account ({ type: "account", data: { address } }) or a secp256k1 key ({ type: "key", data: { type: "secp256k1", id: <its address> } })',
  )
}

/** `transfer(address,uint256)` or a `0x` 4-byte selector. */
function parseFunction(value: unknown): { selector: Hex; signature?: string | undefined } {
  if (typeof value === 'string' && isHex(value) && value.length === 10)
    return { selector: value.toLowerCase() as Hex }
  if (typeof value === 'string' && /^[A-Za-z_$][\w$]*\([\w,[\]() ]*\)$/.test(value.trim())) {
    try {
      const signature = value.replace(/\s+/g, '')
      return { selector: toFunctionSelector(signature), signature }
    } catch {
      // Falls through to the refusal below.
    }
  }
  throw invalid(`Not a function signature or 4-byte selector: ${String(value)}`)
}

/**
 * The RPC method: grants, then registers the session with the server's registry before the app
 * gets it. A session the registry does not list would be one the visitor can neither see nor
 * revoke in the Sessions view, so a registry that cannot be reached or refuses fails the grant
 * with its reason: the signed delegation never leaves the frame, and without it nothing can be
 * redeemed (at most the account was deployed, which it keeps).
 */
export async function walletGrantPermissions(
  context: RpcContext,
  params: unknown,
): Promise<GrantPermissionsReturnType> {
  const { pci: _pci, ...granted } = await grantPermissions(context, params)
  await context.sessions
    ?.register({
      chainId: Number(hexToBigInt(granted.chainId)),
      account: granted.address,
      origin: context.origin,
      expiry: granted.expiry,
      permissions: granted.permissions,
      context: granted.context,
    })
    .catch((cause: unknown) => {
      throw new RpcError(`The session was not granted: ${registryReason(cause)}`, -32603, {
        cause: cause as Error,
      })
    })
  return granted
}

/** Why the registry failed, in a few words for the app and the visitor. */
export function registryReason(cause: unknown): string {
  const message =
    cause instanceof BaseError ? cause.shortMessage : ((cause as Error)?.message ?? String(cause))
  // The registry's own words begin with a capital; mid-sentence they should not.
  return message.charAt(0).toLowerCase() + message.slice(1)
}
