import {
  type Address,
  concat,
  decodeAbiParameters,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  type Hex,
  hexToBigInt,
  hexToNumber,
  numberToHex,
  size,
  slice,
} from 'viem'
import { BaseError } from '../errors.ts'

/*
 * The terms of the Delegation Framework's caveat enforcers, as each enforcer's `getTermsInfo`
 * reads them (packed, not abi-encoded), and the delegation chain encoding `redeemDelegations`
 * takes. Written with viem rather than `@metamask/delegation-core` so the frame does not carry
 * `@metamask/utils`; caveatTerms.test.ts checks both encode the same bytes.
 */

/** TimestampEnforcer: `uint128 after ‖ uint128 before` (unix seconds; 0 = no bound). */
export function encodeTimestampTerms(terms: { after: number; before: number }): Hex {
  return encodePacked(['uint128', 'uint128'], [BigInt(terms.after), BigInt(terms.before)])
}

export function decodeTimestampTerms(terms: Hex): { after: number; before: number } {
  if (size(terms) !== 32) throw new BaseError('Timestamp terms are 32 bytes')
  return { after: hexToNumber(slice(terms, 0, 16)), before: hexToNumber(slice(terms, 16, 32)) }
}

/** AllowedTargetsEnforcer: the addresses, 20 bytes each. */
export function encodeAllowedTargetsTerms(targets: readonly Address[]): Hex {
  if (targets.length === 0) throw new BaseError('At least one target')
  return concat(targets.map((target) => target.toLowerCase() as Hex))
}

export function decodeAllowedTargetsTerms(terms: Hex): Address[] {
  if (size(terms) === 0 || size(terms) % 20 !== 0) throw new BaseError('Targets are 20 bytes each')
  return Array.from({ length: size(terms) / 20 }, (_, index) =>
    getAddress(slice(terms, index * 20, index * 20 + 20)),
  )
}

/** AllowedMethodsEnforcer: the 4-byte selectors. */
export function encodeAllowedMethodsTerms(selectors: readonly Hex[]): Hex {
  if (selectors.length === 0) throw new BaseError('At least one selector')
  return concat(selectors.map((selector) => selector.toLowerCase() as Hex))
}

export function decodeAllowedMethodsTerms(terms: Hex): Hex[] {
  if (size(terms) === 0 || size(terms) % 4 !== 0) throw new BaseError('Selectors are 4 bytes each')
  return Array.from({ length: size(terms) / 4 }, (_, index) =>
    slice(terms, index * 4, index * 4 + 4),
  )
}

/** ValueLteEnforcer: `uint256 maxValue` (wei per call). */
export function encodeValueLteTerms(maxValue: bigint): Hex {
  return numberToHex(maxValue, { size: 32 })
}

/** ERC20TransferAmountEnforcer: `address token ‖ uint256 maxAmount` (in all, across calls). */
export function encodeErc20TransferAmountTerms(terms: { token: Address; maxAmount: bigint }): Hex {
  return encodePacked(['address', 'uint256'], [terms.token, terms.maxAmount])
}

export function decodeErc20TransferAmountTerms(terms: Hex): { token: Address; maxAmount: bigint } {
  if (size(terms) !== 52) throw new BaseError('ERC-20 transfer amount terms are 52 bytes')
  return { token: getAddress(slice(terms, 0, 20)), maxAmount: hexToBigInt(slice(terms, 20, 52)) }
}

/** The DelegationManager's `Delegation[]` as abi-encoded in a permissions context. */
const delegationsParameter = [
  {
    type: 'tuple[]',
    components: [
      { name: 'delegate', type: 'address' },
      { name: 'delegator', type: 'address' },
      { name: 'authority', type: 'bytes32' },
      {
        name: 'caveats',
        type: 'tuple[]',
        components: [
          { name: 'enforcer', type: 'address' },
          { name: 'terms', type: 'bytes' },
          { name: 'args', type: 'bytes' },
        ],
      },
      { name: 'salt', type: 'uint256' },
      { name: 'signature', type: 'bytes' },
    ],
  },
] as const

export type EncodedDelegation = {
  delegate: Address
  delegator: Address
  authority: Hex
  caveats: readonly { enforcer: Address; terms: Hex; args: Hex }[]
  salt: bigint
  signature: Hex
}

export function encodeDelegations(delegations: readonly EncodedDelegation[]): Hex {
  return encodeAbiParameters(delegationsParameter, [delegations])
}

export function decodeDelegations(encoded: Hex): EncodedDelegation[] {
  const [delegations] = decodeAbiParameters(delegationsParameter, encoded)
  return delegations.map((delegation) => ({ ...delegation, caveats: [...delegation.caveats] }))
}
