import {
  type Address,
  bytesToBigInt,
  getAddress,
  type Hex,
  hashStruct,
  hashTypedData,
  type LocalAccount,
  parseAbi,
  type TypedDataDefinition,
} from 'viem'
import {
  decodeDelegations,
  encodeAllowedMethodsTerms,
  encodeAllowedTargetsTerms,
  encodeDelegations,
  encodeErc20TransferAmountTerms,
  encodeTimestampTerms,
  encodeValueLteTerms,
} from './caveatTerms.ts'
import type { SmartAccountNetwork } from './delegator.ts'

/** The authority of a delegation straight from the account (none above it in the chain). */
export const rootAuthority: Hex = `0x${'ff'.repeat(32)}`

/** A caveat of a delegation: an enforcer contract and the terms it checks on every redemption. */
export type SessionCaveat = { enforcer: Address; terms: Hex; args: Hex }

/** A delegation of MetaMask's Delegation Framework (`DelegationManager`'s struct). */
export type SessionDelegation = {
  delegate: Address
  delegator: Address
  authority: Hex
  caveats: SessionCaveat[]
  salt: bigint
  signature: Hex
}

/** The policies of a smart session, as its caveats enforce them on chain. */
export type SessionPolicies = {
  /** Unix seconds: redemptions are refused from then on (TimestampEnforcer). */
  expiry: number
  /** The only contracts it may call (AllowedTargetsEnforcer). */
  targets: Address[]
  /** The only functions, as 4-byte selectors (AllowedMethodsEnforcer). */
  selectors: Hex[]
  /** The most one token may move in all (ERC20TransferAmountEnforcer): then every call is a transfer of it. */
  tokenLimit?: { token: Address; allowance: bigint } | undefined
}

/** The functions of the DelegationManager the frame and the session key call. */
export const delegationManagerAbi = parseAbi([
  'struct Caveat { address enforcer; bytes terms; bytes args; }',
  'struct Delegation { address delegate; address delegator; bytes32 authority; Caveat[] caveats; uint256 salt; bytes signature; }',
  'function redeemDelegations(bytes[] _permissionContexts, bytes32[] _modes, bytes[] _executionCallDatas)',
  'function disableDelegation(Delegation _delegation)',
  'function disabledDelegations(bytes32 _delegationHash) view returns (bool)',
  'function getDelegationHash(Delegation _delegation) pure returns (bytes32)',
])

/** The DelegationManager's EIP-712 types of a delegation (caveat `args` are not signed). */
const delegationTypes = {
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
} as const

/**
 * The caveats of a session, every one checked by its enforcer before each redemption: it ends
 * at `expiry`, calls only `targets` and `selectors`, sends no Ether, and moves at most the token
 * limit in all.
 */
export function sessionCaveats(
  network: SmartAccountNetwork,
  policies: SessionPolicies,
): SessionCaveat[] {
  const { enforcers } = network
  const caveat = (enforcer: Address, terms: Hex): SessionCaveat => ({ enforcer, terms, args: '0x' })
  return [
    caveat(enforcers.timestamp, encodeTimestampTerms({ after: 0, before: policies.expiry })),
    caveat(enforcers.allowedTargets, encodeAllowedTargetsTerms(policies.targets)),
    caveat(enforcers.allowedMethods, encodeAllowedMethodsTerms(policies.selectors)),
    caveat(enforcers.valueLte, encodeValueLteTerms(0n)),
    ...(policies.tokenLimit
      ? [
          caveat(
            enforcers.erc20TransferAmount,
            encodeErc20TransferAmountTerms({
              token: policies.tokenLimit.token,
              maxAmount: policies.tokenLimit.allowance,
            }),
          ),
        ]
      : []),
  ]
}

/** A fresh delegation from the account to the session key (random salt: each grant is its own). */
export function createSessionDelegation(parameters: {
  network: SmartAccountNetwork
  delegator: Address
  delegate: Address
  policies: SessionPolicies
}): SessionDelegation {
  const salt = bytesToBigInt(crypto.getRandomValues(new Uint8Array(32)))
  return {
    delegate: getAddress(parameters.delegate),
    delegator: getAddress(parameters.delegator),
    authority: rootAuthority,
    caveats: sessionCaveats(parameters.network, parameters.policies),
    salt,
    signature: '0x',
  }
}

/** The delegation as the EIP-712 `Delegation` struct (caveat `args` are not part of it). */
function delegationMessage(delegation: SessionDelegation) {
  return {
    delegate: delegation.delegate,
    delegator: delegation.delegator,
    authority: delegation.authority,
    caveats: delegation.caveats.map(({ enforcer, terms }) => ({ enforcer, terms })),
    salt: delegation.salt,
  }
}

/** The EIP-712 data the account's owner signs for a delegation (the DelegationManager's domain). */
export function delegationTypedData(parameters: {
  chainId: number
  delegationManager: Address
  delegation: SessionDelegation
}) {
  const { chainId, delegationManager, delegation } = parameters
  return {
    domain: {
      name: 'DelegationManager',
      version: '1',
      chainId,
      verifyingContract: delegationManager,
    },
    types: delegationTypes,
    primaryType: 'Delegation',
    message: delegationMessage(delegation),
  } as const satisfies TypedDataDefinition
}

/**
 * The digest the DelegationManager asks the delegator to have signed (ERC-1271): the
 * HybridDeleGator accepts its owner's ECDSA signature of it.
 */
export function hashSessionDelegation(parameters: {
  chainId: number
  delegationManager: Address
  delegation: SessionDelegation
}): Hex {
  return hashTypedData(delegationTypedData(parameters))
}

/** The owner key's signature of the delegation, valid for its DeleGator through ERC-1271. */
export async function signSessionDelegation(parameters: {
  owner: LocalAccount
  chainId: number
  delegationManager: Address
  delegation: SessionDelegation
}): Promise<Hex> {
  return parameters.owner.signTypedData(delegationTypedData(parameters))
}

/** ERC-7715 `permissionsContext`: the delegation chain (leaf first) as `redeemDelegations` takes it. */
export function encodePermissionsContext(delegations: readonly SessionDelegation[]): Hex {
  return encodeDelegations(delegations)
}

/** The delegations of a `permissionsContext`; throws when it is not one. */
export function decodePermissionsContext(context: Hex): SessionDelegation[] {
  return decodeDelegations(context).map((delegation) => ({
    delegate: getAddress(delegation.delegate),
    delegator: getAddress(delegation.delegator),
    authority: delegation.authority,
    caveats: delegation.caveats.map((caveat) => ({
      enforcer: getAddress(caveat.enforcer),
      terms: caveat.terms,
      args: caveat.args,
    })),
    salt: delegation.salt,
    signature: delegation.signature,
  }))
}

/**
 * The delegation's hash as the DelegationManager keys it (`getDelegationHash`, `disabledDelegations`):
 * the session's permissions context id (`pci`).
 */
export function delegationHash(delegation: SessionDelegation): Hex {
  return hashStruct({
    types: delegationTypes,
    primaryType: 'Delegation',
    data: delegationMessage(delegation),
  })
}
