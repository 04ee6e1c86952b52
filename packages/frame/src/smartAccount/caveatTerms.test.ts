import {
  createAllowedMethodsTerms,
  createAllowedTargetsTerms,
  createERC20TransferAmountTerms,
  createTimestampTerms,
  createValueLteTerms,
  encodeDelegations as encodeDelegationsWithCore,
  hashDelegation,
  ROOT_AUTHORITY,
} from '@metamask/delegation-core'
import { describe, expect, it } from 'vitest'
import {
  decodeAllowedMethodsTerms,
  decodeAllowedTargetsTerms,
  decodeDelegations,
  decodeErc20TransferAmountTerms,
  decodeTimestampTerms,
  encodeAllowedMethodsTerms,
  encodeAllowedTargetsTerms,
  encodeDelegations,
  encodeErc20TransferAmountTerms,
  encodeTimestampTerms,
  encodeValueLteTerms,
} from './caveatTerms.ts'
import { delegationHash, rootAuthority, type SessionDelegation } from './sessionDelegation.ts'

const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const other = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const delegation: SessionDelegation = {
  delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  delegator: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  authority: rootAuthority,
  caveats: [
    { enforcer: other, terms: encodeAllowedTargetsTerms([token]), args: '0x' },
    { enforcer: token, terms: encodeValueLteTerms(0n), args: '0x1234' },
  ],
  salt: 123456789n,
  signature: `0x${'ab'.repeat(65)}`,
}

/** The same bytes, whatever the case of their hex. */
const sameBytes = (actual: string, expected: string) =>
  expect(actual.toLowerCase()).toBe(expected.toLowerCase())

// MetaMask's own encoders (delegation-core, the framework's SDK) are the reference.
describe('caveat terms and delegations', () => {
  it('encodes every enforcer’s terms as MetaMask’s SDK does, and reads them back', () => {
    sameBytes(
      encodeTimestampTerms({ after: 0, before: 1_900_000_000 }),
      createTimestampTerms({ afterThreshold: 0, beforeThreshold: 1_900_000_000 }),
    )
    expect(decodeTimestampTerms(encodeTimestampTerms({ after: 5, before: 1_900_000_000 }))).toEqual(
      { after: 5, before: 1_900_000_000 },
    )
    sameBytes(
      encodeAllowedTargetsTerms([token, other]),
      createAllowedTargetsTerms({ targets: [token, other] }),
    )
    expect(decodeAllowedTargetsTerms(encodeAllowedTargetsTerms([token, other]))).toEqual([
      token,
      other,
    ])
    sameBytes(
      encodeAllowedMethodsTerms(['0xa9059cbb', '0x095ea7b3']),
      createAllowedMethodsTerms({ selectors: ['0xa9059cbb', '0x095ea7b3'] }),
    )
    expect(decodeAllowedMethodsTerms(encodeAllowedMethodsTerms(['0xa9059cbb']))).toEqual([
      '0xa9059cbb',
    ])
    sameBytes(encodeValueLteTerms(0n), createValueLteTerms({ maxValue: 0n }))
    sameBytes(
      encodeErc20TransferAmountTerms({ token, maxAmount: 10_000_000n }),
      createERC20TransferAmountTerms({ tokenAddress: token, maxAmount: 10_000_000n }),
    )
    expect(
      decodeErc20TransferAmountTerms(encodeErc20TransferAmountTerms({ token, maxAmount: 7n })),
    ).toEqual({ token, maxAmount: 7n })
  })

  it('encodes, decodes and hashes a delegation as the DelegationManager does', () => {
    expect(rootAuthority).toBe(ROOT_AUTHORITY)
    const encoded = encodeDelegations([delegation])
    sameBytes(encoded, encodeDelegationsWithCore([delegation]))
    expect(decodeDelegations(encoded)).toEqual([delegation])
    expect(delegationHash(delegation)).toBe(hashDelegation(delegation))
  })

  it('refuses terms of the wrong length', () => {
    expect(() => decodeTimestampTerms('0x1234')).toThrow()
    expect(() => decodeAllowedTargetsTerms('0x')).toThrow()
    expect(() => decodeErc20TransferAmountTerms(`0x${'00'.repeat(51)}`)).toThrow()
  })
})
